import { BUNDLE_BRIDGE_VERSION } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { acceptBundleMessage, bundleSession } from "./bundleBridge.ts";

const frame = {} as Window;
const otherFrame = {} as Window;
const nonce = "0123456789abcdef0123456789abcdef";
const good = { type: "clinic:result", version: BUNDLE_BRIDGE_VERSION, nonce, score: 42, durationMs: 30_000 };

describe("the bundle bridge's message check", () => {
  it("accepts a well-formed result from its own frame with its nonce", () => {
    expect(acceptBundleMessage({ source: frame, data: good }, frame, nonce)).toMatchObject({ score: 42, durationMs: 30_000 });
  });

  it("refuses a message from another window, even a well-formed one", () => {
    expect(acceptBundleMessage({ source: otherFrame, data: good }, frame, nonce)).toBeNull();
    expect(acceptBundleMessage({ source: null, data: good }, frame, nonce)).toBeNull();
    expect(acceptBundleMessage({ source: frame, data: good }, null, nonce)).toBeNull();
  });

  it("refuses another nonce, another version, a bad shape, and a forged assignment", () => {
    const refused = [
      { ...good, nonce: "f".repeat(32) },
      { ...good, version: 2 },
      { ...good, score: "42" },
      { ...good, durationMs: -1 },
      { ...good, type: "clinic:hello" },
      { ...good, assignmentId: 99 },
      { ...good, trials: [{ shownAt: 10, correct: "yes" }] },
      "clinic:result",
      null,
    ];
    for (const data of refused) expect(acceptBundleMessage({ source: frame, data }, frame, nonce)).toBeNull();
  });

  it("makes a session bounded by the time the page saw, with the bundle's trials", () => {
    const started = new Date("2026-01-01T10:00:00Z");
    const ended = new Date("2026-01-01T10:00:20Z");
    const message = acceptBundleMessage(
      {
        source: frame,
        data: {
          ...good,
          durationMs: 90_000,
          trials: [
            { shownAt: 1000, rtMs: 300, correct: true },
            { shownAt: 2000, correct: false },
          ],
        },
      },
      frame,
      nonce,
    );
    const session = bundleSession(7, started, ended, 0.5, message);
    expect(session).toMatchObject({ buildId: "bundle-7", durationMs: 20_000, ended: "completed", levelStart: 1, motion: 0.5 });
    expect(session.trials.map((trial) => [trial.outcome, trial.rtMs, trial.respondedAt])).toEqual([
      ["hit", 300, 1300],
      ["omission", null, null],
    ]);
    expect(bundleSession(7, started, ended, 1, null)).toMatchObject({ ended: "stopped", trials: [], durationMs: 20_000 });
  });
});
