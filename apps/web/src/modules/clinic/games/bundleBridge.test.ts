import { BUNDLE_BRIDGE_VERSION } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { acceptBundleMessage, acceptBundleSize, bundleSession, fitBundle } from "./bundleBridge.ts";

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

  it("takes a design size from its own frame only, within bounds, and never a size as a result", () => {
    const size = { type: "clinic:size", version: BUNDLE_BRIDGE_VERSION, nonce, width: 960, height: 600 };
    expect(acceptBundleSize({ source: frame, data: size }, frame, nonce)).toMatchObject({ width: 960, height: 600 });
    expect(acceptBundleMessage({ source: frame, data: size }, frame, nonce)).toBeNull();
    expect(acceptBundleSize({ source: frame, data: good }, frame, nonce)).toBeNull();
    for (const data of [
      { ...size, width: 50 },
      { ...size, height: 10_000 },
      { ...size, width: 960.5 },
      { ...size, nonce: "f".repeat(32) },
    ]) {
      expect(acceptBundleSize({ source: frame, data }, frame, nonce)).toBeNull();
    }
    expect(acceptBundleSize({ source: otherFrame, data: size }, frame, nonce)).toBeNull();
  });

  it("fits a sized bundle whole and centred, at most twice its size", () => {
    // A wide game on a phone held upright: as wide as the screen, centred vertically.
    expect(fitBundle({ width: 960, height: 600 }, { width: 375, height: 700 })).toEqual({ scale: 375 / 960, left: 0, top: (700 - 600 * (375 / 960)) / 2 });
    // On a large screen: limited by the height, centred horizontally.
    const wide = fitBundle({ width: 800, height: 600 }, { width: 1920, height: 900 });
    expect(wide.scale).toBe(1.5);
    expect(wide.left).toBe((1920 - 1200) / 2);
    expect(fitBundle({ width: 200, height: 100 }, { width: 4000, height: 4000 }).scale).toBe(2);
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
