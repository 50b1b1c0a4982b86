/** A failed call: its HTTP status and the body of the error contract (ARCHITECTURE.md). */
export class ApiError extends Error {
  /**
   * The answer's X-Request-Id (or the body's `requestId` of a 500/503): the reference a user
   * quotes, which leads to the server's log lines (their `reqId`).
   */
  readonly requestId: string | null;

  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    requestId: string | null = null,
  ) {
    super(typeof body.detail === "string" ? body.detail : typeof body.message === "string" ? body.message : `HTTP ${status}`);
    this.requestId = requestId ?? (typeof body.requestId === "string" ? body.requestId : null);
  }

  /** 400 bodies map field → messages; anything else is not field-level. */
  get fieldErrors(): Record<string, string[]> {
    if (this.status !== 400) return {};
    const fields: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(this.body)) {
      if (key !== "detail" && Array.isArray(value)) fields[key] = value.map(String);
    }
    return fields;
  }
}

/**
 * The request id a user can quote for a failure of the server (500, 503), which support finds
 * as `reqId` in the logs; null for other failures, which the user can act on themself.
 */
export function failureReference(failure: unknown): string | null {
  if (!(failure instanceof ApiError) || (failure.status !== 500 && failure.status !== 503)) return null;
  return failure.requestId;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** An answer's body: its JSON, a text that is not JSON as its `detail`, null when empty. */
export function bodyOf(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { detail: text };
  }
}

/** A patient's device copy of their reads (lib/offline): kept from each answer, recalled when the server is out of reach. */
export interface DeviceReads {
  keep(path: string, data: unknown): void;
  recall(path: string): Promise<unknown>;
}
let deviceReads: DeviceReads | null = null;
export const setDeviceReads = (reads: DeviceReads | null) => {
  deviceReads = reads;
};

/** Every call of the web app: JSON in and out, the session cookie, errors as ApiError. */
export async function api<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    const kept = method === "GET" ? await deviceReads?.recall(path) : undefined;
    if (kept !== undefined) return kept as T;
    throw new ApiError(0, { detail: "The server could not be reached." });
  }
  const parsed = bodyOf(await response.text());
  if (!response.ok) {
    const errorBody = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
    throw new ApiError(response.status, errorBody, response.headers.get("x-request-id"));
  }
  if (method === "GET") deviceReads?.keep(path, parsed);
  return parsed as T;
}

/** The file name a `Content-Disposition` header gives (`filename*=UTF-8''…` first), or null. */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? null;
}

/**
 * A call that answers a file (a PDF report): the same session cookie, JSON body and ApiError
 * contract as `api`, the answer as a Blob with the name the server gives it.
 */
/** The ApiError of an answer that is not 2xx, read from its JSON error body (a text body as its `detail`). */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const parsed = bodyOf(await response.text());
  return new ApiError(response.status, parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {}, response.headers.get("x-request-id"));
}

export async function download(method: Method, path: string, body?: unknown): Promise<{ blob: Blob; filename: string | null }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, { detail: "The server could not be reached." });
  }
  if (!response.ok) throw await apiErrorOf(response);
  return { blob: await response.blob(), filename: dispositionFilename(response.headers.get("content-disposition")) };
}

export const get = <T>(path: string, signal?: AbortSignal) => api<T>("GET", path, undefined, signal);
export const post = <T>(path: string, body?: unknown) => api<T>("POST", path, body ?? {});
export const put = <T>(path: string, body?: unknown) => api<T>("PUT", path, body ?? {});
export const del = <T>(path: string) => api<T>("DELETE", path);

/**
 * A multipart upload (files): the same session cookie and ApiError contract as `api`, with
 * upload progress (0–1) reported as the bytes leave, which `fetch` cannot do.
 */
export function upload<T>(path: string, formData: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", path);
    request.withCredentials = true;
    request.setRequestHeader("accept", "application/json");
    if (onProgress) {
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    request.onerror = () => reject(new ApiError(0, { detail: "The server could not be reached." }));
    request.onload = () => {
      const parsed = bodyOf(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(parsed as T);
      else
        reject(
          new ApiError(
            request.status,
            parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {},
            request.getResponseHeader("x-request-id"),
          ),
        );
    };
    request.send(formData);
  });
}

/**
 * The editor's upload of spec §7 (`POST /api/uploads/`): a form with `archivo` (the file),
 * `nombre` (its name) and `archivo_tipo` (its kind). Activity pictures and the upload picker use it.
 */
export function uploadEditorFile<T>(file: File, name: string, kind: string, onProgress?: (fraction: number) => void): Promise<T> {
  const form = new FormData();
  form.append("nombre", name);
  form.append("archivo_tipo", kind);
  form.append("archivo", file);
  return upload<T>("/api/uploads/", form, onProgress);
}
