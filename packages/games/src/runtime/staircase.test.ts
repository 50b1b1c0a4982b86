import { describe, expect, it } from "vitest";
import { mulberry32 } from "./random.ts";
import { Staircase } from "./staircase.ts";

describe("weighted staircase", () => {
  it("climbs a level after four right answers and drops one after an error", () => {
    const s = new Staircase({ min: 1, max: 10, start: 5 });
    expect(s.target).toBe(0.8);
    expect([true, true, true, true].map((c) => s.record(c))).toEqual([5, 5, 5, 6]);
    expect(s.record(false)).toBe(5);
    expect(s.record(true)).toBe(5);
    // Partway up a level, one error still drops a whole level.
    expect(s.record(false)).toBe(4);
  });

  it("keeps integer levels within [min, max], without banking steps past a bound", () => {
    const s = new Staircase({ min: 2, max: 4, start: 3 });
    for (let i = 0; i < 50; i++) s.record(true);
    expect(s.level()).toBe(4);
    expect(s.record(false)).toBe(3);
    for (let i = 0; i < 50; i++) s.record(false);
    expect(s.level()).toBe(2);
    expect([s.record(true), s.record(true), s.record(true), s.record(true)]).toEqual([2, 2, 2, 3]);
  });

  it("refuses a start outside the range", () => {
    expect(() => new Staircase({ min: 1, max: 5, start: 6 })).toThrow();
    expect(() => new Staircase({ min: 1, max: 5, start: 2.5 })).toThrow();
  });

  it("converges where a simulated patient is right 80 % of the time", () => {
    // The patient is almost always right at level 1, at chance (50 %) by level 30, and 80 % right near level 17.
    const accuracy = (level: number) => 0.5 + 0.5 / (1 + Math.exp((level - 17.8) / 2.5));
    const crossing = Array.from({ length: 30 }, (_, i) => i + 1).find((level) => accuracy(level) < 0.8)!;
    const random = mulberry32(2024);
    const s = new Staircase({ min: 1, max: 30, start: 1 });
    const levels: number[] = [];
    const answers: boolean[] = [];
    for (let trial = 0; trial < 6000; trial++) {
      const level = s.level();
      const correct = random() < accuracy(level);
      s.record(correct);
      if (trial >= 1000) {
        levels.push(level);
        answers.push(correct);
      }
    }
    const meanLevel = levels.reduce((a, b) => a + b, 0) / levels.length;
    const rate = answers.filter(Boolean).length / answers.length;
    expect(rate).toBeGreaterThan(0.77);
    expect(rate).toBeLessThan(0.83);
    expect(Math.abs(meanLevel - crossing)).toBeLessThan(1.5);
  });
});
