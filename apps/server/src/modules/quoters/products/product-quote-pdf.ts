import { formatCents, productQuoteLabel } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { notFound } from "../../../platform/errors.ts";
import { pdfFields, pdfHeading, pdfPageFooters, pdfParagraphs, pdfTable, pdfTotals, renderPdf } from "../../../platform/pdf.ts";

/**
 * A quote's PDF (issue 38.1): the clinic, number and revision, client, lines with their
 * discounts, the overall discount, tax and total, validity and terms, in the client's language
 * (the quote's `language`). Downloaded by staff and attached to the quote's email.
 */

const TEXTS = {
  en: {
    title: "Quote",
    clinic: "From",
    client: "For",
    date: "Date",
    validUntil: "Valid until",
    description: "Description",
    quantity: "Qty",
    unit: "Unit price",
    discount: "Discount",
    amount: "Amount",
    lines: "Lines",
    overall: "Overall discount",
    subtotal: "Subtotal",
    tax: (rate: string) => `Tax (${rate} %)`,
    total: "Total",
    terms: "Terms",
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  es: {
    title: "Presupuesto",
    clinic: "De",
    client: "Para",
    date: "Fecha",
    validUntil: "Válido hasta",
    description: "Descripción",
    quantity: "Cant.",
    unit: "Precio unitario",
    discount: "Descuento",
    amount: "Importe",
    lines: "Líneas",
    overall: "Descuento general",
    subtotal: "Base imponible",
    tax: (rate: string) => `Impuesto (${rate} %)`,
    total: "Total",
    terms: "Condiciones",
    page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  },
} as const;

type PdfRow = {
  number: string;
  revision: number;
  client_name: string;
  client_email: string;
  language: string;
  currency: string;
  tax_rate_bp: number;
  discount_cents: number;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  valid_until: string;
  created: string;
  terms_en: string;
  terms_es: string;
  clinic: string;
  lines: { description: string; quantity: number; unit_cents: number; discount_cents: number; total_cents: number }[] | null;
};

/** The quote's PDF and its file name (one statement); the caller has checked the quote is the actor's. */
export async function quotePdf(db: Db, quoteId: number): Promise<{ filename: string; pdf: Buffer; label: string }> {
  const result = await db.execute<PdfRow & Record<string, unknown>>(sql`
    select q.number, q.revision, q.client_name, q.client_email, q.language, q.currency, q.tax_rate_bp, q.discount_cents, q.subtotal_cents, q.tax_cents,
      q.total_cents, to_char(q.valid_until, 'YYYY-MM-DD') as valid_until, to_char(q.created_at at time zone 'UTC', 'YYYY-MM-DD') as created,
      q.terms_en, q.terms_es, coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), u.email) as clinic,
      (select json_agg(json_build_object('description', l.description, 'quantity', l.quantity, 'unit_cents', l.unit_cents,
          'discount_cents', l.discount_cents, 'total_cents', l.total_cents) order by l.position)
        from product_quote_lines l where l.quote_id = q.id) as lines
    from product_quotes q join users u on u.id = q.clinic_id where q.id = ${quoteId}`);
  const quote = result.rows[0];
  if (!quote) throw notFound();
  const language = quote.language === "es" ? "es" : "en";
  const t = TEXTS[language];
  const money = (cents: number) => formatCents(Number(cents), quote.currency, language);
  const label = productQuoteLabel(quote.number, Number(quote.revision));
  const lines = quote.lines ?? [];
  const linesCents = lines.reduce((sum, line) => sum + Number(line.total_cents), 0);
  const terms = (language === "es" ? quote.terms_es || quote.terms_en : quote.terms_en || quote.terms_es).trim();
  const rate = (Number(quote.tax_rate_bp) / 100).toLocaleString(language === "es" ? "es-ES" : "en-GB", { maximumFractionDigits: 2 });
  const pdf = await renderPdf(
    (doc) => {
      pdfHeading(doc, `${t.title} ${label}`);
      pdfFields(doc, [
        [t.clinic, quote.clinic],
        [t.client, `${quote.client_name} <${quote.client_email}>`],
        [t.date, quote.created],
        [t.validUntil, quote.valid_until],
      ]);
      doc.moveDown();
      pdfTable(
        doc,
        [
          { header: t.description, width: 44 },
          { header: t.quantity, width: 8, align: "right" },
          { header: t.unit, width: 16, align: "right" },
          { header: t.discount, width: 16, align: "right" },
          { header: t.amount, width: 16, align: "right" },
        ],
        lines.map((line) => [
          line.description,
          String(line.quantity),
          money(line.unit_cents),
          Number(line.discount_cents) > 0 ? `-${money(line.discount_cents)}` : "",
          money(line.total_cents),
        ]),
      );
      doc.moveDown();
      pdfTotals(doc, [
        { label: t.lines, value: money(linesCents) },
        ...(Number(quote.discount_cents) > 0 ? [{ label: t.overall, value: `-${money(quote.discount_cents)}` }] : []),
        { label: t.subtotal, value: money(quote.subtotal_cents) },
        { label: t.tax(rate), value: money(quote.tax_cents) },
        { label: t.total, value: money(quote.total_cents), bold: true },
      ]);
      if (terms) {
        doc.moveDown();
        pdfHeading(doc, t.terms, 2);
        pdfParagraphs(doc, terms.split(/\r?\n/));
      }
      pdfPageFooters(doc, (page, pages) => `${label}  ·  ${t.page(page, pages)}`);
    },
    { title: `${t.title} ${label}`, author: quote.clinic, language },
  );
  const file = label.replace(/ rev\. /, "-rev-");
  return { filename: `${language === "es" ? "presupuesto" : "quote"}-${file}.pdf`, pdf, label };
}
