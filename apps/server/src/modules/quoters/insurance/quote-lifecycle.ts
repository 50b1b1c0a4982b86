import { type InsuranceQuoteState, policyNumber, type PublicQuote, QUOTER_MESSAGES } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { Actor } from "../../../platform/access.ts";
import { badRequest, conflict, notFound } from "../../../platform/errors.ts";
import { queueMail } from "../../../platform/mail.ts";
import { addYear, type QuoterDeps, nextNumber, ownedBy, todayUtc, userName } from "./insurance-scope.ts";
import { decidedMail, optionsShown, quoteMail } from "./quote-documents.ts";
import { quoteToken } from "./quote-links.ts";
import { linkTokenHash } from "../../../platform/private-links.ts";
import { lockedQuote, quoteDetail } from "./quotes.service.ts";

/**
 * A quote's life after its draft (issue 38.3): sent (with its PDF and private link; sending again
 * sends the same link), accepted or declined by the applicant's link or recorded by the agent,
 * expired past its validity (quote-expiry.ts), bound into exactly one policy. Every change is a
 * conditional UPDATE or runs under the quote's row lock, so two calls at once act once; a
 * refused call writes nothing.
 */

/** Sends the quote with its chosen option: draft → sent, or a sent quote again (same link). */
export async function sendQuote(deps: QuoterDeps, actor: Actor, quoteId: number, option: number): Promise<void> {
  await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const quote = await lockedQuote(tx, actor, quoteId);
    if (quote.state !== "draft" && quote.state !== "sent") throw conflict(QUOTER_MESSAGES.notSendable);
    if (quote.validUntil < todayUtc()) throw conflict(QUOTER_MESSAGES.quoteExpired);
    const exists = await tx.execute(sql`select 1 from insurance_quote_options where quote_id = ${quoteId} and position = ${option}`);
    if (exists.rows.length === 0) throw badRequest({ option: [QUOTER_MESSAGES.optionUnknown] });
    const token = quoteToken(deps.linkKey, quoteId);
    await tx.execute(sql`
      update insurance_quotes set state = 'sent', chosen_option = ${option}, token_hash = ${linkTokenHash(token)}, sent_at = now(), updated_at = now()
      where id = ${quoteId}`);
    const detail = await quoteDetail(tx, actor, quoteId);
    await queueMail(tx, deps.mailer, deps.jobs, [await quoteMail(deps.mailer, detail, token)]);
  });
}

/** Why a quote that is not `sent` and valid cannot be decided (409). */
function undecidable(state: InsuranceQuoteState, validUntil: string): Error {
  if (state === "accepted" || state === "bound") return conflict(QUOTER_MESSAGES.alreadyAccepted);
  if (state === "declined") return conflict(QUOTER_MESSAGES.alreadyDeclined);
  if (state === "expired" || (state === "sent" && validUntil < todayUtc())) return conflict(QUOTER_MESSAGES.quoteExpired);
  return conflict(QUOTER_MESSAGES.notDecidable);
}

type Decision = { accepted: true; name: string } | { accepted: false; reason: string };

/** sent (and within its validity) → accepted or declined, in `tx`; answers false when the quote was not decidable. */
async function decide(tx: Db, quoteId: number, decision: Decision): Promise<boolean> {
  const result = await tx.execute(sql`
    update insurance_quotes set state = ${decision.accepted ? "accepted" : "declined"}, decided_at = now(), updated_at = now(),
      accepted_name = ${decision.accepted ? decision.name : null}, decline_reason = ${decision.accepted ? null : decision.reason}
    where id = ${quoteId} and state = 'sent' and valid_until >= ${todayUtc()}::date
    returning id`);
  return result.rows.length > 0;
}

/** The agent records the applicant's answer (by phone). */
export async function decideByAgent(db: Db, actor: Actor, quoteId: number, decision: Decision): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const quote = await lockedQuote(tx, actor, quoteId);
    if (!(await decide(tx, quoteId, decision))) throw undecidable(quote.state, quote.validUntil);
  });
}

/** The quote id a private link names; 404 for a forged or unknown one. */
export async function quoteIdOfToken(db: Db, token: string): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`select id from insurance_quotes where token_hash = ${linkTokenHash(token)}`);
  const id = result.rows[0]?.id;
  if (id === undefined) throw notFound(QUOTER_MESSAGES.linkUnknown);
  return Number(id);
}

