import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { careTeam, users } from "../../../db/schema.ts";
import type { Notifier } from "../../../platform/notifications.ts";
import { activities } from "../activities/activities.table.ts";
import { recommendations } from "../recommendations/recommendations.table.ts";
import { assignedActivities } from "./assignments.table.ts";

/**
 * The notifications of assignments (issue 19), each written in the transaction of its event:
 * a patient hears of what they were given, their therapists of what they did. A missing
 * notifier (the demo history, which replays months of backdated work) writes none.
 */

const PATIENT_HOME = "/manager/patient";
const names = (rows: { name: string }[]) => rows.map((row) => row.name).join(", ");

/** The therapists who treat a patient (spec §6's care team): who hears of the patient's results. */
export async function therapistsOf(tx: Db, patientId: string): Promise<string[]> {
  const rows = await tx.select({ id: careTeam.therapistId }).from(careTeam).where(eq(careTeam.patientId, patientId));
  return rows.map((row) => row.id);
}

/** The patients of new assignments hear of the active ones (a kept-back assignment is not shown to them yet). */
export async function noticeActivitiesAssigned(tx: Db, notifier: Notifier | undefined, sentBy: string, assignmentIds: readonly number[]): Promise<void> {
  if (!notifier || assignmentIds.length === 0) return;
  const rows = await tx
    .select({ patientId: assignedActivities.patientId, name: activities.name })
    .from(assignedActivities)
    .innerJoin(activities, eq(activities.id, assignedActivities.activityId))
    .where(and(inArray(assignedActivities.id, [...assignmentIds]), eq(assignedActivities.activate, true)))
    .orderBy(assignedActivities.id);
  const byPatient = new Map<string, { name: string }[]>();
  for (const row of rows) byPatient.set(row.patientId, [...(byPatient.get(row.patientId) ?? []), row]);
  for (const [patientId, given] of byPatient) {
    await notifier.notify(tx, [patientId], { kind: "activityAssigned", params: { items: names(given) }, link: PATIENT_HOME, sentBy });
  }
}

export async function noticeRecommendationsGiven(
  tx: Db,
  notifier: Notifier | undefined,
  sentBy: string,
  patientId: string,
  ids: readonly number[],
): Promise<void> {
  if (!notifier || ids.length === 0) return;
  const given = await tx
    .select({ name: recommendations.name })
    .from(recommendations)
    .where(inArray(recommendations.id, [...ids]))
    .orderBy(recommendations.name);
  await notifier.notify(tx, [patientId], { kind: "recommendationAssigned", params: { items: names(given) }, link: PATIENT_HOME, sentBy });
}

/** A patient reported an activity done (a game session stored, or a result): their therapists hear of it. */
export async function noticeActivityResult(tx: Db, notifier: Notifier | undefined, assignmentId: number): Promise<void> {
  if (!notifier) return;
  const [row] = await tx
    .select({
      patientId: assignedActivities.patientId,
      activityId: assignedActivities.activityId,
      activity: activities.name,
      patient: sql<string>`coalesce(nullif(trim(${users.nombres} || ' ' || ${users.apellidos}), ''), ${users.email})`,
    })
    .from(assignedActivities)
    .innerJoin(activities, eq(activities.id, assignedActivities.activityId))
    .innerJoin(users, eq(users.id, assignedActivities.patientId))
    .where(eq(assignedActivities.id, assignmentId));
  if (!row) return;
  await notifier.notify(tx, await therapistsOf(tx, row.patientId), {
    kind: "activityResult",
    params: { patient: row.patient, activity: row.activity },
    link: `/manager/admin/statistics/${row.activityId}?${new URLSearchParams({ patient: row.patientId })}`,
    sentBy: row.patientId,
  });
}
