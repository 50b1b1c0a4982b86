import { PRODUCT_QUOTE_MESSAGES, type ProductQuoteAccept, type ProductQuoteState, type PublicProductQuote, productQuoteLabel } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { Actor } from "../../../platform/access.ts";
import { conflict, notFound } from "../../../platform/errors.ts";
import type { JobQueue } from "../../../platform/jobs.ts";
import { type Mailer, queueMail } from "../../../platform/mail.ts";
import { quoteAnsweredMail, quoteSentMail } from "./product-quote-mails.ts";
import { quotePdf } from "./product-quote-pdf.ts";
import { isoOrNull, managedQuote, type ProductQuoteDeps, quotePublicPath, quoteStaffPath, quoteToken } from "./product-quotes-scope.ts";
import { linkTokenHash } from "../../../platform/private-links.ts";

/**
 * A quote's life after its draft (issue 38.1): sent to its client with a private link, viewed
 * and answered by that link, expired by a sweep once past its validity. Every change is a
 * conditional UPDATE on the state read under the row's lock, so two calls at once act once, and
 * its emails are written in the same transaction (they exist exactly when the change does).
 */

const tx = async <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> => db.transaction((raw) => work(raw as unknown as Db));

/** Sends (or sends again) a draft, sent or viewed quote: PDF attached, the same private link each time; a draft becomes sent. */
export async function sendQuote(deps: ProductQuoteDeps, actor: Actor, quoteId: number): Promise<void> {
  await tx(deps.db, async (db) => {
    const quote = await managedQuote(db, actor, quoteId, true);
    if (!["draft", "sent", "viewed"].includes(quote.state)) throw conflict(PRODUCT_QUOTE_MESSAGES.notSendable);
    const token = quoteToken(deps.linkKey, quoteId);
    const updated = await db.execute<{ valid: boolean }>(sql`
      update product_quotes set state = case when state = 'draft' then 'sent' else state end, sent_at = now(), token_hash = ${linkTokenHash(token)},
        updated_at = now()
      where id = ${quoteId} and state = ${quote.state} and valid_until >= current_date returning true as valid`);
    if (updated.rows.length === 0) throw conflict(PRODUCT_QUOTE_MESSAGES.validUntilPast);
    const file = await quotePdf(db, quoteId);
    const facts = await db.execute<{
      clinic: string;
      client_name: string;
      client_email: string;
      language: string;
      total_cents: number;
      currency: string;
      valid_until: string;
    }>(sql`
      select coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), u.email) as clinic, q.client_name, q.client_email, q.language, q.total_cents,
        q.currency, to_char(q.valid_until, 'YYYY-MM-DD') as valid_until
      from product_quotes q join users u on u.id = q.clinic_id where q.id = ${quoteId}`);
    const row = facts.rows[0];
    if (!row) throw notFound();
    const mail = quoteSentMail(
      {
        label: file.label,
        clinicName: row.clinic,
        clientName: row.client_name,
        clientEmail: row.client_email,
        language: row.language,
        totalCents: Number(row.total_cents),
        currency: row.currency,
        validUntil: row.valid_until,
      },
      deps.mailer.link(quotePublicPath(token)),
      file.pdf,
      file.filename,
    );
    await queueMail(db, deps.mailer, deps.jobs, [mail]);
  });
}

// ---------------------------------------------------------------- the client's link

type LinkedRow = {
  id: number;
  number: string;
  revision: number;
  state: ProductQuoteState;
  lapsed: boolean;
  client_name: string;
  language: string;
  currency: string;
  tax_rate_bp: number;
  discount_cents: number;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  valid_until: string;
  terms_en: string;
  terms_es: string;
  decided_at: string | Date | null;
  accepted_name: string | null;
  created_by: string | null;
  clinic: string;
  lines: PublicProductQuote["lines"] | null;
};

