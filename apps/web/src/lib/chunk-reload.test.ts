import { describe, expect, it } from "vitest";
import { isChunkLoadError, reloadOnce } from "./chunk-reload.ts";

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe("reloading after a chunk fails to load", () => {
  it("recognises the chunk errors of Chromium, Firefox, Safari and Vite, and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: http://x/assets/a-1.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: http://x/assets/a-1.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/a-1.css"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });

  it("reloads once, then not again within a minute, so it never loops", () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => void reloads++;
    expect(reloadOnce({ storage, reload, now: 1_000_000 })).toBe(true);
    expect(reloadOnce({ storage, reload, now: 1_000_000 + 5_000 })).toBe(false);
    expect(reloads).toBe(1);
    // A later deploy, in the same tab, may reload it again.
    expect(reloadOnce({ storage, reload, now: 1_000_000 + 5_000 + 60_000 })).toBe(true);
    expect(reloads).toBe(2);
  });

  it("does not reload when it cannot remember having done so", () => {
    let reloads = 0;
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(reloadOnce({ storage, reload: () => void reloads++, now: 1 })).toBe(false);
    expect(reloads).toBe(0);
  });
});
