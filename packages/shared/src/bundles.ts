import type { TrialRecord } from "@clinic/games";
import { z } from "zod";

/**
 * Uploaded HTML5 game bundles (issue 15): why the server refuses a zip, the short-lived
 * address a play page gets to load one, and the postMessage bridge a bundle reports through
 * (packages/games/BUNDLES.md documents it for bundle authors).
 */

/**
 * Why a zip is refused as a game bundle. The server answers the English text (a path may
 * follow after ": "); the files screen shows the text of the same reason in its language.
 */
export const BUNDLE_REFUSALS = {
  notZip: "The game bundle is not a readable zip archive.",
  zipTooLarge: "The game bundle's zip is larger than allowed.",
  encrypted: "The game bundle holds an encrypted entry.",
  tooManyFiles: "The game bundle holds too many files.",
  tooLarge: "The game bundle unpacks to more than the allowed size.",
  entryTooLarge: "A file in the game bundle is larger than allowed.",
  unsafePath: "The game bundle holds a path outside the bundle (absolute or with ..)",
  symlink: "The game bundle holds a symbolic link.",
  fileType: "The game bundle holds a file of a type that is not allowed",
  duplicate: "The game bundle holds the same path twice",
  noIndex: "The game bundle has no index.html at its root (or in its single top folder).",
} as const;
export type BundleRefusal = keyof typeof BUNDLE_REFUSALS;

/** The reason behind a server message about a bundle, or null for any other message. */
export function bundleRefusalOf(message: string): BundleRefusal | null {
  const found = (Object.entries(BUNDLE_REFUSALS) as [BundleRefusal, string][]).find(([, text]) => message === text || message.startsWith(`${text}: `));
  return found?.[0] ?? null;
}

/** `GET /api/files/{id}/bundle`: where the caller may load a file's bundle from, until `expiresAt`. */
export const bundleAccessSchema = z.object({
  /** The bundle's index.html under a signed, expiring capability: `/bundles/<capability>/index.html`. */
  url: z.string(),
  expiresAt: z.iso.datetime(),
});
export type BundleAccess = z.infer<typeof bundleAccessSchema>;

/** The bridge's protocol version; a message of another version is refused, not guessed at. */
export const BUNDLE_BRIDGE_VERSION = 1;

/** A trial a bundle may report: what it showed, whether the answer was right, how fast. */
export const bundleTrialSchema = z
  .object({
    correct: z.boolean().nullable().default(null),
    rtMs: z.number().min(0).max(60_000).nullable().default(null),
    /** Milliseconds since the game started. */
    shownAt: z
      .number()
      .min(0)
      .max(6 * 60 * 60 * 1000),
    condition: z
      .string()
      .regex(/^[a-z0-9._-]{0,64}$/)
      .default(""),
  })
  .strict();

/**
 * The one message a bundle posts to its parent page (`window.parent.postMessage(message, "*")`):
 * its score, how long it was played and, if it can, its trials. `nonce` is the value the page
 * gave the bundle in its address (`#nonce=…`): a message without it is not from the frame the
 * page opened. The assignment is never in the message: the page names it.
 */
export const bundleResultMessageSchema = z
  .object({
    type: z.literal("clinic:result"),
    version: z.literal(BUNDLE_BRIDGE_VERSION),
    nonce: z.string().min(16).max(64),
    score: z.number().finite().min(-1_000_000).max(1_000_000),
    maxScore: z.number().finite().min(0).max(1_000_000).optional(),
    durationMs: z
      .number()
      .int()
      .min(0)
      .max(6 * 60 * 60 * 1000),
    trials: z.array(bundleTrialSchema).max(2000).optional(),
  })
  .strict();
export type BundleResultMessage = z.output<typeof bundleResultMessageSchema>;

/**
 * A bundle of a fixed size (a Unity WebGL build's canvas, say) may post its design size once it
 * has loaded: the page then scales it, whole and centred, to the space it has, as the
 * catalogue's games are scaled. Without it the bundle fills that space and lays itself out.
 */
export const bundleSizeMessageSchema = z
  .object({
    type: z.literal("clinic:size"),
    version: z.literal(BUNDLE_BRIDGE_VERSION),
    nonce: z.string().min(16).max(64),
    width: z.number().int().min(100).max(8192),
    height: z.number().int().min(100).max(8192),
  })
  .strict();
export type BundleSizeMessage = z.output<typeof bundleSizeMessageSchema>;

/** The build id a bundle's sessions are stored under: bundles are not builds of the catalogue. */
export const bundleBuildId = (fileId: number) => `bundle-${fileId}`;
export const BUNDLE_FAMILY = "bundle";

/**
 * A bundle's trials as the platform's trial records: each reported trial at level 1, its
 * outcome read from whether it was right and whether it was answered (a reaction time).
 */
export function trialRecordsOfBundle(trials: readonly z.output<typeof bundleTrialSchema>[], durationMs: number): TrialRecord[] {
  return trials.map((trial, index) => {
    const answered = trial.rtMs !== null;
    const outcome = trial.correct === null ? "sample" : trial.correct ? (answered ? "hit" : "correct-rejection") : answered ? "miss" : "omission";
    // A trial past the played time did not happen in it: clamp rather than lose the session.
    const shownAt = Math.min(trial.shownAt, durationMs);
    const respondedAt = answered ? Math.min(shownAt + (trial.rtMs as number), durationMs) : null;
    return {
      index,
      kind: "bundle",
      condition: trial.condition,
      level: 1,
      shownAt,
      respondedAt,
      rtMs: respondedAt === null ? null : respondedAt - shownAt,
      correct: trial.correct,
      outcome,
      value: null,
    };
  });
}
