import { z } from "zod";
import { isRealDate } from "../memberships.ts";
import { rowIdParam, userId } from "../schemas.ts";
import { exportFormatSchema, importPreviewSchema, jsonMapping } from "../user-import.ts";
import { crmClinicQuerySchema } from "./common.ts";

/**
 * The CRM's import and export (issue 36.6): clients from a CSV or XLSX file with its columns
 * mapped onto the client fields, checked row by row and written all together or not at all;
 * clients, lists, initiatives and calls back out as CSV or XLSX. The file is read by the same
 * reader as the people and product imports, and progress is polled the same way.
 */

/** The client fields a column can fill, in the order the mapping dialog shows them. */
export const CRM_IMPORT_FIELDS = [
  "kind",
  "firstName",
  "lastName",
  "organisation",
  "email",
  "phone",
  "city",
  "address",
  "consent",
  "tags",
  "ownerEmail",
] as const;
export type CrmImportField = (typeof CRM_IMPORT_FIELDS)[number];

/**
 * At most this many data rows per file: a clinic's whole contact list fits, and one
 * transaction writes it in seconds. A larger file is refused whole (400) before any row is
 * checked; the upload's byte cap (IMPORT_MAX_MB) applies as well.
 */
export const CRM_IMPORT_MAX_ROWS = 20_000;

export const CRM_IMPORT_DONE = "The complete user list was imported successfully";
export const CRM_IMPORT_FAILED = "Please correct the errors and upload the file again";

/** Field → index of the file's column that fills it (absent: the field stays empty). */
export const crmImportMappingSchema = z
  .object(
    Object.fromEntries(CRM_IMPORT_FIELDS.map((field) => [field, z.number().int().min(0).max(199).optional()])) as Record<
      CrmImportField,
      z.ZodOptional<z.ZodNumber>
    >,
  )
  .strict()
  .refine(
    (mapping) => mapping.firstName !== undefined || mapping.lastName !== undefined || mapping.organisation !== undefined,
    "Choose a column for the first name, the last name or the organisation.",
  )
  .refine((mapping) => {
    const columns = Object.values(mapping).filter((value) => value !== undefined);
    return new Set(columns).size === columns.length;
  }, "Each column can fill one field only.");
export type CrmImportMapping = z.infer<typeof crmImportMappingSchema>;

/** The text fields of the multipart form sent with the file (`mapping` as JSON, on the import step). */
export const crmImportFormSchema = z
  .object({
    clinicId: crmClinicQuerySchema.shape.clinicId,
    /** Chosen by the browser to poll the import's progress while it runs. */
    progressId: z.uuid().optional(),
    /** A list of the clinic to add every imported client to. */
    listId: rowIdParam().optional(),
    mapping: jsonMapping(crmImportMappingSchema).optional(),
  })
  .strict();

/** The first step's answer: the header row, a suggested mapping, the first rows and how many there are. */
export const crmImportPreviewSchema = importPreviewSchema;
export type CrmImportPreview = z.infer<typeof crmImportPreviewSchema>;

/** Why a row was refused; the web app words each code in the user's language. */
export const CRM_IMPORT_ERROR_CODES = ["required", "invalid", "tooLong", "duplicate", "emailTaken", "formula", "unknownOwner"] as const;
export type CrmImportErrorCode = (typeof CRM_IMPORT_ERROR_CODES)[number];

export const crmImportRowErrorSchema = z.object({
  /** The row's number in the spreadsheet (the header row is 1). */
  row: z.number().int(),
  /** The field of the column at fault, if one is. */
  field: z.enum(CRM_IMPORT_FIELDS).nullable(),
  code: z.enum(CRM_IMPORT_ERROR_CODES),
  /** The message in English (API clients and logs read it). */
  message: z.string(),
  /** What the message names (the row a duplicate email is first on). */
  params: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
});
export type CrmImportRowError = z.infer<typeof crmImportRowErrorSchema>;

/** The 400 of an import with refused rows: nothing was written. */
export const crmImportFailureSchema = z.object({ detail: z.string(), rowErrors: z.array(crmImportRowErrorSchema) });

export const crmImportResultSchema = z.object({ imported: z.number().int(), detail: z.string() });
export type CrmImportResult = z.infer<typeof crmImportResultSchema>;

// ---------------------------------------------------------------- exports

export const CRM_EXPORT_ENTITIES = ["clients", "lists", "initiatives", "calls"] as const;
export type CrmExportEntity = (typeof CRM_EXPORT_ENTITIES)[number];
export const crmExportEntityParamSchema = z.object({ entity: z.enum(CRM_EXPORT_ENTITIES) }).strict();

const CRM_EXPORT_MESSAGES = {
  date: "Give a date as YYYY-MM-DD, or an instant as YYYY-MM-DDTHH:MM:SSZ.",
  sinceAfterTo: "The end is before the start.",
} as const;
/** A whole day (YYYY-MM-DD, UTC, `to` inclusive) or an instant (ISO 8601, `to` exclusive), as the lists send them. */
const isDayOrInstant = (value: string) =>
  isRealDate(value) || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)));
const dateQuery = z.string().max(40).refine(isDayOrInstant, CRM_EXPORT_MESSAGES.date).optional();

/**
 * One query for every export: the format and language of the file, the clinic (admins), and
 * the filters of the entity's list (clients: q, tag, listId, ownerId; lists: q; initiatives:
 * q, salesmanId, state; calls: since, to, agentId). A filter another entity has is ignored.
 */
export const crmExportQuerySchema = z
  .object({
    format: exportFormatSchema,
    language: z.enum(["en", "es"]).optional(),
    clinicId: crmClinicQuerySchema.shape.clinicId,
    q: z.string().max(100).optional(),
    tag: z.string().max(60).optional(),
    listId: rowIdParam().optional(),
    ownerId: userId().optional(),
    salesmanId: userId().optional(),
    state: z.enum(["read", "not_readed"]).optional(),
    agentId: userId().optional(),
    since: dateQuery,
    to: dateQuery,
  })
  .strict()
  .refine((query) => !query.since || !query.to || Date.parse(query.to) >= Date.parse(query.since), {
    path: ["to"],
    message: CRM_EXPORT_MESSAGES.sinceAfterTo,
  });
export type CrmExportQuery = z.infer<typeof crmExportQuerySchema>;
