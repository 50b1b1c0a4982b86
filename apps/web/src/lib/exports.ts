import { dispositionFilename } from "./api.ts";

/**
 * The one export action of the web app (issue 33): every CSV/XLSX export is fetched, read with
 * progress, saved under the server's file name, and answered by a §8 notice. A failed request,
 * or a body cut off mid-way, saves nothing: the file exists only once every byte has arrived.
 */

/** What an export holds; each kind has its §8 notice, "<Kind> exported successfully" (exports.done.<kind>). */
export const EXPORT_KINDS = [
  "payments",
  "statistics",
  "formResults",
  "patients",
  "therapists",
  "products",
  "audit",
  "bookings",
  "bookingReport",
  "crmClients",
  "crmLists",
  "crmInitiatives",
  "crmCalls",
  "events",
  "eventRegistrations",
  "eventCosts",
  "eventChecklists",
  "quotes",
  "productQuotes",
  "aiConversations",
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** How far a download has got: bytes so far, and the whole size when the server said it. */
export interface ExportProgress {
  loaded: number;
  total: number | null;
}

/** The share done (0–100), or null while the size is unknown (or compression makes the count exceed it). */
export function progressPercent(progress: ExportProgress): number | null {
  if (!progress.total || progress.loaded > progress.total) return null;
  return Math.floor((progress.loaded / progress.total) * 100);
}

/** An export that did not arrive whole: a refusal (status), no connection (0) or a body cut off. */
export class ExportFailure extends Error {
  constructor(readonly status: number) {
    super(`The export failed (${status}).`);
  }
}

/** The address of an export: the list's own path with its format, language, search and filters. */
export function exportUrl(path: string, format: string, language: string, search: string, filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams({ format, language: language === "es" ? "es" : "en" });
  if (search.trim()) params.set("q", search.trim());
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return `${path}?${params}`;
}

/** Hands a finished file to the browser as a download, through an object URL freed once the click is handled. */
export function saveBlob(blob: Blob, filename: string): void {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

/**
 * Downloads an export and saves it: the session cookie goes with it, progress is reported per
 * chunk, and any failure throws ExportFailure before anything is saved. Answers the file's name.
 */
export async function runExport(url: string, fallbackName: string, onProgress: (progress: ExportProgress) => void): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "include", cache: "no-store" });
  } catch {
    throw new ExportFailure(0);
  }
  if (!response.ok) throw new ExportFailure(response.status);
  const size = Number(response.headers.get("content-length"));
  const total = Number.isFinite(size) && size > 0 ? size : null;
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress({ loaded, total });
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        loaded += value.byteLength;
        onProgress({ loaded, total });
      }
    } catch {
      // The server aborted the connection mid-file: what arrived is not the file.
      throw new ExportFailure(response.status);
    }
  }
  // A body shorter than announced is a cut-off file too (a proxy may end it cleanly).
  if (total !== null && loaded < total) throw new ExportFailure(response.status);
  const filename = dispositionFilename(response.headers.get("content-disposition")) ?? fallbackName;
  saveBlob(new Blob(chunks as BlobPart[], { type: response.headers.get("content-type") ?? "application/octet-stream" }), filename);
  return filename;
}

/** The notices an export answers with (lib/notices.tsx). */
export interface ExportNotices {
  success: (message: string) => unknown;
  failure: (message: string) => unknown;
}

/**
 * An export with its §8 notice: "<Kind> exported successfully" once saved, or "An error occurred
 * while exporting the file". `t` is read when the download ends, so a language switched meanwhile
 * speaks in the notice. Answers whether the file was saved.
 */
export async function exportWithNotice(
  url: string,
  kind: ExportKind,
  fallbackName: string,
  deps: { notices: ExportNotices; t: (key: string) => string; onProgress: (progress: ExportProgress) => void },
): Promise<boolean> {
  try {
    await runExport(url, fallbackName, deps.onProgress);
  } catch {
    deps.notices.failure(deps.t("exports.failed"));
    return false;
  }
  deps.notices.success(deps.t(`exports.done.${kind}`));
  return true;
}

/** Bytes as the reader's language writes a size: "850 kB", "1.2 MB". */
export function formatBytes(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, "megabyte"] : bytes >= 1000 ? [bytes / 1000, "kilobyte"] : [bytes, "byte"];
  return new Intl.NumberFormat(language, { style: "unit", unit, maximumFractionDigits: 1 }).format(value);
}
