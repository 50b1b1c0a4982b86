import { type BundleResultMessage, bundleBuildId, bundleResultMessageSchema, trialRecordsOfBundle } from "@clinic/shared";
import type { PlayedSession } from "@clinic/games/browser";

/**
 * The play page's side of the bundle bridge (packages/games/BUNDLES.md). A sandboxed frame's
 * origin is "null", shared by every sandboxed frame anywhere, so the origin proves nothing:
 * a message counts only when it comes from the very window of the frame this page opened and
 * carries the nonce this page gave that frame. Its shape is then checked as any input is.
 */
export function acceptBundleMessage(event: Pick<MessageEvent, "source" | "data">, frame: Window | null | undefined, nonce: string): BundleResultMessage | null {
  if (!frame || event.source !== frame) return null;
  const parsed = bundleResultMessageSchema.safeParse(event.data);
  if (!parsed.success || parsed.data.nonce !== nonce) return null;
  return parsed.data;
}

/** A fresh nonce for one frame: 128 random bits, hex. */
export function newBridgeNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The session a bundle's play makes, as every game's goes to the server: the page names the
 * build (the bundle's file) and the times; the bundle's figures are bounded by the time the
 * page saw it played. Without a report (`message` null) the session has no trials.
 */
export function bundleSession(fileId: number, startedAt: Date, endedAt: Date, motion: number, message: BundleResultMessage | null): PlayedSession {
  const wallMs = Math.max(0, endedAt.getTime() - startedAt.getTime());
  const durationMs = Math.min(message?.durationMs ?? wallMs, wallMs);
  return {
    buildId: bundleBuildId(fileId),
    startedAt: startedAt.toISOString(),
    endedAt: endedAt.toISOString(),
    durationMs,
    levelStart: 1,
    levelEnd: 1,
    motion,
    ended: message ? "completed" : "stopped",
    trials: message?.trials ? trialRecordsOfBundle(message.trials, durationMs) : [],
  };
}
