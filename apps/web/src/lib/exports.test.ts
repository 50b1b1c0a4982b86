import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EXPORT_KINDS, type ExportProgress, exportUrl, exportWithNotice, formatBytes, progressPercent } from "./exports.ts";
import { localeResources } from "./test-texts.ts";

/**
 * The one export action, without a browser: fetch answers a stubbed Response, the saved file is
 * what reaches a fake anchor through URL.createObjectURL, and the notices are recorded.
 */

type Tree = { [key: string]: string | Tree };
const resources = await localeResources();
const lookup = (tree: Tree, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Tree)[part] : undefined), tree);
const english = (key: string) => String(lookup(resources.en as Tree, key) ?? `<missing ${key}>`);

let saved: { name: string; blob: Blob }[];
let blobs: Map<string, Blob>;

beforeEach(() => {
  saved = [];
  blobs = new Map();
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    const address = `blob:test/${blobs.size}`;
    blobs.set(address, blob as Blob);
    return address;
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
  const link = { href: "", download: "", click: () => saved.push({ name: link.download, blob: blobs.get(link.href) as Blob }), remove: () => undefined };
  vi.stubGlobal("document", { createElement: () => link, body: { append: () => undefined } });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A body sent in chunks; `breakAfter` chunks, the stream errors as an aborted connection does. */
function chunked(chunks: string[], breakAfter?: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (breakAfter !== undefined && sent === breakAfter) return controller.error(new TypeError("network error"));
      const next = chunks[sent++];
      if (next === undefined) return controller.close();
      controller.enqueue(new TextEncoder().encode(next));
    },
  });
}

function answer(body: ReadableStream<Uint8Array> | string, init: { status?: number; headers?: Record<string, string> } = {}) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body, { status: init.status ?? 200, headers: init.headers }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function run(kind: (typeof EXPORT_KINDS)[number] = "payments") {
  const notices = { success: vi.fn(), failure: vi.fn() };
  const progress: ExportProgress[] = [];
  const done = exportWithNotice("/api/billing/orders/export?format=csv&language=en", kind, "payments.csv", {
    notices,
    t: english,
    onProgress: (step) => progress.push({ ...step }),
  });
  return { done, notices, progress };
}

describe("the export action", () => {
  it("fetches with the session cookie, reports progress per chunk, saves the file under the server's name and says so", async () => {
    const fetch = answer(chunked(["name,amount\r\n", "Ana,10\r\n", "Luis,20\r\n"]), {
      headers: { "content-length": "30", "content-type": "text/csv", "content-disposition": 'attachment; filename="payments-2026-12-01.csv"' },
    });
    const { done, notices, progress } = run();
    expect(await done).toBe(true);
    expect(fetch).toHaveBeenCalledWith("/api/billing/orders/export?format=csv&language=en", expect.objectContaining({ credentials: "include" }));
    expect(progress).toEqual([
      { loaded: 0, total: 30 },
      { loaded: 13, total: 30 },
      { loaded: 21, total: 30 },
      { loaded: 30, total: 30 },
    ]);
    expect(progress.map(progressPercent)).toEqual([0, 43, 70, 100]);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe("payments-2026-12-01.csv");
    expect(await saved[0]?.blob.text()).toBe("name,amount\r\nAna,10\r\nLuis,20\r\n");
    expect(notices.success).toHaveBeenCalledWith("Payments exported successfully");
    expect(notices.failure).not.toHaveBeenCalled();
  });

  it("counts bytes without a percentage when the size is unknown, and falls back to its own file name", async () => {
    answer(chunked(["a", "bc"]));
    const { done, progress } = run();
    expect(await done).toBe(true);
    expect(progress.at(-1)).toEqual({ loaded: 3, total: null });
    expect(progressPercent({ loaded: 3, total: null })).toBeNull();
    expect(saved[0]?.name).toBe("payments.csv");
  });

  it("saves nothing and shows the §8 error notice when the server refuses", async () => {
    answer(JSON.stringify({ detail: "Not found" }), { status: 404, headers: { "content-type": "application/json" } });
    const { done, notices } = run();
    expect(await done).toBe(false);
    expect(saved).toEqual([]);
    expect(notices.failure).toHaveBeenCalledWith("An error occurred while exporting the file");
    expect(notices.success).not.toHaveBeenCalled();
  });

  it("saves nothing when the connection fails or the body is cut off mid-way", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await run().done).toBe(false);

    answer(chunked(["name,amount\r\n", "Ana,10\r\n"], 1), { headers: { "content-length": "30" } });
    const aborted = run();
    expect(await aborted.done).toBe(false);
    expect(aborted.progress.at(-1)).toEqual({ loaded: 13, total: 30 });

    // Ended cleanly but short of the announced size: not the whole file either.
    answer(chunked(["name,amount\r\n"]), { headers: { "content-length": "30" } });
    const short = run();
    expect(await short.done).toBe(false);
    expect(short.notices.failure).toHaveBeenCalledWith("An error occurred while exporting the file");
    expect(saved).toEqual([]);
  });

  it("builds the list's address with its format, language, search and filters", () => {
    expect(exportUrl("/api/staff/export", "xlsx", "es-ES", " ana ", { clinic: "3", active: undefined })).toBe(
      "/api/staff/export?format=xlsx&language=en&q=ana&clinic=3",
    );
    expect(exportUrl("/api/staff/export", "csv", "es", "", {})).toBe("/api/staff/export?format=csv&language=es");
    expect(formatBytes(1_250_000, "en")).toBe("1.3 MB");
    expect(formatBytes(850, "en")).toBe("850 byte");
  });
});

describe("the export notices' texts", () => {
  it.each(["en", "es"] as const)("has every kind's success notice and the error notice in %s", (language) => {
    const tree = resources[language] as Tree;
    for (const kind of EXPORT_KINDS) expect(lookup(tree, `exports.done.${kind}`), `${language} exports.done.${kind}`).toEqual(expect.any(String));
    expect(lookup(tree, "exports.failed")).toEqual(expect.any(String));
    expect(Object.keys(lookup(tree, "exports.done") as Tree).sort()).toEqual([...EXPORT_KINDS].sort());
  });

  it("speaks §8's English texts", () => {
    expect(english("exports.failed")).toBe("An error occurred while exporting the file");
    expect(EXPORT_KINDS.map((kind) => english(`exports.done.${kind}`))).toEqual([
      "Payments exported successfully",
      "Statistics exported successfully",
      "Form results exported successfully",
      "Patients exported successfully",
      "Therapists exported successfully",
      "Products exported successfully",
      "Audit records exported successfully",
      "Bookings exported successfully",
      "Booking report exported successfully",
      "Clients exported successfully",
      "Lists exported successfully",
      "Initiatives exported successfully",
      "Calls exported successfully",
      "Events exported successfully",
      "Registrations exported successfully",
      "Costs exported successfully",
      "Checklists exported successfully",
      // The insurance quoter's quotes, then the product quoter's.
      "Quotes exported successfully",
      "Quotes exported successfully",
      // The AI chat widget's conversation logs.
      "Conversations exported successfully",
    ]);
  });
});
