import {
  ASSIGNMENT_REFUSALS,
  type AssignedActivity,
  type AssignedActivityDetail,
  type AssignmentReplicate,
  type AssignmentUpdate,
  type BulkAssignmentInput,
  type BulkAssignmentResult,
  type PatientActivitiesInput,
} from "@clinic/shared";
import dayjs from "dayjs";
import type { TFunction } from "i18next";
import { post, put } from "../../../../lib/api.ts";
import { registerRefusals } from "../../../../lib/refusals.ts";
import type { ListChange } from "../../../../lib/resource.ts";

/**
 * A patient's refusals on their assignments (ASSIGNMENT_REFUSALS) in the interface language, by
 * key (`assignActivity.refusals.<key>`); any
 * other text as it came.
 */
export function assignmentRefusalText(t: TFunction, message: string): string {
  for (const [key, text] of Object.entries(ASSIGNMENT_REFUSALS)) if (text === message) return t(`assignActivity.refusals.${key}`);
  return message;
}

registerRefusals(assignmentRefusalText);

/** Query keys: every list of one patient's assignments starts with ASSIGNMENTS_KEY, so one invalidation refreshes them all. */
export const ASSIGNMENTS_KEY = "assignActivities";
export const assignmentKey = (id: number) => ["assignActivity", id] as const;

/**
 * Where a patient's nutrition plan (nutritionPlans) keeps the rows just added to it: a row does
 * not say whether its activity counts as nutrition, but one assigned from the plan's own form
 * (nutrition activities only) or copied from the plan's list does.
 */
export const nutritionList = (patientId: string) => [ASSIGNMENTS_KEY, patientId, "nutrition"];

/**
 * Assignments an action created or changed, as list changes (lib/resource.ts): each patient's
 * lists are keyed under their id, so a row shows only in its own patient's lists. `nutrition`:
 * the rows are nutrition content, so the patient's nutrition plan shows them first too.
 */
export function assignmentChanges(rows: AssignedActivity[], nutrition = false): ListChange[] {
  const byPatient = new Map<string, AssignedActivity[]>();
  for (const row of rows) byPatient.set(row.patientId, [...(byPatient.get(row.patientId) ?? []), row]);
  return [...byPatient].flatMap(([patientId, records]) => [
    { list: [ASSIGNMENTS_KEY, patientId], records },
    ...(nutrition ? [{ list: nutritionList(patientId), records }] : []),
  ]);
}

/** `POST /api/patients-activities/{id}` (spec §7): activities for one patient, all assigned or none. */
export const assignToPatient = (patientId: string, input: PatientActivitiesInput) =>
  post<{ data: AssignedActivity[] }>(`/api/patients-activities/${encodeURIComponent(patientId)}`, input);
export const bulkAssign = (input: BulkAssignmentInput) => post<BulkAssignmentResult>("/api/assign-unassign-activities/", input);
export const updateAssignment = (id: number, input: AssignmentUpdate) => put<AssignedActivity>(`/api/assignActivity/${id}`, input);
export const replicateAssignment = (id: number, input: AssignmentReplicate) => post<AssignedActivity>(`/api/assignActivity/${id}`, input);
export const assignmentPath = (id: number) => `/api/assignActivity/${id}/`;
export type { AssignedActivity, AssignedActivityDetail };

/** Calendar days as the API takes them (YYYY-MM-DD, the viewer's own day). */
export const today = () => dayjs().format("YYYY-MM-DD");
export const dayAfter = (date: string, days = 1) => dayjs(date).add(days, "day").format("YYYY-MM-DD");
