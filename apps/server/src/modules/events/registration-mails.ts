import { type Bilingual, formatCents, inLanguage, type MailKind, type RegistrationState, registrationNumber } from "@clinic/shared";
import { sql } from "drizzle-orm";
import QRCode from "qrcode";
import type { Db } from "../../db/client.ts";
import { type OutgoingMail, queueMail } from "../../platform/mail.ts";
import type { MailAttachment } from "../../platform/mail.table.ts";
import { type CalendarEvent, calendarInvite, feedIcs } from "../clinic/appointments/ical.ts";
import { formatWhen } from "../clinic/appointments/notifications.ts";
import { compose, type Paragraph } from "../clinic/billing/billing-mails.ts";
import type { EventDeps } from "./events-scope.ts";
import { registrationToken, ticketCode, ticketPath } from "./tickets.ts";

/**
 * The registrant's emails (issue 37.2), in their language, with the event's times in its zone.
 * Each is written from the registration as it stands in the caller's transaction, and carries
 * the private link (ticket page, cancel, pay): the link's secret is derived again from the id.
 */

/**
 * confirmed: the ticket (QR code, .ics); payment_due: how to pay (transfer details or the payment
 * page) and until when; waiting: the place in the waiting list; cancelled, refunded (amount),
 * expired (unpaid in time).
 */
export type RegistrationMailKind = "confirmed" | "payment_due" | "waiting" | "cancelled" | "refunded" | "expired";

// MAIL_KINDS (packages/shared/src/people.ts) lists these, for the outbox screen's labels.
const mailKind = (kind: RegistrationMailKind) => `event.${kind}` satisfies MailKind;

/** What the emails, the ticket page and the .ics say of one registration. */
export interface RegistrationFacts {
  id: number;
  number: string;
  name: string;
  email: string;
  language: string;
  state: RegistrationState;
  amountCents: number;
  paidCents: number;
  refundedCents: number;
  currency: string;
  provider: "manual" | "stripe" | null;
  paymentReference: string | null;
  expiresAt: Date | null;
  waitingPosition: number | null;
  ticketName: Bilingual;
  event: {
    id: number;
    slug: string;
    title: Bilingual;
    startsAt: Date;
    endsAt: Date;
    timeZone: string;
    venue: string;
    onlineUrl: string;
    cancelHours: number;
    clinicName: string;
    clinicEmail: string;
  };
}

type FactsRow = {
  id: number;
  name: string;
  email: string;
  language: string;
  state: RegistrationState;
  amount_cents: number;
  paid_cents: number;
  refunded_cents: number;
  currency: string;
  provider: "manual" | "stripe" | null;
  payment_reference: string | null;
  expires_at: string | Date | null;
  waiting_position: number | null;
  ticket_en: string;
  ticket_es: string;
  event_id: number;
  slug: string;
  title_en: string;
  title_es: string;
  starts_at: string | Date;
  ends_at: string | Date;
  time_zone: string;
  venue: string;
  online_url: string;
  cancel_hours: number;
  clinic_name: string;
  clinic_email: string;
};

/** The columns of `FactsRow` for a registration aliased `r`. */
export const FACTS_COLUMNS = sql`
  r.id, r.name, r.email, r.language, r.state, r.amount_cents, r.paid_cents, r.refunded_cents, r.currency, r.provider,
  r.payment_reference, r.expires_at,
  case when r.state = 'waiting' then (
    select count(*)::int from event_registrations w where w.event_id = r.event_id and w.state = 'waiting' and w.id <= r.id) end as waiting_position,
  t.name_en as ticket_en, t.name_es as ticket_es, e.id as event_id, e.slug, e.title_en, e.title_es, e.starts_at, e.ends_at, e.time_zone,
  e.venue, e.online_url, e.cancel_hours, u.name as clinic_name, u.email as clinic_email`;
export const FACTS_JOINS = sql`
  join event_events e on e.id = r.event_id join event_ticket_types t on t.id = r.ticket_type_id join users u on u.id = e.clinic_id`;

export function factsOf(row: FactsRow): RegistrationFacts {
  return {
    id: Number(row.id),
    number: registrationNumber(Number(row.id)),
    name: row.name,
    email: row.email,
    language: row.language,
    state: row.state,
    amountCents: row.amount_cents,
    paidCents: row.paid_cents,
    refundedCents: row.refunded_cents,
    currency: row.currency,
    provider: row.provider,
    paymentReference: row.payment_reference,
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
    waitingPosition: row.waiting_position === null ? null : Number(row.waiting_position),
    ticketName: { en: row.ticket_en, es: row.ticket_es },
    event: {
      id: Number(row.event_id),
      slug: row.slug,
      title: { en: row.title_en, es: row.title_es },
      startsAt: new Date(row.starts_at),
      endsAt: new Date(row.ends_at),
      timeZone: row.time_zone,
      venue: row.venue,
      onlineUrl: row.online_url,
      cancelHours: row.cancel_hours,
      clinicName: row.clinic_name,
      clinicEmail: row.clinic_email,
    },
  };
}

