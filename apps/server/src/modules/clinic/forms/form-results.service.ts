import type { FormAnswerValue, FormAssignmentState, FormField, FormResultsQuery } from "@clinic/shared";
import { and, asc, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import { type Actor, catalogueScope, patientScope } from "../../../platform/access.ts";
import { notFound } from "../../../platform/errors.ts";
import type { ExportColumn } from "../../../platform/exports.ts";
import { containsPattern, pageOf } from "../../../platform/paging.ts";
import { patientFound } from "../assignments/patient-check.ts";
import { loadForm } from "./forms.service.ts";
import { dynamicForms, formAssignments } from "./forms.table.ts";
import { isPatientCaller } from "./form-assignments.service.ts";
import { type AssignmentRow, countedResults, patientName, selectAssignments, selectResults, toAssignment } from "./form-rows.ts";

type Filters = Pick<FormResultsQuery, "q" | "since" | "to" | "patient" | "form">;

/**
 * Submitted (or reviewed) answers the actor may read, filtered; `since`/`to` are inclusive days
 * of the submission. `shaped`: each filter's value is a placeholder, filled from
 * `resultsValues`, so the statement's text depends only on which filters are set (`resultsShape`).
 */
function resultsWhere(actor: Actor, filters: Filters, shaped = false): SQL {
  const values = resultsValues(actor, filters);
  const value = (name: string) => (shaped ? sql.placeholder(name) : sql`${values[name]}`);
  return and(
    inArray(formAssignments.state, ["submitted", "reviewed"]),
    patientScope({ ...actor, id: value("actor") as unknown as string }, formAssignments.patientId),
    filters.q?.trim() ? or(sql`${dynamicForms.name} ilike ${value("text")}`, sql`${patientName} ilike ${value("text")}`) : undefined,
    filters.since ? sql`${formAssignments.submittedAt} >= ${value("since")}::date` : undefined,
    filters.to ? sql`${formAssignments.submittedAt} < ${value("to")}::date + 1` : undefined,
    filters.patient ? eq(formAssignments.patientId, value("patient") as unknown as string) : undefined,
    filters.form ? eq(formAssignments.formId, value("form") as unknown as number) : undefined,
  ) as SQL;
}

/** Which filters are set, and the actor's role: all that changes the text of `resultsWhere`. */
const resultsShape = (actor: Actor, filters: Filters) =>
  [
    actor.role,
    filters.q?.trim() ? "q" : "",
    filters.since ? "since" : "",
    filters.to ? "to" : "",
    filters.patient ? "patient" : "",
    filters.form ? "form" : "",
  ].join(",");

function resultsValues(actor: Actor, filters: Filters): Record<string, unknown> {
  const q = filters.q?.trim();
  return { actor: actor.id, text: q ? containsPattern(q) : null, since: filters.since, to: filters.to, patient: filters.patient, form: filters.form };
}

/**
 * `GET /api/resolved-dynamic-forms/`: newest submission first. One statement, its page with its
 * total, built once per shape and kept (paging.ts) while no table it reads changes.
 */
export async function listResults(db: Db, actor: Actor, query: FormResultsQuery) {
  const where = resultsWhere(actor, query, true);
  const page = await pageOf(
    db,
    actor,
    query,
    { tables: [formAssignments, dynamicForms, users], counted: countedResults(db, where) },
    (pageTotal, { limit, offset }) =>
      selectResults(db, pageTotal).where(where).orderBy(desc(formAssignments.submittedAt), desc(formAssignments.id)).limit(limit).offset(offset),
    { key: `form-results:${resultsShape(actor, query)}`, values: resultsValues(actor, query) },
  );
  return { ...page, data: page.data.map((row) => toAssignment(row as AssignmentRow)) };
}

/**
 * `GET /api/resolved-dynamic-Form/{a}/{b}/`: patient a's submitted answers to form b over every
 * version, oldest first (the score-over-time chart). A patient or form out of scope is not found.
 */
export async function patientFormHistory(db: Db, actor: Actor, patientId: string, formId: number, filters: Pick<Filters, "q" | "since" | "to">) {
  // Both checks in one statement. Patients do not read the catalogue; their answers are their own whatever the form's owner.
  const formVisible = isPatientCaller(actor)
    ? sql`true`
    : sql`exists (select 1 from ${dynamicForms} where ${dynamicForms.id} = ${formId} and ${catalogueScope(actor, dynamicForms.clinicId)})`;
  const checks = await db.execute<{ patient: boolean; form: boolean }>(sql`select ${patientFound(actor, patientId)} as patient, ${formVisible} as form`);
  const [found] = checks.rows;
  if (!found?.patient || !found.form) throw notFound();
  const rows = await selectAssignments(db)
    .where(resultsWhere(actor, { ...filters, patient: patientId, form: formId }))
    .orderBy(asc(formAssignments.submittedAt), asc(formAssignments.id));
  return rows.map(toAssignment);
}

/** The export's own words, in the caller's language (questions and subscales keep the form's). */
const EXPORT_WORDS = {
  en: {
    submitted: "Submitted",
    patient: "Patient",
    form: "Form",
    version: "Version",
    state: "State",
    band: "Band",
    yes: "yes",
    no: "no",
    states: { assigned: "assigned", inProgress: "in progress", submitted: "submitted", reviewed: "reviewed" },
  },
  es: {
    submitted: "Enviado",
    patient: "Paciente",
    form: "Formulario",
    version: "Versión",
    state: "Estado",
    band: "Nivel",
    yes: "sí",
    no: "no",
    states: { assigned: "asignado", inProgress: "en curso", submitted: "enviado", reviewed: "revisado" },
  },
} satisfies Record<string, { states: Record<FormAssignmentState, string> } & Record<string, unknown>>;
type ExportWords = (typeof EXPORT_WORDS)["en"];

/** An answer as a spreadsheet cell: choices by their labels, yes/no as words. */
function answerText(field: FormField, value: FormAnswerValue | undefined, words: ExportWords): string | number | null {
  if (value === undefined || value === null) return null;
  if (field.type === "singleChoice" || field.type === "multipleChoice") {
    const picked = Array.isArray(value) ? value : [String(value)];
    return picked.map((choice) => field.options.find((option) => option.value === choice)?.label ?? choice).join("; ");
  }
  if (typeof value === "boolean") return value ? words.yes : words.no;
  if (Array.isArray(value)) return value.join("; ");
  return value;
}

export interface ExportRows {
  rows: AssignmentRow[];
  columns: ExportColumn<AssignmentRow>[];
}

/**
 * `GET /api/forms/results/export`: the results the list shows (every page, newest first) with
 * the total, band and each subscale; with `form`, one column per question of its current
 * version, matched by key on older versions too (a question added later is empty there).
 */
export async function exportResults(db: Db, actor: Actor, filters: Filters, maxRows: number): Promise<ExportRows> {
  const words = EXPORT_WORDS[actor.language === "es" ? "es" : "en"];
  const form = filters.form ? await loadForm(db, actor, filters.form) : null;
  const rows = await selectAssignments(db)
    .where(resultsWhere(actor, filters))
    .orderBy(desc(formAssignments.submittedAt), desc(formAssignments.id))
    .limit(maxRows);
  const subscales = new Map<string, string>();
  for (const row of rows) for (const subscale of row.score?.subscales ?? []) if (!subscales.has(subscale.key)) subscales.set(subscale.key, subscale.name);
  const columns: ExportColumn<AssignmentRow>[] = [
    { header: words.submitted, value: (row) => row.submittedAt?.toISOString().slice(0, 10) ?? null, width: 12 },
    { header: words.patient, value: (row) => row.patient.name ?? row.patient.email ?? "", width: 28 },
    { header: words.form, value: (row) => row.formName, width: 32 },
    { header: words.version, value: (row) => row.version, width: 8 },
    { header: words.state, value: (row) => words.states[row.state as FormAssignmentState] ?? row.state, width: 10 },
    { header: "Total", value: (row) => row.score?.total ?? null, width: 8 },
    { header: words.band, value: (row) => row.score?.band ?? null, width: 16 },
    ...[...subscales].map(
      ([key, name]): ExportColumn<AssignmentRow> => ({
        header: name,
        value: (row) => row.score?.subscales.find((subscale) => subscale.key === key)?.score ?? null,
        width: 12,
      }),
    ),
  ];
  if (form) {
    for (const field of form.fields) {
      if (field.type === "section") continue;
      columns.push({
        header: field.label,
        value: (row) => {
          const asked = (row.fields as FormField[]).find((candidate) => candidate.key === field.key) ?? field;
          return answerText(asked, row.answers[field.key], words);
        },
        width: 24,
      });
    }
  }
  return { rows, columns };
}
