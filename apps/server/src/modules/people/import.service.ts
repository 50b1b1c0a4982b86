import {
  GROUP,
  IMPORT_FAILED_DETAIL,
  IMPORT_FIELDS,
  IMPORT_REQUIRED_FIELDS,
  type ImportField,
  type ImportKind,
  type ImportMapping,
  type ImportProgress,
  type ImportPreview,
  type ImportResult,
  type ImportRowError,
  type Language,
  personFieldsSchema,
} from "@clinic/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest, forbidden, HttpError, notFound } from "../../platform/errors.ts";
import { type OutgoingMail, queueMail } from "../../platform/mail.ts";
import { activeMembership, seatsInUse } from "../clinic/memberships/seats.ts";
import { insertUsers } from "../accounts/users.service.ts";
import { normaliseWord, type SheetRows, sheetPreview, suggestColumns } from "./import-file.ts";
import { userImportProgress } from "./import.table.ts";
import { invitationMessage, inviterOf, storeInvitations } from "./invitations.ts";
import { clinicForNewPerson, withEmailCheck } from "./people.service.ts";

/**
 * User import: admins and clinics create patients (clinics also therapists) from a spreadsheet,
 * all in one transaction or none at all; each new person gets the usual invitation, written to
 * the outbox (or the delivery queue) in that same transaction.
 */

/** Rows written between two progress reports. */
const WRITE_SLICE = 500;

/** Header words (lower case, without accents or punctuation) that suggest each field, English and Spanish. */
const HEADER_WORDS: Record<ImportField, string[]> = {
  nombres: ["nombres", "nombre", "firstname", "firstnames", "givenname", "givennames", "name", "first"],
  apellidos: ["apellidos", "apellido", "lastname", "surname", "surnames", "familyname", "last"],
  email: ["email", "emailaddress", "mail", "correo", "correoelectronico"],
  identification: ["identification", "identificacion", "id", "nationalid", "dni", "cedula", "documento", "document"],
  language: ["language", "idioma", "lang", "lengua"],
};

/** The column each field most likely comes from, by its header; each column used once. */
export const suggestMapping = (headers: string[]): Partial<Record<ImportField, number>> => suggestColumns(IMPORT_FIELDS, HEADER_WORDS, headers);

export const previewOf = (sheet: SheetRows): ImportPreview => sheetPreview(sheet, suggestMapping(sheet.headers));

/** Only admins and clinics import; a clinic into its own clinic, an admin into the one it names. */
export function assertCanImport(actor: Actor): void {
  if (!actor.isAdmin && actor.role !== "clinic") throw forbidden("Only clinics and administrators import people.");
}

const LANGUAGE_WORDS: Record<string, Language> = { en: "en", english: "en", ingles: "en", es: "es", spanish: "es", espanol: "es", castellano: "es" };

interface ValidRow {
  line: number;
  nombres: string;
  apellidos: string;
  identification: string;
  email: string;
  language: Language;
}

const MESSAGES = {
  required: "This field is required.",
  formula: "This cell holds a formula; type its value instead.",
  language: "Write en or es (English or Spanish).",
};

/** Each row checked with the shared person schema; errors name the row, the field and why. */
export function validateRows(sheet: SheetRows, mapping: ImportMapping): { valid: ValidRow[]; errors: ImportRowError[] } {
  const valid: ValidRow[] = [];
  const errors: ImportRowError[] = [];
  const firstLineOfEmail = new Map<string, number>();
  for (const { line, cells } of sheet.rows) {
    const rowErrors: ImportRowError[] = [];
    const values: Partial<Record<ImportField, string>> = {};
    for (const field of IMPORT_FIELDS) {
      const column = mapping[field];
      const cell = column === undefined ? "" : cells[column];
      if (cell !== undefined && typeof cell !== "string") {
        rowErrors.push({ row: line, field, code: "formula", message: MESSAGES.formula });
        continue;
      }
      values[field] = (cell ?? "").trim();
    }
    for (const field of IMPORT_REQUIRED_FIELDS) {
      if (values[field] === "") rowErrors.push({ row: line, field, code: "required", message: MESSAGES.required });
    }
    const languageText = values.language ?? "";
    const language = languageText === "" ? "en" : LANGUAGE_WORDS[normaliseWord(languageText)];
    if (language === undefined) rowErrors.push({ row: line, field: "language", code: "invalid", message: MESSAGES.language });
    if (rowErrors.length === 0) {
      const parsed = personFieldsSchema.safeParse({ ...values, language });
      if (parsed.success) {
        const email = parsed.data.email;
        const first = firstLineOfEmail.get(email);
        if (first !== undefined) {
          rowErrors.push({ row: line, field: "email", code: "duplicate", message: `This email is also on row ${first} of the file.`, params: { first } });
        } else {
          firstLineOfEmail.set(email, line);
          valid.push({ line, ...parsed.data, identification: parsed.data.identification, language: parsed.data.language });
        }
      } else {
        for (const issue of parsed.error.issues) {
          const field = IMPORT_FIELDS.find((name) => name === issue.path[0]) ?? null;
          rowErrors.push({ row: line, field, code: "invalid", message: issue.message });
        }
      }
    }
    errors.push(...rowErrors);
  }
  return { valid, errors };
}

