import PDFDocument from "pdfkit";
import type { FastifyReply } from "fastify";

/**
 * The platform's one PDF helper (ARCHITECTURE.md): A4 documents written with pdfkit's built-in
 * Helvetica, collected into a Buffer, plus the few layout pieces documents share (headings,
 * label/value fields, side-by-side blocks, tables, right-aligned totals, page footers). Invoices
 * use it first; reports and packing slips reuse it. No font files and no network: the standard
 * fonts are WinAnsi-encoded, which covers Spanish (á é í ó ú ñ ü ¿ ¡) and €.
 */

export type PdfDocument = PDFKit.PDFDocument;

export interface PdfInfo {
  /** The document's Title metadata (what a viewer shows as its window title). */
  title: string;
  author?: string;
  /** The document's Lang (BCP 47: "en", "es", "es-ES"), for screen readers. */
  language?: string;
}

export const PDF_FONTS = { regular: "Helvetica", bold: "Helvetica-Bold", italic: "Helvetica-Oblique" } as const;
const BODY_SIZE = 10;
const SMALL_SIZE = 8;
const RULE_COLOR = "#999999";
const HEADER_FILL = "#eeeeee";

/** The characters WinAnsi holds above Latin-1's range (its 0x80–0x9F block). */
const WIN_ANSI_EXTRA = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013,
  0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);
/** Look-alikes WinAnsi lacks that Intl and keyboards produce (narrow no-break space, minus sign…). */
const REPLACEMENTS: Record<string, string> = {
  "\t": " ",
  "\u202f": "\u00a0",
  "\u2007": "\u00a0",
  "\u2060": "",
  "\u200b": "",
  "\u2212": "-",
  "\u2010": "-",
  "\u2011": "-",
  "\u2032": "'",
  "\u2033": '"',
};

function encodable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code);
}

/**
 * Text the standard fonts can show. pdfkit writes each character's code as hex without
 * checking it: a character outside WinAnsi (a Polish "ł", an emoji, Intl's narrow no-break
 * space) would corrupt the text that follows it. Accented letters outside WinAnsi lose their
 * accent ("ő" → "o"); other spaces become spaces; anything else becomes "?".
 */
export function pdfText(text: string): string {
  let out = "";
  for (const char of text) {
    if (char === "\n" || encodable(char)) out += char;
    else if (char in REPLACEMENTS) out += REPLACEMENTS[char];
    else if (char === "\r" || /[\p{Cc}\p{Cf}]/u.test(char)) continue;
    else if (/\s/u.test(char)) out += " ";
    else {
      const base = char.normalize("NFD").replace(/\p{M}/gu, "");
      out += base && [...base].every(encodable) ? base : "?";
    }
  }
  return out;
}

type TextMethod = (text: unknown, ...rest: unknown[]) => unknown;

/** Every string measured or written through `doc` passes through pdfText, whoever calls it. */
function guardText(doc: PdfDocument): void {
  const methods = doc as unknown as Record<"text" | "widthOfString" | "heightOfString", TextMethod>;
  for (const name of ["text", "widthOfString", "heightOfString"] as const) {
    const original = methods[name].bind(doc) as TextMethod;
    methods[name] = (text, ...rest) => original(typeof text === "string" ? pdfText(text) : text, ...rest);
  }
}

/**
 * Writes an A4 document with `build` and answers its bytes. Pages stay buffered until the end,
 * so `build` may go back to write page footers (pdfPageFooters). A throw in `build` rejects.
 */
