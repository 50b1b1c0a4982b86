import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** PDFs are read back with pdfjs: what a reader's viewer extracts is what tests check. */
export interface ParsedPdf {
  /** Every page's text, whitespace (no-break spaces too) collapsed to single spaces. */
  text: string;
  pages: number;
  title: string | undefined;
}

export async function parsePdf(buffer: Buffer | Uint8Array): Promise<ParsedPdf> {
  const loading = getDocument({ data: new Uint8Array(buffer), verbosity: 0 });
  const pdf = await loading.promise;
  const parts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    for (const item of content.items) if ("str" in item) parts.push(item.str, item.hasEOL ? "\n" : "");
  }
  const metadata = await pdf.getMetadata();
  const pages = pdf.numPages;
  await loading.destroy();
  return { text: parts.join("").replace(/\s+/g, " "), pages, title: (metadata.info as { Title?: string }).Title };
}