export async function readFacts(db: Db, registrationId: number): Promise<RegistrationFacts | null> {
  const result = await db.execute<FactsRow>(sql`select ${FACTS_COLUMNS} from event_registrations r ${FACTS_JOINS} where r.id = ${registrationId}`);
  const row = result.rows[0];
  return row ? factsOf(row) : null;
}

/** The ticket's QR code as a PNG: what the door scans. */
export const ticketQrPng = (key: Buffer, id: number): Promise<Buffer> =>
  QRCode.toBuffer(ticketCode(key, id), { type: "png", errorCorrectionLevel: "M", margin: 2, width: 320 });

export const ticketQrDataUrl = (key: Buffer, id: number): Promise<string> =>
  QRCode.toDataURL(ticketCode(key, id), { type: "image/png", errorCorrectionLevel: "M", margin: 2, width: 320 });

function calendarEvent(facts: RegistrationFacts, link: string, host: string): CalendarEvent {
  const title = inLanguage(facts.event.title, facts.language);
  return {
    // One UID per registration for ever, so a calendar program replaces rather than duplicates it.
    uid: `event-registration-${facts.id}@${host}`,
    sequence: 0,
    start: facts.event.startsAt,
    end: facts.event.endsAt,
    summary: title,
    description: `${facts.number} · ${inLanguage(facts.ticketName, facts.language)}\n${facts.event.onlineUrl ? `${facts.event.onlineUrl}\n` : ""}${link}`,
    location: facts.event.venue || facts.event.onlineUrl,
    url: link,
    status: "confirmed",
    organizer: { name: facts.event.clinicName, email: facts.event.clinicEmail },
    attendees: [{ name: facts.name, email: facts.email }],
  };
}

/** The registration's calendar file, as the ticket page downloads it (PUBLISH: a copy, not an invitation). */
export function registrationIcs(deps: Pick<EventDeps, "mailer" | "linkKey">, facts: RegistrationFacts): string {
  const link = deps.mailer.link(ticketPath(registrationToken(deps.linkKey, facts.id)));
  return feedIcs([], new URL(link).hostname, link, inLanguage(facts.event.title, facts.language), [calendarEvent(facts, link, new URL(link).hostname)]);
}

const QR_CID = "event-ticket-qr";

