import { formatCents, type Invoice, type MailKind, type OrderDetail, type OrderSummary } from "@clinic/shared";
import type { OutgoingMail } from "../../../platform/mail.ts";
import type { MailAttachment } from "../../../platform/mail.table.ts";

/**
 * The billing emails (issue 16.7), each in its recipient's language: order created (how to
 * pay), payment received (the invoice attached), membership expiring and expired (how to
 * renew), refund recorded (the credit note attached), order cancelled or expired unpaid. Pure
 * builders: the caller reads the facts and writes the messages (queueMail in its transaction).
 */

export const BILLING_MAIL_KINDS = {
  order: "billing.order",
  paid: "billing.paid",
  expiring: "billing.expiring",
  expired: "billing.expired",
  refunded: "billing.refunded",
  cancelled: "billing.cancelled",
} as const;

/** Where a membership is seen and renewed (route getMembership), and one order (membershipInvoice). */
export const MEMBERSHIP_PAGE = "/manager/admin/getMembership";
export const orderPagePath = (orderId: number) => `${MEMBERSHIP_PAGE}/invoice/${orderId}`;

export interface BillingRecipient {
  email: string;
  /** "es" writes Spanish; anything else English. */
  language: string;
  userId?: string | null;
  /** For the greeting; none: no greeting. */
  name?: string | null;
}

/** Makes a site path absolute: the app's mailer (`app.mailer`) is one. */
export interface MailLinks {
  link(path: string): string;
}

/** What every order email says of the order (an OrderSummary or OrderDetail is one). */
export type BillingOrderFacts = Pick<OrderSummary, "id" | "number" | "plan" | "periodFrom" | "periodTo" | "totalCents" | "currency">;

export type NewOrderFacts = BillingOrderFacts & Pick<OrderDetail, "provider" | "instructions" | "checkoutUrl" | "expiresAt">;

/**
 * A PDF attachment. Its content is base64 and says so: nodemailer decodes it when it sends,
 * and the outbox row (jsonb) keeps the field, so the `mail.deliver` job sends the same bytes.
 */
export interface PdfMailAttachment extends MailAttachment {
  encoding: "base64";
}

