import { CLOCK_SLACK_MS, checkSession, checkTrialRecord, FAMILY_METRICS, type SessionResult, summariseCommon } from "@clinic/games";
import { BUNDLE_FAMILY, bundleBuildId } from "@clinic/shared";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { badRequest, conflict, isUniqueViolation } from "../../../platform/errors.ts";
import type { assignedActivities } from "../assignments/assignments.table.ts";
import { gameSessionMetrics, gameSessions, gameTrials } from "./games.table.ts";

type Assignment = typeof assignedActivities.$inferSelect;

/** Rows per insert statement: PostgreSQL takes at most 65 535 parameters, a trial has 11. */
const TRIAL_CHUNK = 1000;

/** The level the patient's last session of `buildId` ended on, or null before their first. */
export async function lastLevel(db: Db, patientId: string, buildId: string): Promise<number | null> {
  const [row] = await db
    .select({ level: gameSessions.levelEnd })
    .from(gameSessions)
    .where(and(eq(gameSessions.patientId, patientId), eq(gameSessions.buildId, buildId)))
    .orderBy(desc(gameSessions.endedAt), desc(gameSessions.id))
    .limit(1);
  return row?.level ?? null;
}

/**
 * The session's insert. Its key is checked just before, but the same key sent at the same
 * moment for another assignment (whose row lock does not serialise with this one) meets the
 * unique constraint instead: the same 409 as the check's.
 */
async function insertSession<T>(insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (isUniqueViolation(error, "session_key")) throw conflict("This session was already recorded for another activity.");
    throw error;
  }
}

/** An uploaded bundle has no levels of ours: level 1 throughout; its times and trials hold up as any game's. */
function checkBundleSession(game: SessionResult): string[] {
  const errors: string[] = [];
  if (game.levelStart !== 1 || game.levelEnd !== 1) errors.push("A bundle's session is played at level 1.");
  const wallMs = Date.parse(game.endedAt) - Date.parse(game.startedAt);
  if (!(wallMs >= 0)) errors.push("endedAt is before startedAt");
  else if (game.durationMs > wallMs + CLOCK_SLACK_MS) errors.push(`durationMs ${game.durationMs} exceeds the ${wallMs} ms between startedAt and endedAt`);
  for (const trial of game.trials) {
    errors.push(...checkTrialRecord(trial, game.durationMs));
    if (trial.level !== 1) errors.push(`trial ${trial.index}: level ${trial.level} is not 1`);
  }
  return errors.slice(0, 20);
}

/** The figures of a session worth showing with the assignment (its `result`), from the stored metrics. */
const RESULT_METRICS = ["accuracy", "rt_median_ms", "trials"] as const;

/**
 * Stores a played session of the assignment's game, inside the reply's transaction: the
 * session, each trial, and the metrics computed here from the trials (never the player's own
 * figures). The same session sent again (a retry after a lost answer) is recognised by its key
 * and answers `replayed` without writing; a new session for an assignment already done, for
 * another build, or whose trials do not hold up is refused and nothing is written.
 */
export async function recordGameSession(
  tx: Db,
  assignment: Assignment,
  source: { buildId: string | null } | { bundleFileId: number },
  game: SessionResult,
): Promise<{ replayed: true } | { replayed: false; summary: Record<string, number | string> }> {
  const [known] = await tx.select({ assignmentId: gameSessions.assignmentId }).from(gameSessions).where(eq(gameSessions.sessionKey, game.sessionId));
  if (known) {
    if (known.assignmentId === assignment.id) return { replayed: true };
    throw conflict("This session was already recorded for another activity.");
  }
  if (assignment.done) throw conflict("This activity is already done: its result was recorded.");
  const buildId = "bundleFileId" in source ? bundleBuildId(source.bundleFileId) : source.buildId;
  if (game.buildId !== buildId) throw badRequest({ game: [`The session is of the game build "${game.buildId}", not this activity's.`] });
  let build: { id: string; family: string };
  let metrics: Record<string, number>;
  if ("bundleFileId" in source) {
    const errors = checkBundleSession(game);
    if (errors.length > 0) throw badRequest({ game: errors });
    build = { id: game.buildId, family: BUNDLE_FAMILY };
    metrics = summariseCommon(game.trials);
  } else {
    const checked = checkSession(game);
    if (!checked.build || checked.errors.length > 0) throw badRequest({ game: checked.errors });
    build = checked.build;
    metrics = { ...summariseCommon(game.trials), ...(FAMILY_METRICS[checked.build.family]?.summarise(game.trials, checked.build) ?? {}) };
  }
  const [session] = await insertSession(() =>
    tx
      .insert(gameSessions)
      .values({
        sessionKey: game.sessionId,
        assignmentId: assignment.id,
        activityId: assignment.activityId,
        patientId: assignment.patientId,
        buildId: build.id,
        family: build.family,
        startedAt: new Date(game.startedAt),
        endedAt: new Date(game.endedAt),
        durationMs: Math.round(game.durationMs),
        levelStart: game.levelStart,
        levelEnd: game.levelEnd,
        motion: game.motion,
        ended: game.ended,
        dizzinessBefore: game.dizzinessBefore,
        dizzinessAfter: game.dizzinessAfter,
        trialCount: game.trials.length,
      })
      .returning({ id: gameSessions.id }),
  );
  if (!session) throw new Error("No game session inserted");
  const trials = game.trials.map((trial) => ({
    sessionId: session.id,
    trialIndex: trial.index,
    kind: trial.kind,
    condition: trial.condition,
    level: trial.level,
    shownAt: trial.shownAt,
    respondedAt: trial.respondedAt,
    rtMs: trial.rtMs,
    correct: trial.correct,
    outcome: trial.outcome,
    value: trial.value,
  }));
  for (let start = 0; start < trials.length; start += TRIAL_CHUNK) await tx.insert(gameTrials).values(trials.slice(start, start + TRIAL_CHUNK));
  const named = Object.entries(metrics);
  if (named.length > 0) await tx.insert(gameSessionMetrics).values(named.map(([name, value]) => ({ sessionId: session.id, name, value })));

  const summary: Record<string, number | string> = {
    game_session: session.id,
    level: game.levelEnd,
    dizziness_before: game.dizzinessBefore,
    dizziness_after: game.dizzinessAfter,
    ended: game.ended,
    seconds: Math.round(game.durationMs / 1000),
  };
  for (const name of RESULT_METRICS) if (metrics[name] !== undefined) summary[name] = metrics[name];
  return { replayed: false, summary };
}
