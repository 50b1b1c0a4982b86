import { describe, expect, it } from "vitest";
import { integerBetween, mulberry32, pick, shuffle } from "./random.ts";

describe("seeded random", () => {
  it("repeats for a seed and stays in [0, 1)", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const values = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(mulberry32(43)()).not.toBe(values[0]);
    // Roughly uniform: the mean of 1000 draws is near 0.5.
    expect(values.reduce((s, v) => s + v, 0) / values.length).toBeCloseTo(0.5, 1);
  });

  it("draws integers in a closed range, reaching both ends", () => {
    const random = mulberry32(1);
    const seen = new Set(Array.from({ length: 500 }, () => integerBetween(random, 3, 6)));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });

  it("shuffles a copy into a permutation, and picks members", () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const shuffled = shuffle(mulberry32(9), items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...shuffled].sort()).toEqual(items);
    expect(shuffled).not.toEqual(items);
    expect(items).toContain(pick(mulberry32(2), items));
    expect(() => pick(mulberry32(2), [])).toThrow();
  });
});
