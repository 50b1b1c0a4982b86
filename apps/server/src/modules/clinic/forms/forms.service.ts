import { type DynamicForm, FORM_MESSAGES, type FormInputParsed, type FormsPage, type FormsQuery, type FormSummary, isScored, scoreRange } from "@clinic/shared";
import { and, asc, eq, isNotNull, isNull, max, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { type Actor, assertCatalogueAccess, canChangeCatalogueRow, catalogueOwnerFor, catalogueScope } from "../../../platform/access.ts";
import { conflict, forbidden, notFound } from "../../../platform/errors.ts";
import { recordPageRead } from "../../../platform/page-cache.ts";
import { containsText, writesOf } from "../../../platform/paging.ts";
import { dynamicForms, dynamicFormVersions, formAssignments } from "./forms.table.ts";

type Reader = Pick<Db, "select" | "execute">;

/** An assignment "holds answers" once a draft saved some or it was submitted: editing then makes a new version. */
export const holdsAnswers = sql`(${formAssignments.answers} <> '{}'::jsonb or ${formAssignments.submittedAt} is not null)`;

const formColumns = {
  id: dynamicForms.id,
  name: dynamicForms.name,
  description: dynamicForms.description,
  language: dynamicForms.language,
  clinicId: dynamicForms.clinicId,
  standardKey: dynamicForms.standardKey,
  archivedAt: dynamicForms.archivedAt,
  updatedAt: dynamicForms.updatedAt,
  versionId: dynamicFormVersions.id,
  version: dynamicFormVersions.version,
  fields: dynamicFormVersions.fields,
  scoring: dynamicFormVersions.scoring,
};
export type FormRow = Awaited<ReturnType<ReturnType<typeof selectForms>["execute"]>>[number];

function selectForms(db: Reader) {
  return db.select(formColumns).from(dynamicForms).innerJoin(dynamicFormVersions, eq(dynamicFormVersions.id, dynamicForms.currentVersionId));
}

/**
 * A list's columns: the questions are counted in the database, so a list never carries every
 * form's questions (a questionnaire's run to tens of kilobytes) to count them here.
 */
const { fields: _fields, scoring: _scoring, ...summaryColumns } = formColumns;
// A path query, not a set-returning function in a FROM: the statement then names only tables, so its answer can be kept (page-cache.ts).
const questionCount = sql<number>`jsonb_array_length(jsonb_path_query_array(${dynamicFormVersions.fields}, '$[*] ? (@.type != "section")'))`;
type SummaryRow = Omit<FormRow, "fields" | "scoring"> & { questionCount: number };

function selectSummaries(db: Reader, extra: { total?: SQL<number> } = {}) {
  return db
    .select({ ...summaryColumns, questionCount, ...extra })
    .from(dynamicForms)
    .innerJoin(dynamicFormVersions, eq(dynamicFormVersions.id, dynamicForms.currentVersionId));
}

function toSummary(actor: Actor, row: SummaryRow): FormSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    language: row.language as FormSummary["language"],
    clinicId: row.clinicId,
    standard: row.standardKey !== null,
    archived: row.archivedAt !== null,
    version: row.version,
    questionCount: row.questionCount,
    editable: row.standardKey === null && canChangeCatalogueRow(actor, row.clinicId),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toForm(actor: Actor, row: FormRow, answeredCount: number): DynamicForm {
  return {
    ...toSummary(actor, { ...row, questionCount: row.fields.filter((field) => field.type !== "section").length }),
    versionId: row.versionId,
    fields: row.fields,
    scoring: row.scoring,
    totalRange: row.scoring.total === null ? null : scoreRange(row.fields.filter(isScored), row.scoring.total),
    answeredCount,
  };
}

/**
 * One form the actor's catalogue holds (the platform's and their clinic's; any for admins):
 * another clinic's form is not found, so its existence is not told.
 */
export async function loadForm(db: Reader, actor: Actor, id: number): Promise<FormRow> {
  const [row] = await selectForms(db).where(and(eq(dynamicForms.id, id), catalogueScope(actor, dynamicForms.clinicId)));
  if (!row) throw notFound();
  return row;
}

async function answeredCountOf(db: Reader, formId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(formAssignments)
    .where(and(eq(formAssignments.formId, formId), holdsAnswers));
  return row?.n ?? 0;
}

/**
 * Reports a list's one statement to the kept answer being made (kept-answers.ts), so the answer is
 * kept against the versions of the tables it reads.
 */
function recordRead(db: Db, actor: Actor, query: { toSQL(): { sql: string } }): void {
  const writes = writesOf(db);
  if (!writes) return;
  recordPageRead(
    actor,
    writes.pages.stampOf(query.toSQL().sql, actor.tableVersions, (tables) => writes.stamp(tables)),
  );
}

/** `GET /api/forms/`: spec §3's dynamic-forms page, whose `page` is the total count. One statement, kept by its route. */
export async function listForms(db: Db, actor: Actor, query: FormsQuery): Promise<FormsPage> {
  const where = and(catalogueScope(actor, dynamicForms.clinicId), query.archived ? isNotNull(dynamicForms.archivedAt) : isNull(dynamicForms.archivedAt));
  const offset = query.offset ?? (query.page - 1) * query.limit;
  const read = selectSummaries(db, { total: sql<number>`(count(*) over ())::int` })
    .where(where)
    .orderBy(asc(dynamicForms.name), asc(dynamicForms.id))
    .limit(query.limit)
    .offset(offset);
  recordRead(db, actor, read);
  const rows = await read;
  // Past the end no row carries the total: counted on its own (the same tables: the kept answer still holds).
  const total = rows[0]?.total ?? (await countForms(db, where));
  return { data: rows.map((row) => toSummary(actor, row)), page: total, total };
}

async function countForms(db: Db, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(dynamicForms).where(where);
  return row?.n ?? 0;
}

/** `GET /api/search-form/{q}/`: the first 20 assignable forms whose name holds `q`. */
export async function searchForms(db: Db, actor: Actor, q: string): Promise<FormsPage> {
  const read = selectSummaries(db)
    .where(and(catalogueScope(actor, dynamicForms.clinicId), isNull(dynamicForms.archivedAt), containsText(dynamicForms.name, q.trim())))
    .orderBy(asc(dynamicForms.name), asc(dynamicForms.id))
    .limit(20);
  recordRead(db, actor, read);
  const rows = await read;
  return { data: rows.map((row) => toSummary(actor, row)), page: rows.length, total: rows.length };
}

export async function getForm(db: Db, actor: Actor, id: number): Promise<DynamicForm> {
  return toForm(actor, await loadForm(db, actor, id), await answeredCountOf(db, id));
}

/** `GET /api/fields/{id}`: the current version's questions. */
export async function formFields(db: Db, actor: Actor, id: number) {
  const row = await loadForm(db, actor, id);
  return { formId: row.id, versionId: row.versionId, version: row.version, fields: row.fields };
}

/** Inserts a form and its first version (`tx` is the caller's transaction). */
export async function insertForm(tx: Db, input: FormInputParsed, owner: { clinicId: string | null; createdBy: string | null; standardKey?: string }) {
  const [form] = await tx
    .insert(dynamicForms)
    .values({
      name: input.name,
      description: input.description,
      language: input.language,
      clinicId: owner.clinicId,
      createdBy: owner.createdBy,
      standardKey: owner.standardKey ?? null,
    })
    .returning({ id: dynamicForms.id });
  const formId = (form as { id: number }).id;
  const [version] = await tx
    .insert(dynamicFormVersions)
    .values({ formId, version: 1, fields: input.fields, scoring: input.scoring })
    .returning({ id: dynamicFormVersions.id });
  await tx
    .update(dynamicForms)
    .set({ currentVersionId: (version as { id: number }).id })
    .where(eq(dynamicForms.id, formId));
  return formId;
}

export async function createForm(db: Db, actor: Actor, input: FormInputParsed): Promise<DynamicForm> {
  const clinicId = catalogueOwnerFor(actor);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const id = await insertForm(tx, input, { clinicId, createdBy: actor.id });
    return toForm(actor, await loadForm(tx, actor, id), 0);
  });
}

