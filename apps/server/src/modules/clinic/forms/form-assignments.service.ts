import {
  checkAnswers,
  FORM_MESSAGES,
  type FormAnswers,
  type FormAssignment,
  type FormField,
  type ResolvedForm,
  keptAnswers,
  scoreAnswers,
} from "@clinic/shared";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { type Actor, can, patientScope } from "../../../platform/access.ts";
import { badRequest, codedConflict, conflict, forbidden, notFound } from "../../../platform/errors.ts";
import { assertPatientInScope, patientsInScope } from "../assignments/patient-check.ts";
import type { Notifier } from "../../../platform/notifications.ts";
import { noticeFormSubmitted, noticeFormsAssigned } from "./form-notices.ts";
import { loadForm } from "./forms.service.ts";
import { dynamicForms, dynamicFormVersions, formAssignments } from "./forms.table.ts";
import { type AssignmentRow, formVersionOf, selectAssignments, toAssignment, toResolved } from "./form-rows.ts";

type Reader = Pick<Db, "select" | "execute">;

/** A patient's own account (admins never are one, whatever their groups). */
export function isPatientCaller(actor: Actor): boolean {
  return !actor.isAdmin && actor.permissions.has("is_patient");
}

/** Its patient with answer_their_forms, or staff with answer_all_forms (on the patient's behalf; scope is checked apart). */
function mayAnswer(actor: Actor, patientId: string): boolean {
  if (actor.id === patientId) return can(actor, "answer_their_forms");
  return !isPatientCaller(actor) && can(actor, "answer_all_forms");
}

const open = (state: string) => state === "assigned" || state === "inProgress";

/** One assignment whose patient is in the actor's scope (a patient: their own); else not found. */
async function loadAssignment(db: Reader, actor: Actor, id: number): Promise<AssignmentRow> {
  const [row] = await selectAssignments(db).where(and(eq(formAssignments.id, id), patientScope(actor, formAssignments.patientId)));
  if (!row) throw notFound();
  return row;
}

async function assignmentsByIds(db: Reader, ids: number[]): Promise<FormAssignment[]> {
  if (ids.length === 0) return [];
  const rows = await selectAssignments(db).where(inArray(formAssignments.id, ids)).orderBy(desc(formAssignments.createdAt), desc(formAssignments.id));
  return rows.map(toAssignment);
}

/**
 * `POST /api/assignDynamicForm/`: one form to every patient named, all or none. A patient out of
 * the actor's scope, or one whose clinic cannot see the form (an admin handing a clinic's form to
 * another clinic's patient), refuses the whole request with 404; an archived form is refused (409).
 */
export async function assignForm(db: Db, actor: Actor, input: { form: number; patients: string[]; dueDate: string | null }, notifier?: Notifier) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const form = await loadForm(tx, actor, input.form);
    const wanted = [...new Set(input.patients)];
    const patients = await patientsInScope(tx, actor, wanted);
    if (form.clinicId !== null && [...patients.values()].some((patient) => patient.clinicId !== form.clinicId)) throw notFound();
    if (form.archivedAt !== null) throw conflict(FORM_MESSAGES.archived);
    const inserted = await tx
      .insert(formAssignments)
      .values(
        wanted.map((patientId) => ({
          formId: form.id,
          versionId: form.versionId,
          patientId,
          clinicId: patients.get(patientId)?.clinicId ?? null,
          assignedBy: actor.id,
          dueDate: input.dueDate,
        })),
      )
      .returning({ id: formAssignments.id });
    await noticeFormsAssigned(
      tx,
      notifier,
      actor.id,
      inserted.map((row) => row.id),
    );
    const data = await assignmentsByIds(
      tx,
      inserted.map((row) => row.id),
    );
    return { assigned: data.length, data };
  });
}

/** `GET /api/get-forms/?patient=`: one patient's assignments in every state, newest first. */
export async function patientAssignments(db: Db, actor: Actor, patient: string | undefined): Promise<FormAssignment[]> {
  const patientId = patient ?? (isPatientCaller(actor) ? actor.id : undefined);
  if (!patientId) throw badRequest({ patient: ["Required."] });
  await assertPatientInScope(db, actor, patientId);
  const rows = await selectAssignments(db).where(eq(formAssignments.patientId, patientId)).orderBy(desc(formAssignments.createdAt), desc(formAssignments.id));
  return rows.map(toAssignment);
}

