import {
  CRM_IMPORT_DONE,
  CRM_IMPORT_FAILED,
  CRM_IMPORT_FIELDS,
  type CrmImportField,
  type CrmImportMapping,
  type CrmImportPreview,
  type CrmImportResult,
  type CrmImportRowError,
} from "@clinic/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest, HttpError, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { normaliseWord, type SheetRows, sheetPreview, suggestColumns } from "../people/import-file.ts";
import type { ProgressReport } from "../people/import.service.ts";
import { crmClients, crmListClients } from "./crm.table.ts";
import { type TrackingEntry, track } from "./tracking.ts";

/**
 * Clients from a spreadsheet (issue 36.6): the CRM admin maps the file's columns onto the client
 * fields, every row is checked (and the emails against the clinic's clients) before anything
 * is written, and then one transaction writes them all, a thousand rows per statement, with a
 * timeline line each. Any refused row answers the whole report and writes nothing.
 */

/** Rows per insert statement, and between two progress reports. */
const CHUNK = 1000;

const LIMITS: Partial<Record<CrmImportField, number>> = {
  firstName: 120,
  lastName: 120,
  organisation: 200,
  email: 254,
  phone: 40,
  city: 120,
  address: 1000,
  tags: 1000,
  ownerEmail: 254,
};
const TAG_MAX = 60;
const TAGS_MAX = 20;

/** Header words (normalised) that suggest each field, English and Spanish; the export's own headers among them, so an export imports back. */
const HEADER_WORDS: Record<CrmImportField, string[]> = {
  kind: ["kind", "type", "tipo", "clase", "clienttype", "tipodecliente"],
  firstName: ["firstname", "firstnames", "givenname", "name", "first", "nombre", "nombres"],
  lastName: ["lastname", "surname", "surnames", "familyname", "last", "apellido", "apellidos"],
  organisation: ["organisation", "organization", "company", "business", "employer", "organizacion", "empresa", "entidad", "centro"],
  email: ["email", "emailaddress", "mail", "correo", "correoelectronico"],
  phone: ["phone", "telephone", "phonenumber", "mobile", "tel", "telefono", "movil", "celular"],
  city: ["city", "town", "ciudad", "localidad", "municipio", "poblacion"],
  address: ["address", "street", "direccion", "domicilio"],
  consent: ["consent", "consenttocontact", "optin", "consentimiento", "acepta", "autoriza"],
  tags: ["tags", "tag", "labels", "etiquetas", "etiqueta"],
  ownerEmail: ["owner", "owneremail", "agent", "agentemail", "responsable", "agente", "correodelresponsable", "correodelagente"],
};

/** The column each field most likely comes from, by its header; each column used once. */
export const suggestCrmMapping = (headers: readonly string[]): Partial<Record<CrmImportField, number>> =>
  suggestColumns(CRM_IMPORT_FIELDS, HEADER_WORDS, headers);

export const crmPreviewOf = (sheet: SheetRows): CrmImportPreview => sheetPreview(sheet, suggestCrmMapping(sheet.headers));

