import { formatCents, type MailKind, type QuoteDetail, type RatedOption, type RatingStep, quoteLinkPath } from "@clinic/shared";
import type { MailAttachment } from "../../../platform/mail.table.ts";
import type { Mailer, OutgoingMail } from "../../../platform/mail.ts";
import { pdfFields, pdfHeading, pdfPageFooters, pdfParagraphs, pdfTable, pdfTotals, renderPdf } from "../../../platform/pdf.ts";
import { compose } from "../../clinic/billing/billing-mails.ts";

/**
 * The quote's PDF and emails (issue 38.3), in the applicant's language: the PDF shows each
 * option sent (the chosen one once sent, else every option) with its coverage, the rating's
 * steps and the premium; the applicant's email carries it and the private link; the agent is
 * told when the applicant accepts or declines by the link.
 */

const TEXTS = {
  en: {
    title: "Insurance quote",
    applicant: "Applicant",
    agent: "Agent",
    validUntil: "Valid until",
    option: (position: number) => `Option ${position}`,
    product: "Product",
    level: "Coverage level",
    addOns: "Add-ons",
    none: "none",
    coverage: "Coverage",
    limit: "Limit",
    deductible: "Deductible",
    step: "Step",
    factor: "Factor",
    amount: "Running amount",
    premium: "Yearly premium",
    base: "Base premium",
    minimum: (applied: boolean) => (applied ? "Minimum premium applied" : "Minimum premium (not reached)"),
    rounding: (step: string, mode: string) => `Rounded ${mode} to ${step}`,
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  es: {
    title: "Cotización de seguro",
    applicant: "Solicitante",
    agent: "Agente",
    validUntil: "Válida hasta",
    option: (position: number) => `Opción ${position}`,
    product: "Producto",
    level: "Nivel de cobertura",
    addOns: "Complementos",
    none: "ninguno",
    coverage: "Cobertura",
    limit: "Límite",
    deductible: "Franquicia",
    step: "Paso",
    factor: "Factor",
    amount: "Importe acumulado",
    premium: "Prima anual",
    base: "Prima base",
    minimum: (applied: boolean) => (applied ? "Prima mínima aplicada" : "Prima mínima (no alcanzada)"),
    rounding: (step: string, mode: string) => `Redondeo (${mode === "up" ? "arriba" : mode === "down" ? "abajo" : "al más cercano"}) a ${step}`,
    page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  },
} as const;

type Language = "en" | "es";
const languageOf = (language: string): Language => (language === "es" ? "es" : "en");
const pick = (text: { en: string; es: string }, language: Language) => (language === "es" ? text.es || text.en : text.en || text.es);
const factorText = (bp: number) => `×${(bp / 10_000).toFixed(4).replace(/\.?0+$/, "")}`;

function stepRow(step: RatingStep, language: Language, currency: string): [string, string, string] {
  const t = TEXTS[language];
  const money = (cents: number) => formatCents(cents, currency, language);
  switch (step.kind) {
    case "base":
      return [t.base, "", money(step.runningCents)];
    case "level":
      return [`${t.level}: ${pick(step.name, language)}`, factorText(step.factorBp), money(step.runningCents)];
    case "factor": {
      const match = "value" in step.match ? pick(step.match.name, language) : `${step.match.from}–${step.match.to}`;
      return [`${pick(step.name, language)}: ${match}`, factorText(step.factorBp), money(step.runningCents)];
    }
    case "addOn":
      return [pick(step.name, language), `+${money(step.amountCents)}`, money(step.runningCents)];
    case "minimum":
      return [t.minimum(step.applied), money(step.minimumCents), money(step.runningCents)];
    case "rounding":
      return [t.rounding(money(step.stepCents), step.mode), "", money(step.runningCents)];
  }
}

/** The options the PDF and the link show: the chosen one once chosen, else all. */
export const optionsShown = (quote: Pick<QuoteDetail, "options" | "chosenOption">): RatedOption[] =>
  quote.chosenOption ? quote.options.filter((option) => option.position === quote.chosenOption) : quote.options;

/** The quote's PDF, in its language. */
export async function quotePdf(quote: QuoteDetail): Promise<{ filename: string; pdf: Buffer }> {
  const language = languageOf(quote.language);
  const t = TEXTS[language];
  const pdf = await renderPdf(
    (doc) => {
      pdfHeading(doc, `${t.title} ${quote.number}`);
      pdfFields(doc, [
        [t.applicant, `${quote.applicantName} <${quote.applicantEmail}>`],
        [t.agent, quote.agent.name],
        [t.validUntil, quote.validUntil],
      ]);
      for (const option of optionsShown(quote)) {
        const currency = option.product.currency;
        const money = (cents: number) => formatCents(cents, currency, language);
        doc.moveDown();
        pdfHeading(doc, `${t.option(option.position)}: ${pick(option.product.name, language)}`, 2);
        pdfFields(doc, [
          [t.product, `${option.product.code} (v${option.product.version})`],
          [t.level, pick(option.levelName, language)],
          [t.addOns, option.addOns.map((addOn) => pick(addOn.name, language)).join(", ") || t.none],
        ]);
        doc.moveDown(0.5);
        pdfTable(
          doc,
          [
            { header: t.coverage, width: 50 },
            { header: t.limit, width: 25, align: "right" },
            { header: t.deductible, width: 25, align: "right" },
          ],
          option.coverage.map((item) => [pick(item.name, language), money(item.limitCents), money(item.deductibleCents)]),
        );
        doc.moveDown(0.5);
        pdfTable(
          doc,
          [
            { header: t.step, width: 55 },
            { header: t.factor, width: 20, align: "right" },
            { header: t.amount, width: 25, align: "right" },
          ],
          option.breakdown.map((step) => stepRow(step, language, currency)),
        );
        pdfTotals(doc, [{ label: t.premium, value: money(option.premiumCents), bold: true }]);
      }
      pdfParagraphs(doc, []);
      pdfPageFooters(doc, (page, pages) => `${quote.number}  ·  ${t.page(page, pages)}`);
    },
    { title: `${t.title} ${quote.number}`, author: quote.agent.name, language },
  );
  return { filename: `${quote.number}.pdf`, pdf };
}

const QUOTE_KIND: MailKind = "quoter.quote";
const DECIDED_KIND: MailKind = "quoter.decided";

/** The applicant's email: the quote's premium, validity, the private link, and the PDF attached. */
export async function quoteMail(mailer: Mailer, quote: QuoteDetail, token: string): Promise<OutgoingMail> {
  const language = languageOf(quote.language);
  const es = language === "es";
  const option = optionsShown(quote)[0];
  const premium = option ? formatCents(option.premiumCents, option.product.currency, language) : "";
  const productName = option ? pick(option.product.name, language) : "";
  const { pdf, filename } = await quotePdf(quote);
  const attachment: MailAttachment & { encoding: "base64" } = { filename, contentType: "application/pdf", content: pdf.toString("base64"), encoding: "base64" };
  return compose(
    { email: quote.applicantEmail, language, name: quote.applicantName, userId: null },
    QUOTE_KIND,
    es ? `Su cotización de seguro ${quote.number}` : `Your insurance quote ${quote.number}`,
    es ? `Hola, ${quote.applicantName}:` : `Hello ${quote.applicantName},`,
    [
      es
        ? `Le enviamos su cotización de ${productName}: una prima anual de ${premium}, válida hasta el ${quote.validUntil}. La encontrará adjunta en PDF.`
        : `Here is your quote for ${productName}: a yearly premium of ${premium}, valid until ${quote.validUntil}. The PDF is attached.`,
      { label: es ? "Véala y acéptela o rechácela aquí:" : "View it and accept or decline it here:", url: mailer.link(quoteLinkPath(token)) },
      es ? `Su agente: ${quote.agent.name}.` : `Your agent: ${quote.agent.name}.`,
    ],
    [attachment],
  );
}

/** The agent's notice that the applicant accepted or declined by the link. */
export function decidedMail(
  mailer: Mailer,
  agent: { id: string; email: string; name: string; language: string },
  quote: { id: number; number: string; applicantName: string },
  decision: { accepted: boolean; reason: string },
): OutgoingMail {
  const es = agent.language === "es";
  const what = decision.accepted ? (es ? "ha aceptado" : "accepted") : es ? "ha rechazado" : "declined";
  return compose(
    { email: agent.email, language: agent.language, name: agent.name, userId: agent.id },
    DECIDED_KIND,
    es ? `${quote.applicantName} ${what} la cotización ${quote.number}` : `${quote.applicantName} ${what} quote ${quote.number}`,
    es ? `Hola, ${agent.name}:` : `Hello ${agent.name},`,
    [
      es
        ? `${quote.applicantName} ${what} la cotización ${quote.number} desde su enlace.`
        : `${quote.applicantName} ${what} quote ${quote.number} by its link.`,
      ...(decision.reason ? [es ? `Motivo: ${decision.reason}` : `Reason: ${decision.reason}`] : []),
      ...(decision.accepted ? [es ? "Ya puede emitir la póliza." : "You can now bind it into a policy."] : []),
      { label: es ? "La cotización:" : "The quote:", url: mailer.link(`/quoter/app/quotes/${quote.id}`) },
    ],
  );
}
