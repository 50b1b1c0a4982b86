import type { GameSessionFigures, GameTrial, PageQuery, Paged } from "@clinic/shared";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { type Actor, patientScope } from "../../../platform/access.ts";
import { notFound } from "../../../platform/errors.ts";
import { pageWindow } from "../../../platform/paging.ts";
import { assignmentScope } from "../assignments/activity-assignments.service.ts";
import { assignedActivities } from "../assignments/assignments.table.ts";
import { gameSessionMetrics, gameSessions, gameTrials } from "./games.table.ts";

/** A session's columns and its metrics as one object, the figures the therapist reads. */
const figureColumns = {
  id: gameSessions.id,
  buildId: gameSessions.buildId,
  startedAt: gameSessions.startedAt,
  endedAt: gameSessions.endedAt,
  durationMs: gameSessions.durationMs,
  levelStart: gameSessions.levelStart,
  levelEnd: gameSessions.levelEnd,
  motion: gameSessions.motion,
  ended: gameSessions.ended,
  dizzinessBefore: gameSessions.dizzinessBefore,
  dizzinessAfter: gameSessions.dizzinessAfter,
  trialCount: gameSessions.trialCount,
  metrics: sql<Record<string, number> | null>`(select json_object_agg(m.name, m.value) from ${gameSessionMetrics} m where m.session_id = ${gameSessions.id})`,
  /** The row's own creation: when the device's send reached the server. */
  receivedAt: gameSessions.createdAt,
  patientId: gameSessions.patientId,
};
interface FigureRow {
  id: number;
  buildId: string;
  startedAt: Date;
  endedAt: Date;
  durationMs: number;
  levelStart: number;
  levelEnd: number;
  motion: number;
  ended: string;
  dizzinessBefore: number;
  dizzinessAfter: number;
  trialCount: number;
  metrics: Record<string, number> | null;
  receivedAt: Date;
  patientId: string;
}

function toFigures(row: FigureRow): GameSessionFigures {
  return {
    id: row.id,
    buildId: row.buildId,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt.toISOString(),
    durationMs: row.durationMs,
    levelStart: row.levelStart,
    levelEnd: row.levelEnd,
    motion: row.motion,
    ended: row.ended as GameSessionFigures["ended"],
    dizzinessBefore: row.dizzinessBefore,
    dizzinessAfter: row.dizzinessAfter,
    trialCount: row.trialCount,
    metrics: row.metrics ?? {},
    receivedAt: row.receivedAt.toISOString(),
  };
}

/**
 * `GET /api/assignActivity/{id}/game-sessions`: the sessions played for an assignment in the
 * actor's scope, newest first, in pages, with the total in the page's statement. Only an empty
 * page asks whether the assignment exists for the actor (404 otherwise).
 */
export async function listAssignmentSessions(
  db: Db,
  actor: Actor,
  assignmentId: number,
  query: PageQuery,
): Promise<Paged<GameSessionFigures> & { patientId: string | null }> {
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({ ...figureColumns, total: sql<number>`count(*) over ()` })
    .from(gameSessions)
    .innerJoin(assignedActivities, eq(assignedActivities.id, gameSessions.assignmentId))
    .where(and(eq(gameSessions.assignmentId, assignmentId), assignmentScope(actor)))
    .orderBy(desc(gameSessions.endedAt), desc(gameSessions.id))
    .limit(limit)
    .offset(offset);
  const [first] = rows;
  if (!first) {
    const [assignment] = await db
      .select({ patientId: assignedActivities.patientId })
      .from(assignedActivities)
      .where(and(eq(assignedActivities.id, assignmentId), assignmentScope(actor)));
    if (!assignment) throw notFound();
    // A page past the end: the total is counted on its own.
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(gameSessions).where(eq(gameSessions.assignmentId, assignmentId));
    return { data: [], page: query.page, total: Number(counted?.n ?? 0), patientId: assignment.patientId };
  }
  return { data: rows.map((row) => toFigures(row as FigureRow)), page: query.page, total: Number(first.total), patientId: first.patientId };
}

/**
 * `GET /api/game-sessions/{id}/trials`: one session (the actor must have its patient in scope:
 * their therapist, clinic or an admin; 404 otherwise) and a page of its trials in played order.
 * The total is the session's stored trial count, so the page is two statements.
 */
export async function sessionTrials(
  db: Db,
  actor: Actor,
  sessionId: number,
  query: PageQuery,
): Promise<Paged<GameTrial> & { session: GameSessionFigures; patientId: string }> {
  const [session] = await db
    .select(figureColumns)
    .from(gameSessions)
    .where(and(eq(gameSessions.id, sessionId), patientScope(actor, gameSessions.patientId)));
  if (!session) throw notFound();
  const { limit, offset } = pageWindow(query);
  const trials = await db
    .select({
      index: gameTrials.trialIndex,
      kind: gameTrials.kind,
      condition: gameTrials.condition,
      level: gameTrials.level,
      shownAt: gameTrials.shownAt,
      respondedAt: gameTrials.respondedAt,
      rtMs: gameTrials.rtMs,
      correct: gameTrials.correct,
      outcome: gameTrials.outcome,
      value: gameTrials.value,
    })
    .from(gameTrials)
    .where(eq(gameTrials.sessionId, sessionId))
    .orderBy(asc(gameTrials.trialIndex))
    .limit(limit)
    .offset(offset);
  return { session: toFigures(session as FigureRow), data: trials, page: query.page, total: session.trialCount, patientId: session.patientId };
}
