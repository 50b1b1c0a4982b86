import ExcelJS from "exceljs";
import type { FastifyReply } from "fastify";
import Papa from "papaparse";
import { guardCell } from "@clinic/shared";

/**
 * The one export helper (ARCHITECTURE.md): a list as CSV or XLSX. Every text cell goes
 * through the formula-injection guard, so a name typed as `=HYPERLINK(...)` opens in a
 * spreadsheet as text, never as a formula.
 */

export type ExportFormat = "csv" | "xlsx";

export interface ExportColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null;
  /** Column width in characters (XLSX). */
  width?: number;
}

// The formula guard is shared with the browser's own report downloads.
export { guardCell };

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The file's bytes: CSV with a UTF-8 BOM (so Excel reads accents right), or a one-sheet workbook. */
export async function exportFile<T>(format: ExportFormat, sheetName: string, columns: ExportColumn<T>[], rows: readonly T[]): Promise<Buffer> {
  const cells = rows.map((row) => columns.map((column) => guardCell(column.value(row))));
  const headers = columns.map((column) => guardCell(column.header));
  if (format === "csv") {
    return Buffer.from(`\uFEFF${Papa.unparse([headers, ...cells], { newline: "\r\n" })}\r\n`, "utf8");
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((column) => ({ width: column.width ?? 20 }));
  sheet.addRow(headers).font = { bold: true };
  for (const row of cells) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Sends an export as a download named `<baseName>-<date>.<format>`. */
export async function sendExport<T>(
  reply: FastifyReply,
  format: ExportFormat,
  baseName: string,
  columns: ExportColumn<T>[],
  rows: readonly T[],
): Promise<FastifyReply> {
  const body = await exportFile(format, baseName, columns, rows);
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header("content-type", CONTENT_TYPES[format])
    .header("content-disposition", `attachment; filename="${baseName}-${day}.${format}"`)
    .header("cache-control", "no-store")
    .send(body);
}
