import type { PushPayload } from "@clinic/shared";

/**
 * Push services take at most 4096 bytes of encrypted payload (RFC 8291 adds 86 bytes and padding
 * to the plain text); 3000 bytes of JSON leaves room, whatever the language's characters weigh.
 */
export const PUSH_PAYLOAD_MAX_BYTES = 3000;
/** A notification shows a line of title and a few of body: longer texts are cut there first. */
const TITLE_MAX = 120;
const BODY_MAX = 600;
const TAG_MAX = 64;
const LINK_MAX = 500;

const clip = (text: string, max: number) => {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
};
const bytesOf = (payload: PushPayload) => Buffer.byteLength(JSON.stringify(payload), "utf8");

/** The JSON the service worker reads, within PUSH_PAYLOAD_MAX_BYTES: the body gives way first, then the title. */
export function pushPayload(input: PushPayload): PushPayload {
  // A link is a path of the app (notifications.link's rule); anything else is left out rather than opened.
  const link = input.link?.startsWith("/") && !input.link.startsWith("//") && input.link.length <= LINK_MAX ? input.link : null;
  const payload = { title: clip(input.title, TITLE_MAX), body: clip(input.body, BODY_MAX), link, tag: clip(input.tag, TAG_MAX) };
  while (bytesOf(payload) > PUSH_PAYLOAD_MAX_BYTES && payload.body.length > 1) payload.body = clip(payload.body, Math.floor([...payload.body].length / 2));
  while (bytesOf(payload) > PUSH_PAYLOAD_MAX_BYTES && payload.title.length > 1) payload.title = clip(payload.title, Math.floor([...payload.title].length / 2));
  return payload;
}
