import {
  type ImportProgress,
  SHOP_IMPORT_COLUMNS,
  SHOP_IMPORT_HEADERS,
  SHOP_IMPORT_REQUIRED,
  type ShopImportColumn,
  type ShopImportResult,
  type ShopImportRowError,
} from "@clinic/shared";
import type { TFunction } from "i18next";
import { upload } from "../../../lib/api.ts";
import type { ReportRow } from "../../../lib/components/ImportErrorReport.tsx";
import { progressPercent } from "../../../lib/import-progress.ts";
import { productsPath } from "./api.ts";

/** Products and stock in and out as CSV/XLSX (issue 20.5): the words and calls of the products page's import dialog. */

type Language = "en" | "es";
export const importLanguage = (language: string): Language => (language.startsWith("es") ? "es" : "en");

export const productsExportPath = (storeId: number) => `${productsPath(storeId)}/export`;
export const importProgressPath = (progressId: string) => `/api/shop/imports/${progressId}/progress`;

/** Sends the file with the id its progress is polled under; 201 with the counts, or an ApiError (400 with `rowErrors` or `file`). */
export function importProductsFile(storeId: number, file: File, progressId: string): Promise<ShopImportResult> {
  const form = new FormData();
  form.append("progressId", progressId);
  form.append("file", file);
  return upload<ShopImportResult>(`${productsPath(storeId)}/import`, form);
}

/** The columns an import reads, as the exports in this language head them, the required ones marked. */
export function importColumns(language: string): { column: ShopImportColumn; header: string; required: boolean }[] {
  const headers = SHOP_IMPORT_HEADERS[importLanguage(language)];
  return SHOP_IMPORT_COLUMNS.map((column) => ({ column, header: headers[column], required: SHOP_IMPORT_REQUIRED.includes(column) }));
}

/** "3 variants added, 12 updated": what a finished import did. */
export function importSummary(t: TFunction, result: ShopImportResult): string {
  return t("shopManage.import.summary", {
    added: t("shopManage.import.added", { count: result.created }),
    updated: t("shopManage.import.updated", { count: result.updated }),
  });
}

/** Why a cell was refused, in the user's language (the server's English is for API clients). */
export function importErrorText(t: TFunction, error: ShopImportRowError): string {
  if (error.code === "invalid") return t(`shopManage.import.errors.invalid.${error.column ?? "other"}`);
  return t(`shopManage.import.errors.${error.code}`);
}

/** The report's rows: the column by its header in the user's language. */
export function reportRows(t: TFunction, language: string, errors: readonly ShopImportRowError[]): ReportRow[] {
  const headers = SHOP_IMPORT_HEADERS[importLanguage(language)];
  return errors.map((error) => ({ row: error.row, column: error.column ? headers[error.column] : "—", message: importErrorText(t, error) }));
}

/**
 * The file's refusals before any row is read (apps/server/src/modules/people/import-file.ts and
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
];

export function fileErrorText(t: TFunction, message: string): string {
  for (const [pattern, key] of FILE_MESSAGES) {
    const match = pattern.exec(message);
    if (match) return t(`shopManage.import.fileErrors.${key}`, { max: match.groups?.max });
  }
  return message;
}

/** What the bar shows while the file is sent and read: words, and a percentage once the server says how far it is. */
export function progressView(t: TFunction, seen: ImportProgress | null): { label: string; value: number | null } {
  if (!seen || seen.phase === "failed") return { label: t("shopManage.import.sending"), value: null };
  if (seen.phase === "checking") return { label: t("shopManage.import.checking", { count: seen.total }), value: 0 };
  return { label: t("shopManage.import.writing", { done: seen.phase === "done" ? seen.total : seen.done, total: seen.total }), value: progressPercent(seen) };
}