/** `GET /api/forms/assignments/{id}`: the assignment with its version's questions and its answers. */
export async function resolvedForm(db: Db, actor: Actor, id: number): Promise<ResolvedForm> {
  const row = await loadAssignment(db, actor, id);
  return toResolved(row, open(row.state) && mayAnswer(actor, row.patient.id as string));
}

/**
 * `POST /api/resolved-form/`: saves a draft (answers checked for type and range) or submits it
 * once (required answers too; the score is computed here and stored). The assignment is
 * locked, and its form shared-locked so an edit of the form cannot change the version while
 * the answers are checked against it. Answers written against a `formVersion` whose questions
 * have changed since (an offline draft sent late) are refused, 409 `formChanged`, rather than
 * stored under questions they did not answer. Any refusal writes nothing.
 */
export async function answerForm(
  db: Db,
  actor: Actor,
  input: { assignment: number; answers: FormAnswers; submit: boolean; formVersion?: string },
  notifier?: Notifier,
): Promise<ResolvedForm> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [target] = await tx
      .select({ patientId: formAssignments.patientId, formId: formAssignments.formId })
      .from(formAssignments)
      .where(eq(formAssignments.id, input.assignment));
    if (!target) throw notFound();
    // A patient is told the form is not theirs; staff out of scope are told nothing exists.
    if (isPatientCaller(actor) && target.patientId !== actor.id) throw forbidden(FORM_MESSAGES.notAssignedToYou);
    await tx.execute(sql`select 1 from ${dynamicForms} where ${dynamicForms.id} = ${target.formId} for share`);
    await tx.execute(sql`select 1 from ${formAssignments} where ${formAssignments.id} = ${input.assignment} for update`);
    const row = await loadAssignment(tx, actor, input.assignment);
    if (!mayAnswer(actor, target.patientId)) throw forbidden(FORM_MESSAGES.notAssignedToYou);
    if (!open(row.state)) throw codedConflict("alreadySubmitted", FORM_MESSAGES.alreadySubmitted);
    if (input.formVersion !== undefined && input.formVersion !== formVersionOf(row)) throw codedConflict("formChanged", FORM_MESSAGES.formChanged);
    const [version] = await tx
      .select({ fields: dynamicFormVersions.fields, scoring: dynamicFormVersions.scoring })
      .from(dynamicFormVersions)
      .where(eq(dynamicFormVersions.id, row.versionId));
    const definition = { fields: (version?.fields ?? []) as FormField[], scoring: version?.scoring ?? { total: null, subscales: [], bands: [] } };
    const errors = checkAnswers(definition, input.answers, input.submit);
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const answers = keptAnswers(input.answers);
    const change = input.submit
      ? { answers, state: "submitted", score: scoreAnswers(definition, answers), submittedAt: new Date(), submittedBy: actor.id }
      : { answers, state: "inProgress" };
    await tx.update(formAssignments).set(change).where(eq(formAssignments.id, row.id));
    if (input.submit) await noticeFormSubmitted(tx, notifier, actor.id, row.id);
    const updated = await loadAssignment(tx, actor, row.id);
    return toResolved(updated, open(updated.state) && mayAnswer(actor, target.patientId));
  });
}

/** `PUT /api/forms/assignments/{id}/review`: marks a submitted form reviewed, with a note (again: updates the note). */
export async function reviewForm(db: Db, actor: Actor, id: number, note: string): Promise<ResolvedForm> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select 1 from ${formAssignments} where ${formAssignments.id} = ${id} for update`);
    const row = await loadAssignment(tx, actor, id);
    if (open(row.state)) throw conflict(FORM_MESSAGES.notSubmitted);
    await tx
      .update(formAssignments)
      .set({ state: "reviewed", reviewedAt: new Date(), reviewedBy: actor.id, reviewNote: note })
      .where(eq(formAssignments.id, id));
    return toResolved(await loadAssignment(tx, actor, id), false);
  });
}

/** `DELETE /api/forms/assignments/{id}`: withdraws an assignment not submitted yet; answers already given stay. */
export async function withdrawAssignment(db: Db, actor: Actor, id: number): Promise<string> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select 1 from ${formAssignments} where ${formAssignments.id} = ${id} for update`);
    const row = await loadAssignment(tx, actor, id);
    if (!open(row.state)) throw conflict(FORM_MESSAGES.alreadySubmitted);
    await tx.delete(formAssignments).where(eq(formAssignments.id, id));
    return row.patient.id as string;
  });
}
