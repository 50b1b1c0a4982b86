import { describe, expect, it } from "vitest";
import { InputQueue } from "./input.ts";
import type { GameInput } from "./types.ts";

const key = (timeStamp: number): GameInput => ({ type: "key", key: " ", timeStamp });

describe("input queue", () => {
  it("hands out what happened by now, oldest first, even when it arrived out of order", () => {
    const queue = new InputQueue();
    for (const t of [10, 30, 20, 50]) queue.push(key(t));
    expect(queue.takeUntil(30).map((i) => i.timeStamp)).toEqual([10, 20, 30]);
    expect(queue.takeUntil(40)).toEqual([]);
    queue.push(key(35));
    expect(queue.takeUntil(60).map((i) => i.timeStamp)).toEqual([35, 50]);
  });

  it("forgets everything on clear", () => {
    const queue = new InputQueue();
    queue.push(key(1));
    queue.clear();
    expect(queue.takeUntil(100)).toEqual([]);
  });
});