/** The email of `kind` for a registration, with its attachments; pure but for the QR code's drawing. */
export async function registrationMail(
  deps: Pick<EventDeps, "mailer" | "linkKey" | "bankDetails">,
  facts: RegistrationFacts,
  kind: RegistrationMailKind,
  extra: { checkoutUrl?: string | null; amountCents?: number },
): Promise<OutgoingMail> {
  const es = facts.language === "es";
  const link = deps.mailer.link(ticketPath(registrationToken(deps.linkKey, facts.id)));
  const title = inLanguage(facts.event.title, facts.language);
  const when = formatWhen(facts.event.startsAt, facts.event.timeZone);
  const money = (cents: number) => formatCents(cents, facts.currency, es ? "es" : "en");
  const place = [facts.event.venue, facts.event.onlineUrl].filter(Boolean).join(" · ");
  const about = `${title}: ${when}${place ? `, ${place}` : ""}.`;
  const greeting = es ? `Hola, ${facts.name}:` : `Hello ${facts.name},`;
  const paragraphs: Paragraph[] = [];
  const attachments: (MailAttachment & { encoding?: "base64"; cid?: string })[] = [];
  let subject: string;
  switch (kind) {
    case "confirmed": {
      subject = es ? `Su entrada para ${title} (${facts.number})` : `Your ticket for ${title} (${facts.number})`;
      paragraphs.push(
        es ? `Su plaza está confirmada. ${about}` : `Your place is confirmed. ${about}`,
        es
          ? "Muestre en la entrada el código QR adjunto o el de su página de entrada."
          : "Show the attached QR code, or the one on your ticket page, at the door.",
      );
      const host = new URL(link).hostname;
      const png = await ticketQrPng(deps.linkKey, facts.id);
      attachments.push(
        { filename: `${facts.number}.png`, contentType: "image/png", content: png.toString("base64"), encoding: "base64", cid: QR_CID },
        {
          filename: "event.ics",
          contentType: "text/calendar; charset=utf-8; method=REQUEST",
          content: calendarInvite(calendarEvent(facts, link, host), false),
        },
      );
      break;
    }
    case "payment_due": {
      const due = money(facts.amountCents - facts.paidCents);
      subject = es ? `Pague su plaza para ${title} (${facts.number})` : `Pay for your place at ${title} (${facts.number})`;
      paragraphs.push(es ? `Le reservamos una plaza. ${about}` : `We are holding a place for you. ${about}`);
      if (facts.provider === "manual") {
        paragraphs.push(
          es
            ? `Para pagarla, haga una transferencia de ${due} indicando ${facts.paymentReference ?? facts.number} como concepto.`
            : `To pay, make a transfer of ${due} quoting ${facts.paymentReference ?? facts.number} as its reference.`,
          { lines: deps.bankDetails },
        );
      } else if (extra.checkoutUrl) {
        paragraphs.push({ label: es ? `Pague ${due} con tarjeta en esta página:` : `Pay ${due} by card on this page:`, url: extra.checkoutUrl });
      } else {
        paragraphs.push(es ? `Pague ${due} con tarjeta desde su página de entrada (enlace abajo).` : `Pay ${due} by card from your ticket page (link below).`);
      }
      if (facts.expiresAt)
        paragraphs.push(
          es
            ? `La plaza queda reservada hasta el ${formatWhen(facts.expiresAt, facts.event.timeZone)}; sin pago, se libera entonces.`
            : `The place is held until ${formatWhen(facts.expiresAt, facts.event.timeZone)}; unpaid, it is released then.`,
        );
      break;
    }
    case "waiting":
      subject = es ? `En lista de espera: ${title}` : `On the waiting list: ${title}`;
      paragraphs.push(
        es ? `El evento está completo. ${about}` : `The event is full. ${about}`,
        es
          ? `Está en la lista de espera (puesto ${facts.waitingPosition ?? "-"}). Si se libera una plaza, se la damos por orden de llegada y le escribimos.`
          : `You are on the waiting list (number ${facts.waitingPosition ?? "-"}). If a place frees up, it goes in order of arrival and we will write to you.`,
      );
      break;
    case "cancelled":
      subject = es ? `Inscripción cancelada: ${title} (${facts.number})` : `Registration cancelled: ${title} (${facts.number})`;
      paragraphs.push(es ? `Su inscripción ${facts.number} se ha cancelado. ${about}` : `Your registration ${facts.number} has been cancelled. ${about}`);
      break;
    case "refunded":
      subject = es ? `Reembolso: ${title} (${facts.number})` : `Refund: ${title} (${facts.number})`;
      paragraphs.push(
        es
          ? `Le hemos reembolsado ${money(extra.amountCents ?? facts.refundedCents)} de su inscripción ${facts.number}.`
          : `We have refunded ${money(extra.amountCents ?? facts.refundedCents)} of your registration ${facts.number}.`,
      );
      if (facts.state === "refunded") paragraphs.push(es ? "Su inscripción queda cancelada." : "Your registration is cancelled.");
      break;
    case "expired":
      subject = es ? `Plaza liberada: ${title} (${facts.number})` : `Place released: ${title} (${facts.number})`;
      paragraphs.push(
        es
          ? `No recibimos el pago de su inscripción ${facts.number} a tiempo, así que hemos liberado la plaza.`
          : `The payment for your registration ${facts.number} did not arrive in time, so we have released the place.`,
      );
      break;
  }
  paragraphs.push({ label: es ? "Su página de inscripción:" : "Your registration page:", url: link });
  const mail = compose({ email: facts.email, language: facts.language, name: facts.name }, mailKind(kind), subject, greeting, paragraphs, attachments);
  if (kind === "confirmed") mail.html = `${mail.html ?? ""}\n<p><img src="cid:${QR_CID}" alt="${facts.number}" width="240" height="240"></p>`;
  return mail;
}

/** Queues the registrant's email about `kind` inside `tx`, in their language, from the registration as it now stands. */
export async function mailRegistration(
  tx: Db,
  deps: EventDeps,
  registrationId: number,
  kind: RegistrationMailKind,
  extra: { checkoutUrl?: string | null; amountCents?: number } = {},
): Promise<void> {
  const facts = await readFacts(tx, registrationId);
  if (!facts) return;
  await queueMail(tx, deps.mailer, deps.jobs, [await registrationMail(deps, facts, kind, extra)]);
}
