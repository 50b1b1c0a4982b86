import {
  CRM_IMPORT_FIELDS,
  type CrmImportField,
  type CrmImportMapping,
  type CrmImportPreview,
  type CrmImportResult,
  type CrmImportRowError,
  type ImportProgress,
} from "@clinic/shared";
import type { TFunction } from "i18next";
import { upload } from "../../../lib/api.ts";
import type { ReportRow } from "../../../lib/components/ImportErrorReport.tsx";
import { progressPercent } from "../../../lib/import-progress.ts";

/** The calls and words of the CRM's clients import (issue 36.6). */

/** Field → the index of the file's column that fills it. */
export type Mapping = Partial<Record<CrmImportField, number>>;

export const CRM_PREVIEW_PATH = "/api/crm/import/preview";
export const CRM_IMPORT_PATH = "/api/crm/import";
export const crmImportProgressPath = (progressId: string) => `/api/crm/import/${progressId}/progress`;

/** The form the server reads: the clinic (admins), the mapping and list (importing), the progress id, then the file. */
export function importForm(file: File, options: { clinicId?: string | null; mapping?: Mapping; listId?: number | null; progressId?: string } = {}): FormData {
  const form = new FormData();
  if (options.clinicId) form.append("clinicId", options.clinicId);
  if (options.mapping) form.append("mapping", JSON.stringify(options.mapping));
  if (options.listId) form.append("listId", String(options.listId));
  if (options.progressId) form.append("progressId", options.progressId);
  form.append("file", file);
  return form;
}

export const previewFile = (file: File, clinicId: string | null, onProgress?: (fraction: number) => void) =>
  upload<CrmImportPreview>(CRM_PREVIEW_PATH, importForm(file, { clinicId }), onProgress);

export const importFile = (
  file: File,
  options: { clinicId: string | null; mapping: Mapping; listId: number | null; progressId: string },
  onProgress?: (fraction: number) => void,
) => upload<CrmImportResult>(CRM_IMPORT_PATH, importForm(file, options), onProgress);

/** Why the mapping cannot be sent yet, as a key of crmImport.mapping; null when it can. */
export function mappingProblem(mapping: Mapping): "noName" | "repeated" | null {
  const used = Object.values(mapping).filter((column) => column !== undefined);
  if (new Set(used).size !== used.length) return "repeated";
  if (mapping.firstName === undefined && mapping.lastName === undefined && mapping.organisation === undefined) return "noName";
  return null;
}

/** Only the fields given a column (the server's mapping schema is strict about its keys). */
export function cleanMapping(mapping: Mapping): CrmImportMapping {
  return Object.fromEntries(CRM_IMPORT_FIELDS.flatMap((field) => (mapping[field] === undefined ? [] : [[field, mapping[field]]]))) as CrmImportMapping;
}

/** A refused cell's reason in the user's language (the server's English is for API clients). */
export function rowErrorText(t: TFunction, error: CrmImportRowError): string {
  if (error.code === "invalid") return t(`crmImport.errors.invalid.${error.field ?? "other"}`, { defaultValue: t("crmImport.errors.invalid.other") });
  return t(`crmImport.errors.${error.code}`, error.params ?? {});
}

/** The report's rows: the column by the field's name in the user's language. */
export function reportRows(t: TFunction, errors: readonly CrmImportRowError[]): ReportRow[] {
  return errors.map((error) => ({ row: error.row, column: error.field ? t(`crmImport.fields.${error.field}`) : "—", message: rowErrorText(t, error) }));
}

/**
 * The file's refusals before any row is read (the shared reader, people/import-file.ts, and
 * platform/multipart.ts), matched by their English so they read in Spanish too; any other as it is.
 */
const FILE_MESSAGES: [RegExp, string][] = [
  [/^Choose a CSV or XLSX file/, "choose"],
  [/too many rows: at most (?<max>\d+)/, "tooManyRows"],
  [/mixes text encodings/, "encodings"],
  [/not a CSV or XLSX file/, "notASheet"],
  [/no rows to import/, "noRows"],
  [/XLSX file could not be read/, "unreadable"],
  [/too large: at most (?<max>[\d.]+) MiB/, "tooLarge"],
  [/^Choose the clinic/, "clinic"],
];

export function fileErrorText(t: TFunction, message: string): string {
  for (const [pattern, key] of FILE_MESSAGES) {
    const match = pattern.exec(message);
    if (match) return t(`crmImport.fileErrors.${key}`, { max: match.groups?.max });
  }
  return message;
}

/** What the bar shows while the file is sent and the rows checked and written. */
export function progressView(t: TFunction, seen: ImportProgress | null, sent: number): { label: string; value: number | null } {
  if (!seen || seen.phase === "failed")
    return sent < 1
      ? { label: t("crmImport.uploading", { percent: Math.round(sent * 100) }), value: Math.round(sent * 100) }
      : { label: t("crmImport.reading"), value: null };
  if (seen.phase === "checking") return { label: t("crmImport.checking", { count: seen.total }), value: 0 };
  return { label: t("crmImport.writing", { done: seen.phase === "done" ? seen.total : seen.done, total: seen.total }), value: progressPercent(seen) };
}
