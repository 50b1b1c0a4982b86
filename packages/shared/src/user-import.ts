import { z } from "zod";
import { patientsQuerySchema, staffQuerySchema } from "./people.ts";
import { languageSchema, userId } from "./schemas.ts";

/**
 * User import (/user/admin, issue 15): a CSV or XLSX file of patients or therapists, read on
 * the server, its columns mapped to the person fields, checked row by row, then created all
 * together or not at all. Exports give the same lists back as CSV or XLSX.
 */

export const IMPORT_KINDS = ["patient", "therapist"] as const;
export const importKindSchema = z.enum(IMPORT_KINDS);
export type ImportKind = z.infer<typeof importKindSchema>;

/** The person fields a column can fill, in the order the mapping dialog shows them. */
export const IMPORT_FIELDS = ["nombres", "apellidos", "email", "identification", "language"] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const IMPORT_REQUIRED_FIELDS: readonly ImportField[] = ["nombres", "apellidos", "email"];

/** Field → index of the file's column that fills it (absent: the field stays empty or default). */
export const importMappingSchema = z
  .object(
    Object.fromEntries(IMPORT_FIELDS.map((field) => [field, z.number().int().min(0).max(199).optional()])) as Record<ImportField, z.ZodOptional<z.ZodNumber>>,
  )
  .strict()
  .refine(
    (mapping) => IMPORT_REQUIRED_FIELDS.every((field) => mapping[field] !== undefined),
    "Choose a column for the given names, the surnames and the email.",
  )
  .refine((mapping) => {
    const columns = Object.values(mapping).filter((value) => value !== undefined);
    return new Set(columns).size === columns.length;
  }, "Each column can fill one field only.");
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** An import's column mapping as a multipart form sends it: JSON text, then the import's own mapping schema. */
export const jsonMapping = <Schema extends z.ZodType>(schema: Schema) =>
  z
    .string()
    .max(2000)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: "custom", message: "The column mapping is not valid JSON." });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** The text fields of the multipart form sent with the file (`mapping` as JSON, on the import step). */
export const importFormSchema = z
  .object({
    kind: importKindSchema,
    clinicId: userId().optional(),
    /** Chosen by the browser to poll the import's progress while it runs. */
    progressId: z.uuid().optional(),
    mapping: jsonMapping(importMappingSchema).optional(),
  })
  .strict();

/** What the first step answers: the header row, a suggested mapping and the first rows. */
export const importPreviewSchema = z.object({
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.number().int()),
  rows: z.array(z.array(z.string())),
  totalRows: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** Why a row was refused; the web app words each code in the user's language. */
export const IMPORT_ERROR_CODES = ["required", "invalid", "duplicate", "emailTaken", "formula", "seats", "noMembership"] as const;
export const importRowErrorSchema = z.object({
  /** The row's number in the spreadsheet (the header row is 1). */
  row: z.number().int(),
  /** The field of the column at fault, if one is. */
  field: z.enum(IMPORT_FIELDS).nullable(),
  code: z.enum(IMPORT_ERROR_CODES),
  /** The message in English (the report the server logs and API clients read). */
  message: z.string(),
  /** Numbers the message names (the seat limit). */
  params: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** The 400 of an import with refused rows: nothing was written. */
export const IMPORT_FAILED_DETAIL = "Please correct the errors and upload the file again";
export const importFailureSchema = z.object({ detail: z.string(), rowErrors: z.array(importRowErrorSchema) });

export const IMPORT_PHASES = ["checking", "writing", "done", "failed"] as const;
export const importProgressSchema = z.object({ phase: z.enum(IMPORT_PHASES), done: z.number().int(), total: z.number().int() });
export type ImportProgress = z.infer<typeof importProgressSchema>;
export const importProgressParamSchema = z.object({ id: z.uuid() });

export const importResultSchema = z.object({ imported: z.number().int() });
export type ImportResult = z.infer<typeof importResultSchema>;

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);

/** The list's own filters, and the format of the file. */
export const patientsExportQuerySchema = patientsQuerySchema
  .omit({ page: true, rowsPerPage: true })
  .extend({ format: exportFormatSchema, language: languageSchema.optional() });
export const staffExportQuerySchema = staffQuerySchema
  .omit({ page: true, rowsPerPage: true })
  .extend({ format: exportFormatSchema, language: languageSchema.optional() });