const SYSTEM: Actor = { isAdmin: true } as Actor;

/** What the link shows: the chosen option, its coverage and premium, and whether it may still be answered. */
export async function publicQuote(db: Db, quoteId: number): Promise<PublicQuote> {
  const quote = await quoteDetail(db, SYSTEM, quoteId);
  const option = optionsShown(quote)[0];
  if (!option) throw notFound(QUOTER_MESSAGES.linkUnknown);
  return {
    number: quote.number,
    applicantName: quote.applicantName,
    state: quote.state,
    validUntil: quote.validUntil,
    language: quote.language,
    agentName: quote.agent.name,
    option,
    decidable: quote.state === "sent" && quote.validUntil >= todayUtc(),
    decidedAt: quote.decidedAt,
    acceptedName: quote.acceptedName,
  };
}

/** The applicant answers by the link; the agent is told by email. Answers the quote's id. */
export async function decideByLink(deps: QuoterDeps, token: string, decision: Decision): Promise<number> {
  const quoteId = await quoteIdOfToken(deps.db, token);
  await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const found = await tx.execute<Record<string, unknown>>(sql`
      select q.id, q.number, q.applicant_name, q.state, q.valid_until::text as valid_until,
        a.id as agent_id, a.email, a.language, ${userName("a")} as agent_name
      from insurance_quotes q join users a on a.id = q.agent_id where q.id = ${quoteId} for update of q`);
    const row = found.rows[0];
    if (!row) throw notFound(QUOTER_MESSAGES.linkUnknown);
    if (!(await decide(tx, quoteId, decision))) throw undecidable(row.state as InsuranceQuoteState, String(row.valid_until));
    const mail = decidedMail(
      deps.mailer,
      { id: String(row.agent_id), email: String(row.email), name: String(row.agent_name), language: String(row.language) },
      { id: quoteId, number: String(row.number), applicantName: String(row.applicant_name) },
      { accepted: decision.accepted, reason: decision.accepted ? "" : decision.reason },
    );
    await queueMail(tx, deps.mailer, deps.jobs, [mail]);
  });
  return quoteId;
}

/**
 * Binds an accepted quote into its policy: accepted → bound and one insurance_policies row,
 * POL-<year>-<sequence>, running a year from `startsOn` (endsOn is the last day covered,
 * inclusive: startsOn + 1 year − 1 day). Twice or at once: one policy, the other call 409.
 * Answers the policy's id.
 */
export async function bindQuote(db: Db, actor: Actor, quoteId: number, startsOn: string | undefined): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const quote = await lockedQuote(tx, actor, quoteId);
    if (quote.state === "bound") throw conflict(QUOTER_MESSAGES.alreadyBound);
    if (quote.state !== "accepted") throw conflict(QUOTER_MESSAGES.notAccepted);
    const start = startsOn ?? todayUtc();
    const year = Number(start.slice(0, 4));
    const sequence = await nextNumber(tx, "policy", year);
    await tx.execute(
      sql`update insurance_quotes set state = 'bound', bound_at = now(), updated_at = now() where id = ${quoteId} and ${ownedBy(actor, sql`agent_id`)}`,
    );
    const made = await tx.execute<{ id: number }>(sql`
      insert into insurance_policies (number, quote_id, option_id, version_id, agent_id, holder_name, holder_email, premium_cents, currency, starts_on, ends_on)
      select ${policyNumber(year, sequence)}, q.id, o.id, o.version_id, q.agent_id, coalesce(q.accepted_name, q.applicant_name), q.applicant_email,
        o.premium_cents, p.currency, ${start}::date, ${addYear(start, 1)}::date
      from insurance_quotes q join insurance_quote_options o on o.quote_id = q.id and o.position = q.chosen_option
        join insurance_product_versions v on v.id = o.version_id join insurance_products p on p.id = v.product_id
      where q.id = ${quoteId}
      returning id`);
    const id = made.rows[0]?.id;
    if (id === undefined) throw conflict(QUOTER_MESSAGES.optionUnknown);
    return Number(id);
  });
}
