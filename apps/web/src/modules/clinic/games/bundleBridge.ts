import {
  type BundleResultMessage,
  type BundleSizeMessage,
  bundleBuildId,
  bundleResultMessageSchema,
  bundleSizeMessageSchema,
  trialRecordsOfBundle,
} from "@clinic/shared";
import type { PlayedSession } from "@clinic/games/browser";

/**
 * The play page's side of the bundle bridge (packages/games/BUNDLES.md). A sandboxed frame's
 * origin is "null", shared by every sandboxed frame anywhere, so the origin proves nothing:
 * a message counts only when it comes from the very window of the frame this page opened and
 * carries the nonce this page gave that frame. Its shape is then checked as any input is.
 */
export function acceptBundleMessage(event: Pick<MessageEvent, "source" | "data">, frame: Window | null | undefined, nonce: string): BundleResultMessage | null {
  return fromOwnFrame(event, frame, nonce, bundleResultMessageSchema);
}

/** The design size a bundle posts (`clinic:size`), on the same terms as its result. */
export function acceptBundleSize(event: Pick<MessageEvent, "source" | "data">, frame: Window | null | undefined, nonce: string): BundleSizeMessage | null {
  return fromOwnFrame(event, frame, nonce, bundleSizeMessageSchema);
}

function fromOwnFrame<T extends { nonce: string }>(
  event: Pick<MessageEvent, "source" | "data">,
  frame: Window | null | undefined,
  nonce: string,
  schema: { safeParse(data: unknown): { success: true; data: T } | { success: false } },
): T | null {
  if (!frame || event.source !== frame) return null;
  const parsed = schema.safeParse(event.data);
  if (!parsed.success || parsed.data.nonce !== nonce) return null;
  return parsed.data;
}

/**
 * Where a bundle of a fixed design size sits in the space it has: scaled to fit whole (never
 * above its double, so a small game stays crisp enough), centred.
 */
export function fitBundle(design: { width: number; height: number }, space: { width: number; height: number }): { scale: number; left: number; top: number } {
  const scale = Math.max(0.05, Math.min(space.width / design.width, space.height / design.height, 2));
  return { scale, left: (space.width - design.width * scale) / 2, top: (space.height - design.height * scale) / 2 };
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
