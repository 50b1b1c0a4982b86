import type { ImportProgress } from "@clinic/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pollImportProgress, progressPercent } from "./import-progress.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("progressPercent", () => {
  it("is the share of rows written, 100 when done, 0 without a total", () => {
    expect(progressPercent({ phase: "writing", done: 250, total: 1000 })).toBe(25);
    expect(progressPercent({ phase: "writing", done: 1, total: 3 })).toBe(33);
    expect(progressPercent({ phase: "done", done: 0, total: 0 })).toBe(100);
    expect(progressPercent({ phase: "checking", done: 0, total: 0 })).toBe(0);
  });
});

describe("pollImportProgress", () => {
  it("asks every interval, skips a 404 before the import starts, and stops when told", async () => {
    vi.useFakeTimers();
    const answers: (ImportProgress | null)[] = [null, { phase: "writing", done: 250, total: 600 }, { phase: "done", done: 600, total: 600 }];
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (path: string) => {
        asked.push(path);
        const answer = answers.shift() ?? null;
        return answer ? new Response(JSON.stringify(answer), { status: 200 }) : new Response(JSON.stringify({ detail: "Not found" }), { status: 404 });
      }),
    );
    const seen: ImportProgress[] = [];
    const stop = pollImportProgress("/api/shop/imports/x/progress", (progress) => seen.push(progress), 500);
    await vi.advanceTimersByTimeAsync(499);
    expect(asked).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual(["/api/shop/imports/x/progress"]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual([
      { phase: "writing", done: 250, total: 600 },
      { phase: "done", done: 600, total: 600 },
    ]);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(asked).toHaveLength(3);
  });
});