/** The quote a token opens (locked when asked), or 404: a forged, altered or unsent link opens nothing. */
async function linkedQuote(db: Db, token: string, lock: boolean): Promise<LinkedRow> {
  const result = await db.execute<LinkedRow & Record<string, unknown>>(sql`
    select q.id, q.number, q.revision, q.state, q.valid_until < current_date as lapsed, q.client_name, q.language, q.currency, q.tax_rate_bp,
      q.discount_cents, q.subtotal_cents, q.tax_cents, q.total_cents, to_char(q.valid_until, 'YYYY-MM-DD') as valid_until, q.terms_en, q.terms_es,
      q.decided_at, q.accepted_name, q.created_by, coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), u.email) as clinic,
      (select json_agg(json_build_object('position', l.position, 'description', l.description, 'quantity', l.quantity, 'unitCents', l.unit_cents,
          'discountCents', l.discount_cents, 'totalCents', l.total_cents) order by l.position)
        from product_quote_lines l where l.quote_id = q.id) as lines
    from product_quotes q join users u on u.id = q.clinic_id
    where q.token_hash = ${linkTokenHash(token)} ${lock ? sql`for update of q` : sql``}`);
  const row = result.rows[0];
  if (!row) throw notFound(PRODUCT_QUOTE_MESSAGES.linkUnknown);
  return row;
}

/** What a link in `state` may do, read with the validity: past it a sent or viewed quote is expired, whether the sweep has run or not. */
const effectiveState = (row: LinkedRow): ProductQuoteState => ((row.state === "sent" || row.state === "viewed") && row.lapsed ? "expired" : row.state);

function publicView(row: LinkedRow, state: ProductQuoteState): PublicProductQuote {
  const lines = (row.lines ?? []).map((line) => ({ ...line, position: Number(line.position) }));
  return {
    label: productQuoteLabel(row.number, Number(row.revision)),
    state,
    clinicName: row.clinic,
    clientName: row.client_name,
    language: row.language,
    currency: row.currency,
    lines,
    linesCents: lines.reduce((sum, line) => sum + Number(line.totalCents), 0),
    discountCents: Number(row.discount_cents),
    subtotalCents: Number(row.subtotal_cents),
    taxRateBp: Number(row.tax_rate_bp),
    taxCents: Number(row.tax_cents),
    totalCents: Number(row.total_cents),
    validUntil: row.valid_until,
    termsEn: row.terms_en,
    termsEs: row.terms_es,
    open: state === "sent" || state === "viewed",
    decidedAt: isoOrNull(row.decided_at),
    acceptedName: row.accepted_name,
  };
}

type LinkDeps = Pick<ProductQuoteDeps, "db" | "mailer" | "jobs">;

async function mailAuthor(db: Db, mailer: Mailer, jobs: JobQueue, row: LinkedRow, event: Parameters<typeof quoteAnsweredMail>[2]): Promise<void> {
  if (!row.created_by) return;
  const author = await db.execute<{ id: string; email: string; language: string }>(
    sql`select id, email, language from users where id = ${row.created_by} and is_active`,
  );
  const to = author.rows[0];
  if (!to) return;
  const quote = { id: Number(row.id), label: productQuoteLabel(row.number, Number(row.revision)), clientName: row.client_name };
  await queueMail(db, mailer, jobs, [
    quoteAnsweredMail({ userId: to.id, email: to.email, language: to.language }, quote, event, mailer.link(quoteStaffPath(quote.id))),
  ]);
}

/**
 * The quote by its link. A revised quote answers 409 (a newer revision exists). The first view
 * of a sent quote marks it viewed and tells its author, once: the UPDATE is conditional on `sent`.
 */
export async function viewByLink(deps: LinkDeps, token: string): Promise<{ quote: PublicProductQuote; id: number; firstView: boolean }> {
  return tx(deps.db, async (db) => {
    const row = await linkedQuote(db, token, false);
    if (row.state === "revised") throw conflict(PRODUCT_QUOTE_MESSAGES.linkRevised);
    let state = effectiveState(row);
    let firstView = false;
    if (state === "sent") {
      const marked = await db.execute(
        sql`update product_quotes set state = 'viewed', viewed_at = now(), updated_at = now() where id = ${row.id} and state = 'sent' returning id`,
      );
      if (marked.rows.length > 0) {
        firstView = true;
        state = "viewed";
        await mailAuthor(db, deps.mailer, deps.jobs, row, { kind: "viewed" });
      }
    }
    return { quote: publicView(row, state), id: Number(row.id), firstView };
  });
}