export function pdfAttachment(number: string, pdf: Buffer): PdfMailAttachment {
  return { filename: `${number.replace(/[^\w.-]/g, "_")}.pdf`, contentType: "application/pdf", content: pdf.toString("base64"), encoding: "base64" };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A paragraph: plain text, text kept line by line (bank details), or a labelled link. */
export type Paragraph = string | { lines: string } | { label: string; url: string };

/** An email of paragraphs, links and line blocks, as text and as escaped HTML (the shop's emails use it too). */
export function compose(
  to: BillingRecipient,
  kind: MailKind,
  subject: string,
  greeting: string | null,
  paragraphs: readonly Paragraph[],
  attachments?: MailAttachment[],
): OutgoingMail {
  const all: Paragraph[] = greeting ? [greeting, ...paragraphs] : [...paragraphs];
  const text = all.map((paragraph) =>
    typeof paragraph === "string" ? paragraph : "lines" in paragraph ? paragraph.lines : `${paragraph.label}\n${paragraph.url}`,
  );
  const html = all.map((paragraph) => {
    if (typeof paragraph === "string") return `<p>${escapeHtml(paragraph)}</p>`;
    if ("lines" in paragraph) return `<p>${paragraph.lines.split(/\r?\n/).map(escapeHtml).join("<br>")}</p>`;
    return `<p>${escapeHtml(paragraph.label)}<br><a href="${escapeHtml(paragraph.url)}">${escapeHtml(paragraph.url)}</a></p>`;
  });
  return {
    to: to.email,
    userId: to.userId ?? null,
    subject,
    text: text.join("\n\n"),
    html: html.join("\n"),
    kind,
    ...(attachments ? { attachments } : {}),
  };
}

const isSpanish = (to: BillingRecipient) => to.language === "es";
const greetingOf = (to: BillingRecipient) => (to.name ? (isSpanish(to) ? `Hola, ${to.name}:` : `Hello ${to.name},`) : null);
const money = (cents: number, currency: string, to: BillingRecipient) => formatCents(cents, currency, isSpanish(to) ? "es" : "en");
/** YYYY-MM-DD of a date or timestamp (spec §9's date format). */
const day = (value: string) => value.slice(0, 10);

/** billing.order: the order is placed; how to pay it (bank transfer quoting its number, or Stripe's page). */
export function orderCreatedMail(to: BillingRecipient, order: NewOrderFacts, links: MailLinks): OutgoingMail {
  const es = isSpanish(to);
  const total = money(order.totalCents, order.currency, to);
  const orderLink = links.link(orderPagePath(order.id));
  const paragraphs: Paragraph[] = [
    es
      ? `Hemos recibido su pedido ${order.number} del plan ${order.plan}, para el periodo del ${order.periodFrom} al ${order.periodTo}. Total: ${total}.`
      : `We have received your order ${order.number} for the plan ${order.plan}, for the period ${order.periodFrom} to ${order.periodTo}. Total: ${total}.`,
  ];
  if (order.provider === "manual") {
    paragraphs.push(
      es
        ? `Para pagarlo, haga una transferencia bancaria de ${total} indicando el número de pedido ${order.number} como concepto. Su membresía se activará cuando se confirme el pago.`
        : `To pay, make a bank transfer of ${total} quoting the order number ${order.number} as its reference. Your membership is activated once the payment is confirmed.`,
    );
    if (order.instructions) paragraphs.push({ lines: order.instructions });
  } else {
    paragraphs.push({
      label: es ? "Páguelo con tarjeta de forma segura en esta página:" : "Pay it securely by card on this page:",
      url: order.checkoutUrl ?? orderLink,
    });
  }
  paragraphs.push(es ? `El pedido espera su pago hasta el ${day(order.expiresAt)}.` : `The order waits for your payment until ${day(order.expiresAt)}.`, {
    label: es ? "Consulte el pedido:" : "See the order:",
    url: orderLink,
  });
  const subject = es ? `Su pedido ${order.number}: ${order.plan}` : `Your order ${order.number}: ${order.plan}`;
  return compose(to, BILLING_MAIL_KINDS.order, subject, greetingOf(to), paragraphs);
}

/** billing.paid: the payment arrived; the invoice's PDF goes with it. */
export function paymentReceivedMail(
  to: BillingRecipient,
  order: BillingOrderFacts,
  invoice: Pick<Invoice, "number" | "totalCents" | "currency">,
  pdf: Buffer,
  links: MailLinks,
): OutgoingMail {
  const es = isSpanish(to);
  const total = money(invoice.totalCents, invoice.currency, to);
  const paragraphs: Paragraph[] = es
    ? [
        `Hemos recibido su pago de ${total} del pedido ${order.number} (${order.plan}, del ${order.periodFrom} al ${order.periodTo}). Su membresía está activa durante ese periodo.`,
        `Le adjuntamos su factura ${invoice.number}.`,
        { label: "Consulte el pedido y descargue la factura:", url: links.link(orderPagePath(order.id)) },
      ]
    : [
        `We have received your payment of ${total} for order ${order.number} (${order.plan}, ${order.periodFrom} to ${order.periodTo}). Your membership is active for that period.`,
        `Your invoice ${invoice.number} is attached.`,
        { label: "See the order and download the invoice:", url: links.link(orderPagePath(order.id)) },
      ];
  const subject = es ? `Pago recibido: factura ${invoice.number}` : `Payment received: invoice ${invoice.number}`;
  return compose(to, BILLING_MAIL_KINDS.paid, subject, greetingOf(to), paragraphs, [pdfAttachment(invoice.number, pdf)]);
}

export interface ExpiringMembershipFacts {
  plan: string;
  /** The membership's last day (YYYY-MM-DD). */
  endsOn: string;
  daysLeft: number;
}

/** billing.expiring: the reminders before the end (14 and 3 days), with the page to renew. */
export function membershipExpiringMail(to: BillingRecipient, membership: ExpiringMembershipFacts, links: MailLinks): OutgoingMail {
  const es = isSpanish(to);
  const { plan, endsOn, daysLeft } = membership;
  const days = es ? `${daysLeft} ${daysLeft === 1 ? "día" : "días"}` : `${daysLeft} ${daysLeft === 1 ? "day" : "days"}`;
  const when = daysLeft <= 0 ? (es ? `hoy, ${endsOn}` : `today, ${endsOn}`) : es ? `dentro de ${days}, el ${endsOn}` : `in ${days}, on ${endsOn}`;
  const paragraphs: Paragraph[] = [
    es ? `Su membresía ${plan} termina ${when}.` : `Your membership ${plan} ends ${when}.`,
    {
      label: es ? "Renuévela para seguir usando la plataforma sin interrupciones:" : "Renew it to keep using the platform without interruption:",
      url: links.link(MEMBERSHIP_PAGE),
    },
  ];
  const subject =
    daysLeft <= 0
      ? es
        ? "Su membresía termina hoy"
        : "Your membership ends today"
      : es
        ? `Su membresía termina dentro de ${days}`
        : `Your membership ends in ${days}`;
  return compose(to, BILLING_MAIL_KINDS.expiring, subject, greetingOf(to), paragraphs);
}

export interface ExpiredMembershipFacts {
  plan: string;
  /** The membership's last day. */
  endedOn: string;
  /** The last day of the grace period (the same as endedOn without one). */
  accessUntil: string;
}

/** billing.expired: the membership ended; until when access lasts (grace), and the page to renew. */
export function membershipExpiredMail(to: BillingRecipient, membership: ExpiredMembershipFacts, links: MailLinks): OutgoingMail {
  const es = isSpanish(to);
  const { plan, endedOn, accessUntil } = membership;
  const grace = accessUntil > endedOn;
  const paragraphs: Paragraph[] = [
    es ? `Su membresía ${plan} terminó el ${endedOn}.` : `Your membership ${plan} ended on ${endedOn}.`,
    grace
      ? es
        ? `Mantiene el acceso hasta el ${accessUntil}; después, las funciones de la plataforma quedarán bloqueadas hasta que la renueve.`
        : `You keep access until ${accessUntil}; after that day the platform's features are locked until you renew.`
      : es
        ? "Las funciones de la plataforma quedan bloqueadas hasta que la renueve."
        : "The platform's features are locked until you renew.",
    { label: es ? "Renuévela aquí:" : "Renew it here:", url: links.link(MEMBERSHIP_PAGE) },
  ];
  const subject = es ? `Su membresía ha terminado: acceso hasta el ${accessUntil}` : `Your membership has ended: access until ${accessUntil}`;
  return compose(to, BILLING_MAIL_KINDS.expired, subject, greetingOf(to), paragraphs);
}

/** billing.refunded: the refund is recorded; the credit note's PDF goes with it. */
export function orderRefundedMail(
  to: BillingRecipient,
  order: BillingOrderFacts,
  creditNote: Pick<Invoice, "number" | "totalCents" | "currency" | "creditsNumber">,
  pdf: Buffer,
  links: MailLinks,
): OutgoingMail {
  const es = isSpanish(to);
  // The amount given back, whichever sign the credit note stores.
  const amount = money(Math.abs(creditNote.totalCents), creditNote.currency, to);
  const corrects = creditNote.creditsNumber;
  const paragraphs: Paragraph[] = es
    ? [
        `Hemos registrado el reembolso de ${amount} del pedido ${order.number} (${order.plan}).`,
        `Le adjuntamos la factura rectificativa ${creditNote.number}${corrects ? `, que rectifica la factura ${corrects}` : ""}.`,
        { label: "Consulte el pedido:", url: links.link(orderPagePath(order.id)) },
      ]
    : [
        `We have recorded the refund of ${amount} for order ${order.number} (${order.plan}).`,
        `Credit note ${creditNote.number}${corrects ? `, which corrects invoice ${corrects},` : ""} is attached.`,
        { label: "See the order:", url: links.link(orderPagePath(order.id)) },
      ];
  const subject = es
    ? `Reembolso del pedido ${order.number}: factura rectificativa ${creditNote.number}`
    : `Refund of order ${order.number}: credit note ${creditNote.number}`;
  return compose(to, BILLING_MAIL_KINDS.refunded, subject, greetingOf(to), paragraphs, [pdfAttachment(creditNote.number, pdf)]);
}

/** billing.cancelled: the order was cancelled, or expired unpaid (`reason`); nothing is owed. */
export function orderCancelledMail(to: BillingRecipient, order: BillingOrderFacts, reason: "cancelled" | "expired", links: MailLinks): OutgoingMail {
  const es = isSpanish(to);
  const total = money(order.totalCents, order.currency, to);
  const what = es ? `El pedido ${order.number} del plan ${order.plan} (${total})` : `Order ${order.number} for the plan ${order.plan} (${total})`;
  const paragraphs: Paragraph[] = [
    reason === "cancelled"
      ? es
        ? `${what} se ha cancelado. No se le cobrará nada por él.`
        : `${what} has been cancelled. Nothing is charged for it.`
      : es
        ? `${what} ha caducado sin pagarse y se ha cerrado. No se le cobrará nada por él.`
        : `${what} expired without being paid and has been closed. Nothing is charged for it.`,
    { label: es ? "Puede hacer un nuevo pedido cuando quiera:" : "You can place a new order at any time:", url: links.link(MEMBERSHIP_PAGE) },
  ];
  const subject =
    reason === "cancelled"
      ? es
        ? `Pedido ${order.number} cancelado`
        : `Order ${order.number} cancelled`
      : es
        ? `Pedido ${order.number} caducado sin pagar`
        : `Order ${order.number} expired unpaid`;
  return compose(to, BILLING_MAIL_KINDS.cancelled, subject, greetingOf(to), paragraphs);
}