/** Rows whose email another account already uses (one query for the whole file). */
async function emailsInUse(tx: Db, rows: ValidRow[]): Promise<ImportRowError[]> {
  if (rows.length === 0) return [];
  const found = await tx
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        rows.map((row) => row.email),
      ),
    );
  const taken = new Set(found.map((row) => row.email));
  return rows
    .filter((row) => taken.has(row.email))
    .map((row) => ({ row: row.line, field: "email" as const, code: "emailTaken" as const, message: "This email address is already used by another account." }));
}

/** The membership's seats: an error on the first row beyond what is left, when the file needs more. */
async function seatError(tx: Db, clinicId: string, kind: ImportKind, rows: SheetRows["rows"]): Promise<ImportRowError | null> {
  const firstLine = rows[0]?.line ?? 2;
  const held = await activeMembership(tx, clinicId);
  if (!held) {
    return {
      row: firstLine,
      field: null,
      code: "noMembership",
      message: "This clinic has no active membership today, so it cannot add therapists or patients. An administrator can assign one.",
    };
  }
  const limit = kind === "therapist" ? held.membership.nUsers : held.membership.nPatients;
  const used = await seatsInUse(tx, clinicId, kind);
  const free = Math.max(0, limit - used);
  if (rows.length <= free) return null;
  return {
    row: rows[free]?.line ?? firstLine,
    field: null,
    code: "seats",
    message: `The clinic's membership allows ${limit} ${kind}s and ${used} are in use, so ${free} more can be imported; this file has ${rows.length}.`,
    params: { limit, used, free, wanted: rows.length, kind },
  };
}

/** Records how far an import has got (its own statement, outside the import's transaction, so polls see it). */
export type ProgressReport = (phase: ImportProgress["phase"], done: number) => Promise<void>;

export function progressReporter(db: Db, id: string, actorId: string, total: number): ProgressReport {
  return async (phase, done) => {
    // An id another user already holds is left alone: their poll keeps reading their own import.
    await db.execute(sql`insert into user_import_progress (id, actor_id, phase, done, total) values (${id}, ${actorId}, ${phase}, ${done}, ${total})
      on conflict (id) do update set phase = excluded.phase, done = excluded.done, updated_at = now()
      where user_import_progress.actor_id = excluded.actor_id`);
    if (phase === "checking") await db.execute(sql`delete from user_import_progress where updated_at < now() - interval '1 day'`);
  };
}

/** The progress of the actor's own import; 404 for anyone else's, as if it did not exist. */
export async function importProgress(db: Db, actor: Actor, id: string): Promise<ImportProgress> {
  const [row] = await db
    .select({ phase: userImportProgress.phase, done: userImportProgress.done, total: userImportProgress.total })
    .from(userImportProgress)
    .where(and(eq(userImportProgress.id, id), eq(userImportProgress.actorId, actor.id)));
  if (!row) throw notFound();
  return row;
}

const failed = (errors: ImportRowError[]) => new HttpError(400, { detail: IMPORT_FAILED_DETAIL, rowErrors: errors.sort((a, b) => a.row - b.row) });

/**
 * Creates every person of the sheet or none: the rows are checked, then, inside one
 * transaction with the clinic's row locked (as a single add does), the emails in use and the
 * seats; any error rolls everything back and answers the whole report.
 */
export async function importPeople(
  app: FastifyInstance,
  actor: Actor,
  input: { kind: ImportKind; clinicId?: string; mapping: ImportMapping },
  sheet: SheetRows,
  report: ProgressReport = async () => {},
): Promise<ImportResult> {
  assertCanImport(actor);
  const clinicId = await clinicForNewPerson(app.db, actor, input.clinicId);
  for (const column of Object.values(input.mapping)) {
    if (column !== undefined && column >= sheet.headers.length) throw badRequest({ mapping: ["The mapping names a column the file does not have."] });
  }
  await report("checking", 0);
  const { valid, errors } = validateRows(sheet, input.mapping);
  const inviter = await inviterOf(app.db, actor);
  const group = input.kind === "therapist" ? GROUP.therapist : GROUP.patient;
  await withEmailCheck(() =>
    app.db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id = ${clinicId} for update`);
      const seats = await seatError(tx, clinicId, input.kind, sheet.rows);
      const all = [...errors, ...(await emailsInUse(tx, valid)), ...(seats ? [seats] : [])];
      if (all.length > 0) throw failed(all);
      // In slices, so the progress bar moves while thousands of rows are written.
      for (let start = 0; start < valid.length; start += WRITE_SLICE) {
        const slice = valid.slice(start, start + WRITE_SLICE);
        const ids = await insertUsers(
          tx,
          slice.map(({ line: _line, ...fields }) => ({ ...fields, groups: [group], clinicId })),
        );
        const tokens = await storeInvitations(tx, ids);
        const messages: OutgoingMail[] = slice.map((row, index) =>
          invitationMessage(
            app,
            { id: ids[index] as string, email: row.email, name: `${row.nombres} ${row.apellidos}`.trim(), language: row.language },
            tokens[index] as string,
            inviter,
          ),
        );
        await queueMail(tx, app.mailer, app.jobs, messages);
        await report("writing", start + slice.length);
      }
    }),
  );
  await report("done", valid.length);
  return { imported: valid.length };
}