/** Why a link cannot answer now, or null when it can (sent or viewed, within its validity). */
function refusalOf(state: ProductQuoteState): string | null {
  switch (state) {
    case "sent":
    case "viewed":
      return null;
    case "revised":
      return PRODUCT_QUOTE_MESSAGES.linkRevised;
    case "declined":
      return PRODUCT_QUOTE_MESSAGES.linkDeclined;
    case "accepted":
    case "converted":
      return PRODUCT_QUOTE_MESSAGES.linkAccepted;
    case "expired":
      return PRODUCT_QUOTE_MESSAGES.linkExpired;
    default:
      return PRODUCT_QUOTE_MESSAGES.linkClosed;
  }
}

/** Accepts (name typed, box ticked) or declines by the link; anything but an open, valid quote: 409, nothing written. */
export async function answerByLink(
  deps: LinkDeps,
  token: string,
  answer: ({ kind: "accepted" } & ProductQuoteAccept) | { kind: "declined"; reason: string },
): Promise<{ quote: PublicProductQuote; id: number }> {
  return tx(deps.db, async (db) => {
    const row = await linkedQuote(db, token, true);
    const refusal = refusalOf(effectiveState(row));
    if (refusal) throw conflict(refusal);
    const name = answer.kind === "accepted" ? answer.name : null;
    const reason = answer.kind === "declined" ? answer.reason.trim() : null;
    const updated = await db.execute<{ decided_at: string }>(sql`
      update product_quotes set state = ${answer.kind}, decided_at = now(), accepted_name = ${name}, decline_reason = ${reason},
        viewed_at = coalesce(viewed_at, now()), updated_at = now()
      where id = ${row.id} and state in ('sent', 'viewed') and valid_until >= current_date returning decided_at`);
    if (updated.rows.length === 0) throw conflict(PRODUCT_QUOTE_MESSAGES.linkClosed);
    await mailAuthor(
      db,
      deps.mailer,
      deps.jobs,
      row,
      answer.kind === "accepted" ? { kind: "accepted", name: answer.name } : { kind: "declined", reason: reason ?? "" },
    );
    const decided = { ...row, decided_at: updated.rows[0]?.decided_at ?? null, accepted_name: name };
    return { quote: publicView(decided, answer.kind), id: Number(row.id) };
  });
}

// ---------------------------------------------------------------- expiry

export const QUOTE_EXPIRY_QUEUE = "product_quoter.expire";
/** Every quarter of an hour, on whichever node's pg-boss clock claims the slot. */
const EXPIRY_CRON = "7,22,37,52 * * * *";

export interface QuoteExpiryDeps {
  db: Db;
  jobs: JobQueue;
  /** The module is on: a switched-off module changes nothing (its quotes wait). */
  enabled: () => Promise<boolean>;
}

/**
 * One sweep: every sent or viewed quote past its validity becomes expired, each by the one
 * conditional UPDATE that claims it, audited in the same statement: a second sweep, a restarted
 * node or another node's sweep finds nothing left to claim. Answers how many expired.
 */
export async function expireQuotes(deps: QuoteExpiryDeps): Promise<number> {
  if (!(await deps.enabled())) return 0;
  const result = await deps.db.execute<{ id: number }>(sql`
    with expired as (
      update product_quotes set state = 'expired', updated_at = now()
      where state in ('sent', 'viewed') and valid_until < current_date returning id),
    audit as (
      insert into audit_events (actor_id, action, outcome, detail)
      select null, 'product_quote.expire', 'ok', jsonb_build_object('id', id) from expired)
    select id from expired`);
  return result.rows.length;
}

export function registerQuoteExpiry(deps: QuoteExpiryDeps): void {
  deps.jobs.handle(QUOTE_EXPIRY_QUEUE, async () => {
    await expireQuotes(deps);
  });
  deps.jobs.every(QUOTE_EXPIRY_QUEUE, EXPIRY_CRON);
}