/** A cell a spreadsheet would run as a formula (OWASP CSV injection: = + - @ first). */
const FORMULA_START = /^[=+\-@]/;
/** A phone number written with its country code ("+34 600 123 456") is a phone, not a formula. */
const PHONE = /^\+?[0-9(][0-9 ()./-]*$/;

const YES = new Set(["yes", "y", "true", "1", "si", "x", "consent", "consiente"]);
const NO = new Set(["no", "n", "false", "0"]);
const PERSON = new Set(["person", "persona", "individual", "people", "p", "particular"]);
const ORGANISATION = new Set(["organisation", "organization", "organizacion", "company", "empresa", "entidad", "org", "o", "business"]);

const MESSAGES = {
  formula: "This cell starts like a formula (= + - @); type its value instead.",
  tooLong: (max: number) => `Too long: at most ${max} characters.`,
  kind: "Write person or organisation.",
  person: "Give the person's first or last name.",
  organisation: "Give the organisation's name.",
  email: "This is not a valid email address.",
  phone: "Write digits, spaces and + ( ) . - / only.",
  consent: "Write yes or no.",
  tags: `At most ${TAGS_MAX} tags of ${TAG_MAX} characters each.`,
  duplicate: (first: number) => `This email is also on row ${first} of the file.`,
  emailTaken: "The clinic already has a client with this email.",
  unknownOwner: "No user of this clinic has this email.",
};

const emailSchema = z.email();

/** A checked row, ready to write. */
export interface ClientRow {
  line: number;
  kind: "person" | "organisation";
  firstName: string;
  lastName: string;
  organisation: string;
  email: string | null;
  phone: string;
  city: string;
  address: string;
  consent: boolean;
  tags: string[];
  ownerEmail: string | null;
}

/** A row's emails to look up in the clinic: its own (taken?) and its owner's (a user of the clinic?). */
export interface Lookup {
  line: number;
  email: string | null;
  ownerEmail: string | null;
}

/** Every row checked on its own and against the file's other rows; errors name the row, the field and why. */
export function validateClientRows(sheet: SheetRows, mapping: CrmImportMapping): { rows: ClientRow[]; errors: CrmImportRowError[]; lookups: Lookup[] } {
  const rows: ClientRow[] = [];
  const errors: CrmImportRowError[] = [];
  const lookups: Lookup[] = [];
  const firstLineOfEmail = new Map<string, number>();
  for (const { line, cells } of sheet.rows) {
    const rowErrors: CrmImportRowError[] = [];
    const fail = (field: CrmImportField | null, code: CrmImportRowError["code"], message: string, params?: CrmImportRowError["params"]) =>
      rowErrors.push({ row: line, field, code, message, ...(params ? { params } : {}) });
    const values = {} as Record<CrmImportField, string>;
    for (const field of CRM_IMPORT_FIELDS) {
      const column = mapping[field];
      const cell = column === undefined ? "" : (cells[column] ?? "");
      const text = typeof cell === "string" ? cell.trim() : cell.formula;
      values[field] = "";
      if (typeof cell !== "string" || (FORMULA_START.test(text) && !(field === "phone" && PHONE.test(text)))) {
        fail(field, "formula", MESSAGES.formula);
        continue;
      }
      const max = LIMITS[field];
      if (max !== undefined && text.length > max) {
        fail(field, "tooLong", MESSAGES.tooLong(max), { max });
        continue;
      }
      values[field] = text;
    }
    const failed = (field: CrmImportField) => rowErrors.some((error) => error.field === field);

    const kindWord = normaliseWord(values.kind);
    let kind: ClientRow["kind"] | null = null;
    if (kindWord === "") kind = values.firstName === "" && values.lastName === "" && values.organisation !== "" ? "organisation" : "person";
    else if (PERSON.has(kindWord)) kind = "person";
    else if (ORGANISATION.has(kindWord)) kind = "organisation";
    else if (!failed("kind")) fail("kind", "invalid", MESSAGES.kind);
    if (kind === "organisation" && values.organisation === "" && !failed("organisation")) fail("organisation", "required", MESSAGES.organisation);
    if (kind === "person" && values.firstName === "" && values.lastName === "" && !failed("firstName") && !failed("lastName"))
      fail("firstName", "required", MESSAGES.person);

    let email: string | null = null;
    if (values.email !== "") {
      if (!emailSchema.safeParse(values.email).success) fail("email", "invalid", MESSAGES.email);
      else {
        email = values.email.toLowerCase();
        const first = firstLineOfEmail.get(email);
        if (first !== undefined) fail("email", "duplicate", MESSAGES.duplicate(first), { first });
        else firstLineOfEmail.set(email, line);
      }
    }
    const digits = values.phone.replace(/\D/g, "").length;
    if (values.phone !== "" && (!PHONE.test(values.phone) || digits < 3)) fail("phone", "invalid", MESSAGES.phone);

    const consentWord = normaliseWord(values.consent);
    const consent = consentWord === "" || NO.has(consentWord) ? false : YES.has(consentWord) ? true : null;
    if (consent === null) fail("consent", "invalid", MESSAGES.consent);

    // "physio; school" or "physio, school": each tag trimmed, the first spelling of a repeated one kept.
    const tags: string[] = [];
    const seen = new Set<string>();
    for (const tag of values.tags.split(/[;,]/).map((part) => part.trim())) {
      if (tag === "" || seen.has(tag.toLowerCase())) continue;
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
    if (tags.some((tag) => FORMULA_START.test(tag))) fail("tags", "formula", MESSAGES.formula);
    else if (tags.length > TAGS_MAX || tags.some((tag) => tag.length > TAG_MAX)) fail("tags", "invalid", MESSAGES.tags);

    let ownerEmail: string | null = null;
    if (values.ownerEmail !== "") {
      if (emailSchema.safeParse(values.ownerEmail).success) ownerEmail = values.ownerEmail.toLowerCase();
      else fail("ownerEmail", "invalid", MESSAGES.email);
    }
    // Checked against the clinic even on a refused row, so one report names everything to correct.
    if ((email && !failed("email")) || ownerEmail) lookups.push({ line, email: failed("email") ? null : email, ownerEmail });

    if (rowErrors.length > 0 || kind === null || consent === null) {
      errors.push(...rowErrors);
      continue;
    }
    rows.push({
      line,
      kind,
      firstName: values.firstName,
      lastName: values.lastName,
      organisation: values.organisation,
      email,
      phone: values.phone,
      city: values.city,
      address: values.address,
      consent,
      tags,
      ownerEmail,
    });
  }
  return { rows, errors, lookups };
}

/**
 * The clinic's side of the check, in one statement: which of the file's emails a client of the
 * clinic already has, and the ids of the owners named (users of the clinic, or the clinic itself).
 */
async function checkAgainstClinic(tx: Db, clinicId: string, rows: readonly Lookup[]): Promise<{ errors: CrmImportRowError[]; owners: Map<string, string> }> {
  const emails = [...new Set(rows.flatMap((row) => (row.email ? [row.email] : [])))];
  const ownerEmails = [...new Set(rows.flatMap((row) => (row.ownerEmail ? [row.ownerEmail] : [])))];
  if (emails.length === 0 && ownerEmails.length === 0) return { errors: [], owners: new Map() };
  const found = await tx.execute<{ kind: "taken" | "owner"; email: string; id: string | null }>(sql`
    select 'taken' as kind, lower(c.email) as email, null as id from crm_clients c
      where c.clinic_id = ${clinicId} and lower(c.email) = any(${sql.param(emails)}::text[])
    union all
    select 'owner', lower(u.email), u.id from users u
      where lower(u.email) = any(${sql.param(ownerEmails)}::text[]) and (u.clinic_id = ${clinicId} or u.id = ${clinicId}) and u.is_active`);
  const taken = new Set(found.rows.filter((row) => row.kind === "taken").map((row) => row.email));
  const owners = new Map(found.rows.filter((row) => row.kind === "owner").map((row) => [row.email, row.id as string]));
  const errors: CrmImportRowError[] = [];
  for (const row of rows) {
    if (row.email && taken.has(row.email)) errors.push({ row: row.line, field: "email", code: "emailTaken", message: MESSAGES.emailTaken });
    if (row.ownerEmail && !owners.has(row.ownerEmail))
      errors.push({ row: row.line, field: "ownerEmail", code: "unknownOwner", message: MESSAGES.unknownOwner });
  }
  return { errors, owners };
}

const failure = (errors: CrmImportRowError[]) =>
  new HttpError(400, {
    detail: CRM_IMPORT_FAILED,
    rowErrors: errors.sort((a, b) => a.row - b.row || CRM_IMPORT_FIELDS.indexOf(a.field ?? "kind") - CRM_IMPORT_FIELDS.indexOf(b.field ?? "kind")),
  });

export interface ClientImportInput {
  clinicId: string;
  mapping: CrmImportMapping;
  listId?: number | undefined;
}

/**
 * Writes every client of the sheet into the clinic, or none: the rows are checked, then one
 * transaction checks the emails and owners against the clinic and writes the clients, their
 * "imported" timeline lines and (given a list) their membership of it.
 */
export async function importClients(db: Db, actor: Actor, input: ClientImportInput, sheet: SheetRows, report: ProgressReport): Promise<CrmImportResult> {
  for (const column of Object.values(input.mapping)) {
    if (column !== undefined && column >= sheet.headers.length) throw badRequest({ mapping: ["The mapping names a column the file does not have."] });
  }
  let listTitle = "";
  if (input.listId !== undefined) {
    const list = await db.execute<{ title: string }>(sql`select title from crm_lists where id = ${input.listId} and clinic_id = ${input.clinicId}`);
    if (!list.rows[0]) throw notFound("No such list.");
    listTitle = list.rows[0].title;
  }
  await report("checking", 0);
  const { rows, errors, lookups } = validateClientRows(sheet, input.mapping);
  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const clinic = await checkAgainstClinic(tx, input.clinicId, lookups);
      const all = [...errors, ...clinic.errors];
      if (all.length > 0) throw failure(all);
      const now = new Date();
      for (let start = 0; start < rows.length; start += CHUNK) {
        const chunk = rows.slice(start, start + CHUNK);
        // One multi-row insert; its ids come back in the order of the rows given.
        const made = await tx
          .insert(crmClients)
          .values(
            chunk.map((row) => ({
              clinicId: input.clinicId,
              kind: row.kind,
              firstName: row.firstName,
              lastName: row.lastName,
              organisation: row.organisation,
              email: row.email,
              phone: row.phone,
              city: row.city,
              address: row.address,
              consent: row.consent,
              consentAt: row.consent ? now : null,
              ownerId: row.ownerEmail ? (clinic.owners.get(row.ownerEmail) ?? null) : null,
              tags: row.tags,
            })),
          )
          .returning({ id: crmClients.id });
        const ids = made.map((row) => row.id);
        const line = { clinicId: input.clinicId, actorId: actor.id, at: now };
        const lines: TrackingEntry[] = ids.map((clientId, index) => ({
          ...line,
          clientId,
          kind: "imported",
          summary: String(chunk[index]?.line ?? ""),
        }));
        if (input.listId !== undefined) {
          const listId = input.listId;
          await tx.insert(crmListClients).values(ids.map((clientId) => ({ listId, clientId })));
          lines.push(...ids.map((clientId): TrackingEntry => ({ ...line, clientId, kind: "list_added", summary: listTitle, refId: listId })));
        }
        await track(tx, lines);
        await report("writing", start + chunk.length);
      }
    });
  } catch (error) {
    // A client with one of the emails was added meanwhile, by someone else: the whole file again.
    if (isUniqueViolation(error, "crm_clients_email_unique")) {
      throw new HttpError(409, { detail: "A client with one of these emails was added meanwhile. Upload the file again." });
    }
    throw error;
  }
  await report("done", rows.length);
  return { imported: rows.length, detail: CRM_IMPORT_DONE };
}
