import { formatCents } from "@clinic/shared";
import type { OutgoingMail } from "../../../platform/mail.ts";
import { pdfAttachment } from "../../clinic/billing/billing-mails.ts";

/**
 * The product quoter's emails (issue 38.1), each in its reader's language: the quote to its
 * client with the PDF and the private link (`product_quote.sent`), and to the quote's author
 * when the client first opens it (`product_quote.viewed`) or answers (`product_quote.decided`).
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function compose(paragraphs: readonly (string | { label: string; url: string })[]): { text: string; html: string } {
  return {
    text: paragraphs.map((part) => (typeof part === "string" ? part : `${part.label}: ${part.url}`)).join("\n\n"),
    html: paragraphs
      .map((part) => (typeof part === "string" ? `<p>${escapeHtml(part)}</p>` : `<p><a href="${escapeHtml(part.url)}">${escapeHtml(part.label)}</a></p>`))
      .join("\n"),
  };
}

export type SentQuoteFacts = {
  label: string;
  clinicName: string;
  clientName: string;
  clientEmail: string;
  language: string;
  totalCents: number;
  currency: string;
  validUntil: string;
};

/** To the client: the quote, its total and validity, the link to accept or decline it, the PDF attached. */
export function quoteSentMail(quote: SentQuoteFacts, url: string, pdf: Buffer, filename: string): OutgoingMail {
  const es = quote.language === "es";
  const total = formatCents(quote.totalCents, quote.currency, es ? "es" : "en");
  const body = compose(
    es
      ? [
          `Hola, ${quote.clientName}:`,
          `${quote.clinicName} le envía el presupuesto ${quote.label} por un total de ${total}, válido hasta el ${quote.validUntil}.`,
          "Puede verlo, aceptarlo o rechazarlo en este enlace privado (el PDF va adjunto):",
          { label: "Ver el presupuesto", url },
        ]
      : [
          `Hello ${quote.clientName},`,
          `${quote.clinicName} sends you quote ${quote.label} for a total of ${total}, valid until ${quote.validUntil}.`,
          "You can view, accept or decline it at this private link (the PDF is attached):",
          { label: "View the quote", url },
        ],
  );
  return {
    to: quote.clientEmail,
    kind: "product_quote.sent",
    subject: es ? `Presupuesto ${quote.label} de ${quote.clinicName}` : `Quote ${quote.label} from ${quote.clinicName}`,
    ...body,
    attachments: [{ ...pdfAttachment(filename.replace(/\.pdf$/, ""), pdf) }],
  };
}

export type AuthorFacts = { userId: string; email: string; language: string };

/** To the quote's author: the client opened the link, or accepted / declined (with their name or reason). */
export function quoteAnsweredMail(
  author: AuthorFacts,
  quote: { id: number; label: string; clientName: string },
  event: { kind: "viewed" } | { kind: "accepted"; name: string } | { kind: "declined"; reason: string },
  url: string,
): OutgoingMail {
  const es = author.language === "es";
  const what =
    event.kind === "viewed"
      ? es
        ? `${quote.clientName} ha abierto el presupuesto ${quote.label}.`
        : `${quote.clientName} has opened quote ${quote.label}.`
      : event.kind === "accepted"
        ? es
          ? `${quote.clientName} ha aceptado el presupuesto ${quote.label} (firmado: ${event.name}).`
          : `${quote.clientName} has accepted quote ${quote.label} (signed: ${event.name}).`
        : es
          ? `${quote.clientName} ha rechazado el presupuesto ${quote.label}.${event.reason ? ` Motivo: ${event.reason}` : ""}`
          : `${quote.clientName} has declined quote ${quote.label}.${event.reason ? ` Reason: ${event.reason}` : ""}`;
  const subject =
    event.kind === "viewed"
      ? es
        ? `Presupuesto ${quote.label} visto`
        : `Quote ${quote.label} viewed`
      : event.kind === "accepted"
        ? es
          ? `Presupuesto ${quote.label} aceptado`
          : `Quote ${quote.label} accepted`
        : es
          ? `Presupuesto ${quote.label} rechazado`
          : `Quote ${quote.label} declined`;
  return {
    to: author.email,
    userId: author.userId,
    kind: event.kind === "viewed" ? "product_quote.viewed" : "product_quote.decided",
    subject,
    ...compose([what, { label: es ? "Abrir el presupuesto" : "Open the quote", url }]),
  };
}
