import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { badRequest } from "../../platform/errors.ts";

/** A spreadsheet as read: the header row, then the data rows (empty lines left out), each with its line number in the file. */
export interface SheetRows {
  headers: string[];
  rows: { line: number; cells: SheetCell[] }[];
}

/** A cell's text, or a formula the reader refused to evaluate. */
export type SheetCell = string | { formula: string };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** A UTF-8 multi-byte sequence: its presence in a file that is not valid UTF-8 means mixed encodings. */
const UTF8_SEQUENCE = /[\xC2-\xF4][\x80-\xBF]+/;

const tooManyRows = (maxRows: number) =>
  badRequest({ file: [`The file has too many rows: at most ${maxRows} rows can be imported at once. Split it into smaller files.`] });

/**
 * Text of a CSV file: UTF-8 (with or without its BOM), else Windows-1252 (a superset of
 * Latin-1 as Excel writes it on Windows), so "Peña" survives either way. Bytes that are not
 * valid UTF-8 beside valid UTF-8 sequences are two encodings in one file: refused, since any
 * reading of it would garble some names.
 */
export function decodeText(bytes: Buffer): string {
  if (bytes.subarray(0, 3).equals(UTF8_BOM)) bytes = bytes.subarray(3);
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    if (UTF8_SEQUENCE.test(bytes.toString("latin1"))) {
      throw badRequest({ file: ["The file mixes text encodings (UTF-8 and another). Save it again as UTF-8 CSV and upload it."] });
    }
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

const isBlank = (cells: SheetCell[]) => cells.every((cell) => typeof cell === "string" && cell.trim() === "");

/** Reads a CSV's rows, stopping as soon as there are more than `maxRows` data rows. */
export function parseCsv(bytes: Buffer, maxRows: number): SheetRows {
  const text = decodeText(bytes);
  if (text.includes("\u0000")) throw badRequest({ file: ["This is not a CSV or XLSX file."] });
  // The size cap bounds the text, so parsing it whole stays quick; line numbers need the empty lines kept.
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  return collectRows(
    parsed.data.map((cells, index) => ({ line: index + 1, cells })),
    maxRows,
  );
}

function collectRows(lines: Iterable<{ line: number; cells: SheetCell[] }>, maxRows: number): SheetRows {
  let headers: string[] | null = null;
  const rows: SheetRows["rows"] = [];
  for (const entry of lines) {
    if (isBlank(entry.cells)) continue;
    if (headers === null) {
      headers = entry.cells.map((cell) => (typeof cell === "string" ? cell.trim() : cell.formula));
      continue;
    }
    if (rows.length === maxRows) throw tooManyRows(maxRows);
    rows.push(entry);
  }
  if (headers === null || rows.length === 0) throw badRequest({ file: ["The file has no rows to import: a header row, then one row per person."] });
  return { headers, rows };
}

type ExcelValue = ExcelJS.CellValue;

/** A cell's text as the spreadsheet shows it; formulas are never evaluated and are reported instead. */
function excelCell(value: ExcelValue): SheetCell {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== "object") return String(value);
  if ("formula" in value || "sharedFormula" in value) {
    const formula = (value as { formula?: string; sharedFormula?: string }).formula ?? (value as { sharedFormula: string }).sharedFormula;
    return { formula: `=${formula}` };
  }
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("text" in value && typeof value.text === "string") return value.text;
  if ("error" in value) return String(value.error);
  return "";
}

const UNREADABLE_XLSX = "The XLSX file could not be read. Save it again from your spreadsheet program and upload it.";

/** A row's cells and number, or null for a blank row. */
function lineOf(row: ExcelJS.Row): { line: number; cells: SheetCell[] } | null {
  const cells = (row.values as ExcelValue[]).slice(1).map(excelCell);
  return isBlank(cells) ? null : { line: row.number, cells };
}

/**
 * Reads the first worksheet of an XLSX file as a stream, so a sheet of 100 000 rows is refused
 * as soon as row `maxRows + 1` arrives, not after the whole workbook sits in memory.
 *
 * ExcelJS's streaming reader can reach a worksheet before the workbook part that names it, when
 * that part is stored last (as ExcelJS itself and some other tools write files), and then fail
 * on a valid file (exceljs issue #3064; seen once in CI as "could not be read" for the e2e's
 * file). A file the stream cannot read is read again whole; the upload's size limit
 * (IMPORT_MAX_MB) bounds what that holds in memory.
 */
export async function parseXlsx(filePath: string, maxRows: number): Promise<SheetRows> {
  try {
    return await streamXlsx(filePath, maxRows);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 400) throw error;
  }
  try {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(filePath);
    const lines: { line: number; cells: SheetCell[] }[] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      const line = lineOf(row);
      if (line) lines.push(line);
    });
    if (lines.length - 1 > maxRows) throw tooManyRows(maxRows);
    return collectRows(lines, maxRows);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 400) throw error;
    throw badRequest({ file: [UNREADABLE_XLSX] });
  }
}

async function streamXlsx(filePath: string, maxRows: number): Promise<SheetRows> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(filePath), {
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "cache",
    worksheets: "emit",
    entries: "emit",
  });
  const lines: { line: number; cells: SheetCell[] }[] = [];
  for await (const worksheet of reader) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      const line = lineOf(row);
      if (!line) continue;
      if (lines.length > maxRows) throw tooManyRows(maxRows);
      lines.push(line);
    }
    break; // The first worksheet only.
  }
  return collectRows(lines, maxRows);
}

/** Reads an uploaded CSV or XLSX file (told apart by its first bytes, not its name). */
export async function readSheet(filePath: string, head: Buffer, maxRows: number): Promise<SheetRows> {
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return parseXlsx(filePath, maxRows);
  return parseCsv(await readFile(filePath), maxRows);
}

/** How many of a file's rows an import's preview shows. */
export const PREVIEW_ROWS = 10;

/** A header or a word as compared with the words of a field: no accents, case, spaces or signs. */
export const normaliseWord = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** The column each field most likely comes from, by its header (`words`, normalised); each column used once. */
export function suggestColumns<Field extends string>(
  fields: readonly Field[],
  words: Record<Field, readonly string[]>,
  headers: readonly string[],
): Partial<Record<Field, number>> {
  const mapping: Partial<Record<Field, number>> = {};
  const taken = new Set<number>();
  for (const field of fields) {
    const index = headers.findIndex((header, column) => !taken.has(column) && words[field].includes(normaliseWord(header)));
    if (index >= 0) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  return mapping;
}

const cellText = (cell: SheetCell | undefined) => (cell === undefined ? "" : typeof cell === "string" ? cell : cell.formula);

/** An import's first step: the header row, a suggested mapping, the first rows as text and how many rows there are. */
export function sheetPreview<Field extends string>(sheet: SheetRows, mapping: Partial<Record<Field, number>>) {
  return {
    headers: sheet.headers,
    mapping,
    rows: sheet.rows.slice(0, PREVIEW_ROWS).map((row) => row.cells.map(cellText)),
    totalRows: sheet.rows.length,
  };
}
