import { describe, expect, it } from "vitest";
import { buildById, CATALOGUE } from "./catalogue.ts";
import { FAMILY_ENGINES } from "./families/engines.ts";
import { FAMILY_METRICS } from "./families/index.ts";
import { DEMONSTRATION_DELAY_MS } from "./runtime/mount.ts";
import { createEngine, idealPlayer, runEngine } from "./runtime/testing.ts";
import { BUILD_ID_PATTERN, DISPLAY_SIZES, FAMILIES } from "./runtime/types.ts";

/** What "quick" promises: a good player is done within this. */
const QUICK_MS = 20_000;

describe("catalogue", () => {
  it("has unique ids of the right form, found by buildById", () => {
    const ids = CATALOGUE.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(BUILD_ID_PATTERN);
      expect(buildById(id)?.id).toBe(id);
    }
    expect(buildById("no-such-build")).toBeUndefined();
    expect(Object.isFrozen(CATALOGUE)).toBe(true);
  });

  it.each(CATALOGUE.map((b) => [b.id, b] as const))("%s is complete and sensible", (_, build) => {
    expect(FAMILIES).toContain(build.family);
    for (const language of ["en", "es"] as const) {
      expect(build.title[language].trim()).not.toBe("");
      expect(build.instructions[language].trim()).not.toBe("");
    }
    expect(build.title.es).not.toBe(build.title.en);
    expect(DISPLAY_SIZES).toContainEqual(build.size);
    const { min, max, start } = build.difficulty;
    expect([min, max, start].every(Number.isInteger)).toBe(true);
    expect(min <= start && start <= max).toBe(true);
    expect(Number.isInteger(build.defaultDurationSeconds)).toBe(true);
    expect(build.defaultDurationSeconds).toBeGreaterThanOrEqual(build.quick ? QUICK_MS / 1000 : 60);
    expect(build.defaultDurationSeconds).toBeLessThanOrEqual(build.quick ? 60 : 1800);
    const metrics = FAMILY_METRICS[build.family];
    expect(metrics, `metrics of ${build.family}`).toBeDefined();
    const parsed = metrics!.paramsSchema.safeParse(build.params);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(FAMILY_ENGINES[build.family], `engine of ${build.family}`).toBeDefined();
  });

  it("has most builds at 928 × 415 and at least one portrait build per family", () => {
    const wide = CATALOGUE.filter((b) => b.size.width === 928);
    expect(wide.length / CATALOGUE.length).toBeGreaterThan(0.5);
    for (const family of new Set(CATALOGUE.map((b) => b.family))) {
      if (family === "optimizer-vr") continue;
      expect(
        CATALOGUE.some((b) => b.family === family && b.size.height > b.size.width),
        `portrait build of ${family}`,
      ).toBe(true);
    }
  });

  it("has a quick build in every family, which a good player finishes within 20 s", () => {
    for (const family of new Set(CATALOGUE.map((b) => b.family))) {
      const quick = CATALOGUE.filter((b) => b.family === family && b.quick);
      expect(quick.length, `quick build of ${family}`).toBeGreaterThan(0);
      for (const build of quick) {
        const engine = createEngine(FAMILY_ENGINES[family]!, build, { seed: 1 });
        const run = runEngine(engine, { player: idealPlayer(DEMONSTRATION_DELAY_MS), size: build.size, until: QUICK_MS });
        expect(run.finished, `${build.id} finished in ${QUICK_MS} ms`).toBe(true);
      }
    }
  });
});