export function renderPdf(build: (doc: PdfDocument) => void, info: PdfInfo): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: 50,
      bufferPages: true,
      displayTitle: true,
      lang: info.language,
      info: { Title: info.title, ...(info.author ? { Author: info.author } : {}) },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      guardText(doc);
      doc.font(PDF_FONTS.regular).fontSize(BODY_SIZE).fillColor("black");
      build(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

/** The width between the page's margins. */
export function contentWidth(doc: PdfDocument): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** Starts a new page when fewer than `height` points are left above the bottom margin. */
export function ensureSpace(doc: PdfDocument, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** A heading: level 1 is the document's title, level 2 a section's. */
export function pdfHeading(doc: PdfDocument, text: string, level: 1 | 2 = 1): void {
  const size = level === 1 ? 18 : 12;
  ensureSpace(doc, size * 3);
  doc.x = doc.page.margins.left;
  doc
    .font(PDF_FONTS.bold)
    .fontSize(size)
    .text(text, { width: contentWidth(doc) });
  doc
    .font(PDF_FONTS.regular)
    .fontSize(BODY_SIZE)
    .moveDown(level === 1 ? 0.5 : 0.3);
}

/** Lines of body text (a paragraph per entry); `small` for notes. */
export function pdfParagraphs(doc: PdfDocument, lines: readonly string[], options: { small?: boolean; bold?: boolean } = {}): void {
  doc.x = doc.page.margins.left;
  doc.font(options.bold ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(options.small ? SMALL_SIZE : BODY_SIZE);
  for (const line of lines) doc.text(line, { width: contentWidth(doc) });
  doc.font(PDF_FONTS.regular).fontSize(BODY_SIZE);
}

/** "Label: value" rows, labels in bold in a column of their own (an invoice's date, order, period). */
export function pdfFields(doc: PdfDocument, rows: ReadonlyArray<readonly [string, string]>, options: { labelWidth?: number } = {}): void {
  const left = doc.page.margins.left;
  const labelWidth = options.labelWidth ?? 110;
  const valueWidth = contentWidth(doc) - labelWidth;
  doc.fontSize(BODY_SIZE);
  for (const [label, value] of rows) {
    const height = Math.max(
      doc.font(PDF_FONTS.bold).heightOfString(label, { width: labelWidth }),
      doc.font(PDF_FONTS.regular).heightOfString(value, { width: valueWidth }),
    );
    ensureSpace(doc, height);
    const top = doc.y;
    doc.font(PDF_FONTS.bold).text(label, left, top, { width: labelWidth });
    doc.font(PDF_FONTS.regular).text(value, left + labelWidth, top, { width: valueWidth });
    doc.y = top + height + 2;
  }
  doc.x = left;
}

export interface PdfBlock {
  title: string;
  /** Empty lines are left out (a missing tax id or email). */
  lines: readonly string[];
}

/** Blocks side by side in equal columns, each a bold title over its lines (seller and buyer). */
export function pdfBlocks(doc: PdfDocument, blocks: readonly PdfBlock[]): void {
  const left = doc.page.margins.left;
  const gap = 20;
  const width = (contentWidth(doc) - gap * (blocks.length - 1)) / blocks.length;
  const text = (block: PdfBlock) => block.lines.filter((line) => line.trim() !== "").join("\n");
  doc.fontSize(BODY_SIZE);
  const heights = blocks.map(
    (block) => doc.font(PDF_FONTS.bold).heightOfString(block.title, { width }) + 4 + doc.font(PDF_FONTS.regular).heightOfString(text(block) || " ", { width }),
  );
  const height = Math.max(...heights, 0);
  ensureSpace(doc, height);
  const top = doc.y;
  blocks.forEach((block, index) => {
    const x = left + index * (width + gap);
    doc.font(PDF_FONTS.bold).text(block.title, x, top, { width });
    doc.font(PDF_FONTS.regular).text(text(block), x, doc.y + 4, { width });
  });
  doc.x = left;
  doc.y = top + height;
  doc.moveDown();
}

export interface PdfColumn {
  header: string;
  /** Its share of the table's width (the shares are scaled to fill it). */
  width: number;
  align?: "left" | "right" | "center";
}

const CELL_PADDING = 4;

function drawRow(doc: PdfDocument, columns: readonly PdfColumn[], widths: readonly number[], cells: readonly string[], header: boolean): void {
  const left = doc.page.margins.left;
  doc.font(header ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(BODY_SIZE);
  const height =
    Math.max(...cells.map((cell, index) => doc.heightOfString(cell || " ", { width: (widths[index] ?? 0) - 2 * CELL_PADDING })), 0) + 2 * CELL_PADDING;
  const top = doc.y;
  const full = widths.reduce((sum, width) => sum + width, 0);
  if (header) doc.rect(left, top, full, height).fill(HEADER_FILL).fillColor("black");
  let x = left;
  cells.forEach((cell, index) => {
    const width = widths[index] ?? 0;
    doc.text(cell, x + CELL_PADDING, top + CELL_PADDING, { width: width - 2 * CELL_PADDING, align: columns[index]?.align ?? "left" });
    x += width;
  });
  doc
    .moveTo(left, top + height)
    .lineTo(left + full, top + height)
    .lineWidth(0.5)
    .strokeColor(RULE_COLOR)
    .stroke();
  doc.x = left;
  doc.y = top + height;
}

/**
 * A table across the page: a shaded header row, then one row per entry, text wrapped within its
 * cell. A row that does not fit starts a new page, which repeats the header.
 */
export function pdfTable(doc: PdfDocument, columns: readonly PdfColumn[], rows: ReadonlyArray<readonly string[]>): void {
  const shares = columns.reduce((sum, column) => sum + column.width, 0) || 1;
  const widths = columns.map((column) => (column.width / shares) * contentWidth(doc));
  const heightOf = (cells: readonly string[], header: boolean) => {
    doc.font(header ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(BODY_SIZE);
    return Math.max(...cells.map((cell, index) => doc.heightOfString(cell || " ", { width: (widths[index] ?? 0) - 2 * CELL_PADDING })), 0) + 2 * CELL_PADDING;
  };
  const headers = columns.map((column) => column.header);
  const headerHeight = heightOf(headers, true);
  ensureSpace(doc, headerHeight + (rows[0] ? heightOf(rows[0], false) : 0));
  drawRow(doc, columns, widths, headers, true);
  for (const row of rows) {
    if (doc.y + heightOf(row, false) > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      drawRow(doc, columns, widths, headers, true);
    }
    drawRow(doc, columns, widths, row, false);
  }
  doc.font(PDF_FONTS.regular).fontSize(BODY_SIZE).moveDown();
}

/** Label and amount pairs aligned to the right edge (net, tax, total); `bold` for the total. */
export function pdfTotals(doc: PdfDocument, rows: ReadonlyArray<{ label: string; value: string; bold?: boolean }>): void {
  const right = doc.page.width - doc.page.margins.right;
  const valueWidth = 110;
  const labelWidth = 160;
  ensureSpace(doc, rows.length * (BODY_SIZE + 6) + 4);
  for (const row of rows) {
    const top = doc.y;
    doc.font(row.bold ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(row.bold ? BODY_SIZE + 1 : BODY_SIZE);
    doc.text(row.label, right - valueWidth - labelWidth, top, { width: labelWidth, align: "right" });
    doc.text(row.value, right - valueWidth, top, { width: valueWidth, align: "right" });
    doc.y = Math.max(doc.y, top + BODY_SIZE + 4);
  }
  doc.font(PDF_FONTS.regular).fontSize(BODY_SIZE);
  doc.x = doc.page.margins.left;
  doc.moveDown();
}

/**
 * A small centred line at the foot of every page written so far (call it last): `text` gets
 * the page's number and the count ("Page 1 of 2").
 */
export function pdfPageFooters(doc: PdfDocument, text: (page: number, pages: number) => string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const { margins } = doc.page;
    const bottom = margins.bottom;
    // Writing inside the bottom margin would otherwise make pdfkit start a new page.
    margins.bottom = 0;
    doc
      .font(PDF_FONTS.regular)
      .fontSize(SMALL_SIZE)
      .fillColor("#555555")
      .text(text(index - range.start + 1, range.count), margins.left, doc.page.height - bottom + 15, {
        width: contentWidth(doc),
        align: "center",
        lineBreak: false,
      });
    margins.bottom = bottom;
  }
  doc.fillColor("black").fontSize(BODY_SIZE);
}

/** Sends a PDF as a download named `filename`, never kept by a cache (an invoice, a report: one person's papers). */
export function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer): FastifyReply {
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "private, no-store")
    .send(pdf);
}
