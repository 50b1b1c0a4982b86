import type { Config } from "../../../config.ts";

/**
 * The WhatsApp Cloud API as the chat calls it (issue 41.3). Meta maintains no Node SDK for the
 * Cloud API (its old `whatsapp` npm package is archived), so this is plain `fetch` against
 * `${WHATSAPP_GRAPH_URL}/${WHATSAPP_GRAPH_VERSION}`; tests point that URL at a local fake
 * (test/graph-fake.ts), so nothing reaches the internet.
 */

export type WhatsAppSettings = NonNullable<Config["whatsapp"]>;

/** Graph's error codes worth another try: throttling, temporary outages, "try again later". */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056]);
/** Network failures that happened before the request could reach Graph: nothing was sent. */
const NOT_CONNECTED_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);
/** A Graph call answered within this, or it counts as a network failure. */
const CALL_TIMEOUT_MS = 30_000;

/**
 * A failed Graph call. `retryable`: worth trying again later (429, 5xx, a connection that never
 * opened, Graph's temporary codes). `ambiguous`: the request left but no answer came back (a
 * timeout, a reset): Graph may have sent the message, so it must not be sent again.
 */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
    readonly retryable: boolean,
    readonly ambiguous = false,
  ) {
    super(message);
  }
}

interface GraphErrorBody {
  error?: { message?: string; code?: number; error_subcode?: number; error_data?: { details?: string } };
}

async function errorOf(response: Response): Promise<GraphError> {
  let body: GraphErrorBody = {};
  try {
    body = (await response.json()) as GraphErrorBody;
  } catch {
    // Not JSON (a proxy's page): the status decides.
  }
  const error = body.error ?? {};
  const code = typeof error.code === "number" ? error.code : null;
  const message = error.error_data?.details || error.message || `WhatsApp answered HTTP ${response.status}.`;
  const retryable = response.status === 429 || response.status >= 500 || (code !== null && RETRYABLE_CODES.has(code));
  return new GraphError(message, response.status, code, retryable);
}

function networkError(error: unknown): GraphError {
  const cause = (error as { cause?: { code?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code ?? "";
  if (NOT_CONNECTED_CODES.has(code)) return new GraphError(`WhatsApp could not be reached (${code}).`, null, null, true);
  return new GraphError(`The call to WhatsApp broke off (${code || (error as Error).name}).`, null, null, false, true);
}

export interface SentMessage {
  /** WhatsApp's id of the message sent (wamid…). */
  wamid: string;
}

export interface MediaInfo {
  url: string;
  mimeType: string;
}

export interface GraphClient {
  sendText(phoneNumberId: string, to: string, body: string, ourMessageId: number): Promise<SentMessage>;
  /** Uploads the bytes to WhatsApp (POST /{phone-number-id}/media), then sends the message by the media id. */
  sendMedia(
    phoneNumberId: string,
    to: string,
    media: { kind: "image" | "document" | "audio"; bytes: Buffer; mime: string; filename: string; caption: string },
    ourMessageId: number,
  ): Promise<SentMessage>;
  sendTemplate(
    phoneNumberId: string,
    to: string,
    template: { name: string; language: string; variables: readonly string[] },
    ourMessageId: number,
  ): Promise<SentMessage>;
  /** Tells WhatsApp the business read an incoming message (the contact sees blue ticks). */
  markRead(phoneNumberId: string, wamid: string): Promise<void>;
  /** GET /{media-id}: where an incoming media's bytes are, for a few minutes. */
  mediaUrl(mediaId: string): Promise<MediaInfo>;
  /** The bytes at a media url (with the bearer token, as Graph asks). */
  download(url: string, maxBytes: number): Promise<Buffer>;
}

/** WhatsApp wants the recipient's digits without the `+`. */
const digitsOf = (phone: string) => phone.replace(/\D/g, "");

export function createGraphClient(settings: WhatsAppSettings): GraphClient {
  const base = `${settings.graphUrl}/${settings.graphVersion}`;
  const authorization = `Bearer ${settings.accessToken}`;

  async function call(url: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers: { authorization, ...(init.headers ?? {}) }, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    } catch (error) {
      throw networkError(error);
    }
    if (!response.ok) throw await errorOf(response);
    return response;
  }

  async function json<T>(url: string, init: RequestInit): Promise<T> {
    const response = await call(url, init);
    try {
      return (await response.json()) as T;
    } catch {
      // Graph took the call but its answer is unreadable: what it did is unknown.
      throw new GraphError("WhatsApp's answer could not be read.", response.status, null, false, true);
    }
  }

  async function sendMessage(phoneNumberId: string, to: string, content: Record<string, unknown>, ourMessageId: number): Promise<SentMessage> {
    const answer = await json<{ messages?: { id?: string }[] }>(`${base}/${encodeURIComponent(phoneNumberId)}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: digitsOf(to),
        ...content,
        // Comes back on every status webhook: finds our message even if this answer is lost.
        biz_opaque_callback_data: String(ourMessageId),
      }),
    });
    const wamid = answer.messages?.[0]?.id;
    if (!wamid) throw new GraphError("WhatsApp's answer named no message id.", 200, null, false, true);
    return { wamid };
  }

  return {
    sendText: (phoneNumberId, to, body, ourMessageId) => sendMessage(phoneNumberId, to, { type: "text", text: { body, preview_url: false } }, ourMessageId),

    async sendMedia(phoneNumberId, to, media, ourMessageId) {
      const form = new FormData();
      form.append("messaging_product", "whatsapp");
      form.append("type", media.mime);
      form.append("file", new Blob([new Uint8Array(media.bytes)], { type: media.mime }), media.filename);
      const uploaded = await json<{ id?: string }>(`${base}/${encodeURIComponent(phoneNumberId)}/media`, { method: "POST", body: form });
      if (!uploaded.id) throw new GraphError("WhatsApp's answer to the media upload named no id.", 200, null, true);
      const caption = media.caption.trim();
      const object: Record<string, string> = { id: uploaded.id };
      // Audio takes no caption; a document keeps its file name.
      if (media.kind !== "audio" && caption) object.caption = caption;
      if (media.kind === "document") object.filename = media.filename;
      return sendMessage(phoneNumberId, to, { type: media.kind, [media.kind]: object }, ourMessageId);
    },

    sendTemplate: (phoneNumberId, to, template, ourMessageId) =>
      sendMessage(
        phoneNumberId,
        to,
        {
          type: "template",
          template: {
            name: template.name,
            language: { code: template.language },
            components: template.variables.length ? [{ type: "body", parameters: template.variables.map((text) => ({ type: "text", text })) }] : [],
          },
        },
        ourMessageId,
      ),

    async markRead(phoneNumberId, wamid) {
      await call(`${base}/${encodeURIComponent(phoneNumberId)}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ messaging_product: "whatsapp", status: "read", message_id: wamid }),
      });
    },

    async mediaUrl(mediaId) {
      const answer = await json<{ url?: string; mime_type?: string }>(`${base}/${encodeURIComponent(mediaId)}`, { method: "GET" });
      if (!answer.url) throw new GraphError("WhatsApp named no url for the media.", 200, null, true);
      return { url: answer.url, mimeType: answer.mime_type ?? "application/octet-stream" };
    },

    async download(url, maxBytes) {
      const response = await call(url, { method: "GET" });
      const declared = Number(response.headers.get("content-length") ?? 0);
      if (declared > maxBytes) throw new GraphError("The media is too large to keep.", response.status, null, false);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > maxBytes) throw new GraphError("The media is too large to keep.", response.status, null, false);
      return bytes;
    },
  };
}
