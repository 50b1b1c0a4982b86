import type { Db } from "../../../db/client.ts";
import { gameSessionMetrics, gameSessions, gameTrials } from "./games.table.ts";

/**
 * A played session written straight into the tables, for tests that read results and need no
 * real player: `trials` trials alternating hit and miss, and the metrics the server would store.
 */
export async function insertPlayedSession(
  db: Db,
  values: { assignmentId: number | null; activityId: number | null; patientId: string; endedAt?: Date; trials?: number; levelEnd?: number },
): Promise<number> {
  const endedAt = values.endedAt ?? new Date();
  const trialCount = values.trials ?? 4;
  const [session] = await db
    .insert(gameSessions)
    .values({
      sessionKey: crypto.randomUUID(),
      assignmentId: values.assignmentId,
      activityId: values.activityId,
      patientId: values.patientId,
      buildId: "reactor-quick",
      family: "reactor",
      startedAt: new Date(endedAt.getTime() - 90_000),
      endedAt,
      durationMs: 90_000,
      levelStart: 1,
      levelEnd: values.levelEnd ?? 3,
      motion: 0.5,
      ended: "completed",
      dizzinessBefore: 4,
      dizzinessAfter: 2,
      trialCount,
    })
    .returning({ id: gameSessions.id });
  if (!session) throw new Error("No session inserted");
  const trials = Array.from({ length: trialCount }, (_, index) => ({
    sessionId: session.id,
    trialIndex: index,
    kind: "go",
    condition: "default",
    level: 1,
    shownAt: 1000 * (index + 1),
    respondedAt: 1000 * (index + 1) + 300,
    rtMs: 300,
    correct: index % 2 === 0,
    outcome: index % 2 === 0 ? "hit" : "miss",
    value: null,
  }));
  if (trials.length > 0) await db.insert(gameTrials).values(trials);
  const correct = trials.filter((trial) => trial.correct).length;
  await db.insert(gameSessionMetrics).values([
    { sessionId: session.id, name: "trials", value: trialCount },
    { sessionId: session.id, name: "correct", value: correct },
    { sessionId: session.id, name: "accuracy", value: trialCount === 0 ? 0 : correct / trialCount },
    { sessionId: session.id, name: "rt_median_ms", value: 300 },
  ]);
  return session.id;
}