/**
 * The form, locked for the rest of the transaction, once the actor may change it: another
 * clinic's is not found, the platform's (for non-admins) is refused, and a validated
 * questionnaire is never changed (it is copied instead).
 */
async function lockChangeable(tx: Db, actor: Actor, id: number): Promise<FormRow> {
  await tx.execute(sql`select 1 from ${dynamicForms} where ${dynamicForms.id} = ${id} for update`);
  const row = await loadForm(tx, actor, id);
  if (row.standardKey !== null) throw forbidden(FORM_MESSAGES.standardForm);
  return assertCatalogueAccess(actor, row, "change");
}

/**
 * `PUT /api/delete-update-form/{id}`. A form whose assignments hold no answers is edited in
 * place; once any does, the questions go to a new version and the assignments not answered yet
 * move to it, so every answer keeps the questions it answered.
 */
export async function updateForm(db: Db, actor: Actor, id: number, input: FormInputParsed): Promise<DynamicForm> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const current = await lockChangeable(tx, actor, id);
    const answered = await answeredCountOf(tx, id);
    if (answered === 0) {
      await tx.update(dynamicFormVersions).set({ fields: input.fields, scoring: input.scoring }).where(eq(dynamicFormVersions.id, current.versionId));
      await tx.update(dynamicForms).set({ name: input.name, description: input.description, language: input.language }).where(eq(dynamicForms.id, id));
    } else {
      const [last] = await tx
        .select({ version: max(dynamicFormVersions.version) })
        .from(dynamicFormVersions)
        .where(eq(dynamicFormVersions.formId, id));
      const [version] = await tx
        .insert(dynamicFormVersions)
        .values({ formId: id, version: (last?.version ?? current.version) + 1, fields: input.fields, scoring: input.scoring })
        .returning({ id: dynamicFormVersions.id });
      const versionId = (version as { id: number }).id;
      await tx
        .update(dynamicForms)
        .set({ name: input.name, description: input.description, language: input.language, currentVersionId: versionId })
        .where(eq(dynamicForms.id, id));
      await tx
        .update(formAssignments)
        .set({ versionId })
        .where(and(eq(formAssignments.formId, id), sql`not ${holdsAnswers}`));
    }
    return toForm(actor, await loadForm(tx, actor, id), answered);
  });
}

/** `DELETE /api/delete-update-form/{id}`: refused (409) once any answer exists; unanswered assignments go with it. */
export async function deleteForm(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockChangeable(tx, actor, id);
    if ((await answeredCountOf(tx, id)) > 0) throw conflict(FORM_MESSAGES.formHasAnswers);
    await tx.delete(formAssignments).where(eq(formAssignments.formId, id));
    await tx.delete(dynamicForms).where(eq(dynamicForms.id, id));
  });
}

/** `PUT /api/forms/{id}/archive`: an archived form cannot be assigned; its results stay. */
export async function archiveForm(db: Db, actor: Actor, id: number, archived: boolean): Promise<DynamicForm> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const current = await lockChangeable(tx, actor, id);
    if (archived !== (current.archivedAt !== null)) {
      await tx
        .update(dynamicForms)
        .set({ archivedAt: archived ? new Date() : null })
        .where(eq(dynamicForms.id, id));
    }
    return toForm(actor, await loadForm(tx, actor, id), await answeredCountOf(tx, id));
  });
}
