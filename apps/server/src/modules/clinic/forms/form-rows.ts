import { createHash } from "node:crypto";
import type { FormAssignment, FormField, ResolvedForm } from "@clinic/shared";
import { eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import { dynamicForms, dynamicFormVersions, formAssignments } from "./forms.table.ts";

/**
 * How an assignment reads in every answer (lists, one resolved form, results): the form's name
 * and language, the version it answers, and the people involved by name.
 */

const patients = alias(users, "patient");
const assigners = alias(users, "assigner");
const submitters = alias(users, "submitter");
const reviewers = alias(users, "reviewer");

type Reader = Pick<Db, "select">;

type UserAlias = typeof patients | typeof assigners | typeof submitters | typeof reviewers;
const nameOf = (table: UserAlias) => sql<string>`nullif(trim(${table.nombres} || ' ' || ${table.apellidos}), '')`;
const person = (table: UserAlias) => ({ id: table.id, name: nameOf(table), email: table.email });

/** The patient's full name, for `q` searches. */
export const patientName = sql<string>`(${patients.nombres} || ' ' || ${patients.apellidos})`;
export { patients as patientUsers };

export const assignmentColumns = {
  id: formAssignments.id,
  formId: formAssignments.formId,
  formName: dynamicForms.name,
  description: dynamicForms.description,
  language: dynamicForms.language,
  versionId: formAssignments.versionId,
  version: dynamicFormVersions.version,
  fields: dynamicFormVersions.fields,
  scoring: dynamicFormVersions.scoring,
  patient: person(patients),
  patientLanguage: patients.language,
  clinicId: formAssignments.clinicId,
  assignedBy: person(assigners),
  assignedAt: formAssignments.createdAt,
  dueDate: formAssignments.dueDate,
  overdue: sql<boolean>`coalesce(${formAssignments.dueDate} < current_date and ${formAssignments.state} in ('assigned', 'inProgress'), false)`,
  state: formAssignments.state,
  answers: formAssignments.answers,
  score: formAssignments.score,
  submittedAt: formAssignments.submittedAt,
  submittedBy: person(submitters),
  reviewedAt: formAssignments.reviewedAt,
  reviewedBy: person(reviewers),
  reviewNote: formAssignments.reviewNote,
};

/**
 * Submitted and reviewed answers are never overdue: their lists read no clock (`current_date`),
 * so their pages can be kept (page-cache.ts).
 */
export const resultColumns = { ...assignmentColumns, overdue: sql<boolean>`false` };

/** The assignments with everything they show joined; add `.where(...)`, order and limit. */
export function selectAssignments(db: Reader) {
  return db
    .select(assignmentColumns)
    .from(formAssignments)
    .innerJoin(dynamicForms, eq(dynamicForms.id, formAssignments.formId))
    .innerJoin(dynamicFormVersions, eq(dynamicFormVersions.id, formAssignments.versionId))
    .innerJoin(patients, eq(patients.id, formAssignments.patientId))
    .leftJoin(assigners, eq(assigners.id, formAssignments.assignedBy))
    .leftJoin(submitters, eq(submitters.id, formAssignments.submittedBy))
    .leftJoin(reviewers, eq(reviewers.id, formAssignments.reviewedBy));
}

/** The same joins over submitted or reviewed assignments only (its where must say so), with a page's `pageTotal` (paging.ts). */
export function selectResults(db: Reader, pageTotal: SQL<number | null>) {
  return db
    .select({ ...resultColumns, pageTotal })
    .from(formAssignments)
    .innerJoin(dynamicForms, eq(dynamicForms.id, formAssignments.formId))
    .innerJoin(dynamicFormVersions, eq(dynamicFormVersions.id, formAssignments.versionId))
    .innerJoin(patients, eq(patients.id, formAssignments.patientId))
    .leftJoin(assigners, eq(assigners.id, formAssignments.assignedBy))
    .leftJoin(submitters, eq(submitters.id, formAssignments.submittedBy))
    .leftJoin(reviewers, eq(reviewers.id, formAssignments.reviewedBy));
}

/** The filtered rows a results page counts: the joins its filters read, nothing selected. */
export function countedResults(db: Reader, where: SQL) {
  return db
    .select({ one: sql`1` })
    .from(formAssignments)
    .innerJoin(dynamicForms, eq(dynamicForms.id, formAssignments.formId))
    .innerJoin(patients, eq(patients.id, formAssignments.patientId))
    .where(where);
}

export type AssignmentRow = Awaited<ReturnType<ReturnType<typeof selectAssignments>["execute"]>>[number];

type PersonColumns = { id: string | null; name: string | null; email: string | null } | null;
function personOf(value: PersonColumns): { id: string; name: string } | null {
  if (!value?.id) return null;
  return { id: value.id, name: value.name ?? value.email ?? "" };
}

export function toAssignment(row: AssignmentRow): FormAssignment {
  return {
    id: row.id,
    formId: row.formId,
    formName: row.formName,
    language: row.language as FormAssignment["language"],
    versionId: row.versionId,
    version: row.version,
    patient: personOf(row.patient) ?? { id: "", name: "" },
    assignedBy: personOf(row.assignedBy),
    assignedAt: row.assignedAt.toISOString(),
    dueDate: row.dueDate,
    overdue: row.overdue,
    state: row.state as FormAssignment["state"],
    submittedAt: row.submittedAt?.toISOString() ?? null,
    submittedBy: personOf(row.submittedBy),
    score: row.score ?? null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy: personOf(row.reviewedBy),
    reviewNote: row.reviewNote,
  };
}

/**
 * ResolvedForm.formVersion: the version's id and a hash of its questions and scoring. A form
 * nobody has answered yet is edited in place, under the same version id, so the id alone would
 * miss that change; the hash does not (jsonb reads back with its keys in one fixed order).
 */
export function formVersionOf(row: Pick<AssignmentRow, "versionId" | "fields" | "scoring">): string {
  const digest = createHash("sha256")
    .update(JSON.stringify([row.fields, row.scoring]))
    .digest("hex");
  return `${row.versionId}.${digest.slice(0, 16)}`;
}

export function toResolved(row: AssignmentRow, answerable: boolean): ResolvedForm {
  return {
    ...toAssignment(row),
    description: row.description,
    fields: row.fields as FormField[],
    scoring: row.scoring,
    answers: row.answers,
    answerable,
    formVersion: formVersionOf(row),
  };
}
