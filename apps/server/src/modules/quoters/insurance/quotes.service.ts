import {
  INSURANCE_LIMITS,
  type InsuranceQuoteState,
  type InsuranceRules,
  type Paged,
  QUOTER_MESSAGES,
  type QuoteDetail,
  type QuoteInput,
  type QuoteRow,
  type QuotesQuery,
  type RatedOption,
  type RatingAnswers,
  type RatingStep,
  quoteInputSchema,
  quoteNumber,
} from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { Actor } from "../../../platform/access.ts";
import { badRequest, conflict, notFound } from "../../../platform/errors.ts";
import { containsPattern, pageWindow } from "../../../platform/paging.ts";
import { addDays, iso, isoOrNull, nextNumber, ownedBy, todayUtc, userName } from "./insurance-scope.ts";
import { currentVersions, rateOptions, ratedOptionView } from "./quote-rating.ts";

/**
 * Insurance quotes (issue 38.3): drafts saved with their options rated on the server, changed
 * (re-rated) while they are drafts, listed and read. Agents see their own; admins every one.
 */

type Row = Record<string, unknown>;

/** The options of quote `q` with their version's rules and product, as JSON (inside one statement). */
const OPTIONS_JSON = sql.raw(`(select json_agg(json_build_object('position', o.position, 'input', o.input, 'premiumCents', o.premium_cents,
    'breakdown', o.breakdown, 'versionId', v.id, 'version', v.version, 'rules', v.rules, 'productId', p.id, 'code', p.code,
    'nameEn', p.name_en, 'nameEs', p.name_es, 'currency', p.currency) order by o.position)
  from insurance_quote_options o join insurance_product_versions v on v.id = o.version_id join insurance_products p on p.id = v.product_id
  where o.quote_id = q.id)`);

/** The quote's amount: the chosen option's premium, else the cheapest. */
export const QUOTED_CENTS = sql.raw(`coalesce(
  (select o.premium_cents from insurance_quote_options o where o.quote_id = q.id and o.position = q.chosen_option),
  (select min(o.premium_cents) from insurance_quote_options o where o.quote_id = q.id))`);

const ROW_COLUMNS = sql`q.id, q.number, q.applicant_name, q.applicant_email, q.agent_id, ${userName("a")} as agent_name, q.state, q.chosen_option,
  q.valid_until::text as valid_until, q.created_at, q.sent_at, q.decided_at,
  ${QUOTED_CENTS} as premium_cents,
  (select array_agg(p.code order by o.position) from insurance_quote_options o join insurance_product_versions v on v.id = o.version_id
    join insurance_products p on p.id = v.product_id where o.quote_id = q.id) as products,
  (select p.currency from insurance_quote_options o join insurance_product_versions v on v.id = o.version_id
    join insurance_products p on p.id = v.product_id where o.quote_id = q.id order by o.position limit 1) as currency,
  (select json_build_object('id', pol.id, 'number', pol.number) from insurance_policies pol where pol.quote_id = q.id) as policy`;

type OptionJson = {
  position: number;
  input: { level: string; addOns: string[] };
  premiumCents: number;
  breakdown: RatingStep[];
  versionId: number;
  version: number;
  rules: InsuranceRules;
  productId: number;
  code: string;
  nameEn: string;
  nameEs: string;
  currency: string;
};

export function optionViews(options: OptionJson[] | null): RatedOption[] {
  return (options ?? []).map((option) =>
    ratedOptionView(
      Number(option.position),
      {
        productId: Number(option.productId),
        code: option.code,
        name: { en: option.nameEn, es: option.nameEs },
        currency: option.currency,
        versionId: Number(option.versionId),
        version: Number(option.version),
        rules: option.rules,
      },
      option.input,
      Number(option.premiumCents),
      option.breakdown,
    ),
  );
}

function rowOf(row: Row): QuoteRow {
  return {
    id: Number(row.id),
    number: String(row.number),
    applicantName: String(row.applicant_name),
    applicantEmail: String(row.applicant_email),
    agent: { id: String(row.agent_id), name: String(row.agent_name) },
    state: row.state as InsuranceQuoteState,
    products: (row.products as string[] | null) ?? [],
    premiumCents: Number(row.premium_cents ?? 0),
    currency: String(row.currency ?? "EUR"),
    chosenOption: row.chosen_option === null ? null : Number(row.chosen_option),
    validUntil: String(row.valid_until),
    createdAt: iso(row.created_at as string),
    sentAt: isoOrNull(row.sent_at as string | null),
    decidedAt: isoOrNull(row.decided_at as string | null),
    policy: row.policy ? { id: Number((row.policy as { id: number }).id), number: String((row.policy as { number: string }).number) } : null,
  };
}

/** The list's and the export's filters. */
export function quoteFilters(actor: Actor, query: Omit<QuotesQuery, "page" | "rowsPerPage">): SQL {
  const filters: SQL[] = [ownedBy(actor, sql`q.agent_id`)];
  if (actor.isAdmin && query.agentId) filters.push(sql`q.agent_id = ${query.agentId}`);
  if (query.state) filters.push(sql`q.state = ${query.state}`);
  if (query.productId)
    filters.push(sql`exists (select 1 from insurance_quote_options o join insurance_product_versions v on v.id = o.version_id
      where o.quote_id = q.id and v.product_id = ${query.productId})`);
  if (query.from) filters.push(sql`q.created_at >= ${query.from}::date`);
  if (query.to) filters.push(sql`q.created_at < ${query.to}::date + 1`);
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    filters.push(sql`(q.number ilike ${pattern} or q.applicant_name ilike ${pattern} or q.applicant_email ilike ${pattern})`);
  }
  return sql.join(filters, sql` and `);
}

/**
 * A page of quotes, newest first: one statement (the page cut first by the index, then its rows'
 * amounts and products). The total is counted apart: a window count would carry every matching
 * row through the sort, five times slower at 5 000 quotes.
 */
export async function listQuotes(db: Db, actor: Actor, query: QuotesQuery): Promise<Paged<QuoteRow>> {
  const { limit, offset } = pageWindow(query);
  const filters = quoteFilters(actor, query);
  const result = await db.execute<Row>(sql`
    select ${ROW_COLUMNS}, (select count(*) from insurance_quotes q where ${filters})::int as total_rows
    from (select q.* from insurance_quotes q where ${filters} order by q.created_at desc, q.id desc limit ${limit} offset ${offset}) q
    join users a on a.id = q.agent_id
    order by q.created_at desc, q.id desc`);
  return { page: query.page, total: Number(result.rows[0]?.total_rows ?? 0), data: result.rows.map(rowOf) };
}

/** Every quote matching the filters (the export), newest first. */
export async function quotesForExport(db: Db, actor: Actor, query: Omit<QuotesQuery, "page" | "rowsPerPage">, maxRows: number): Promise<QuoteRow[]> {
  const result = await db.execute<Row>(sql`
    select ${ROW_COLUMNS} from insurance_quotes q join users a on a.id = q.agent_id
    where ${quoteFilters(actor, query)} order by q.created_at desc, q.id desc limit ${maxRows}`);
  return result.rows.map(rowOf);
}

/** A quote with its options, breakdowns and coverage: one statement; 404 unless the actor may see it. */
export async function quoteDetail(db: Db, actor: Actor, quoteId: number): Promise<QuoteDetail> {
  const result = await db.execute<Row>(sql`
    select ${ROW_COLUMNS}, q.language, q.applicant, q.accepted_name, q.decline_reason, q.bound_at, q.updated_at, ${OPTIONS_JSON} as options
    from insurance_quotes q join users a on a.id = q.agent_id
    where q.id = ${quoteId} and ${ownedBy(actor, sql`q.agent_id`)}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return {
    ...rowOf(row),
    language: String(row.language),
    answers: row.applicant as RatingAnswers,
    options: optionViews(row.options as OptionJson[] | null),
    acceptedName: (row.accepted_name as string | null) ?? null,
    declineReason: (row.decline_reason as string | null) ?? null,
    boundAt: isoOrNull(row.bound_at as string | null),
    updatedAt: iso(row.updated_at as string),
  };
}

function checkValidity(validUntil: string | undefined): string {
  const today = todayUtc();
  const day = validUntil ?? addDays(today, INSURANCE_LIMITS.validityDays);
  if (day < today) throw badRequest({ validUntil: [QUOTER_MESSAGES.validUntilPast] });
  if (day > addDays(today, INSURANCE_LIMITS.maxValidityDays)) throw badRequest({ validUntil: [QUOTER_MESSAGES.validUntilFar] });
  return day;
}

async function rated(db: Db, input: ReturnType<typeof quoteInputSchema.parse>): Promise<RatedOption[]> {
  return rateOptions(
    await currentVersions(
      db,
      input.options.map((option) => option.productId),
    ),
    input.answers,
    input.options,
  );
}

async function writeOptions(tx: Db, quoteId: number, options: RatedOption[]): Promise<void> {
  await tx.execute(sql`
    insert into insurance_quote_options (quote_id, position, version_id, input, premium_cents, breakdown)
    values ${sql.join(
      options.map(
        (option) =>
          sql`(${quoteId}, ${option.position}, ${option.product.versionId}, ${JSON.stringify({ level: option.level, addOns: option.addOns.map((addOn) => addOn.key) })}::jsonb,
          ${option.premiumCents}, ${JSON.stringify(option.breakdown)}::jsonb)`,
      ),
      sql`, `,
    )}`);
}

/** A new draft, numbered IQ-<year>-<sequence>, its options rated now. Answers its id. */
export async function createQuote(db: Db, actor: Actor, body: QuoteInput): Promise<number> {
  const input = quoteInputSchema.parse(body);
  const validUntil = checkValidity(input.validUntil);
  const options = await rated(db, input);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const year = new Date().getUTCFullYear();
    const sequence = await nextNumber(tx, "quote", year);
    const made = await tx.execute<{ id: number }>(sql`
      insert into insurance_quotes (number, year, sequence, agent_id, applicant_name, applicant_email, language, applicant, valid_until)
      values (${quoteNumber(year, sequence)}, ${year}, ${sequence}, ${actor.id}, ${input.applicantName}, ${input.applicantEmail}, ${input.language},
        ${JSON.stringify(input.answers)}::jsonb, ${validUntil})
      returning id`);
    const id = Number(made.rows[0]?.id);
    await writeOptions(tx, id, options);
    return id;
  });
}

/** The state of a quote the actor may see (404 otherwise), locked for the caller's transaction. */
export async function lockedQuote(
  tx: Db,
  actor: Actor,
  quoteId: number,
): Promise<{ state: InsuranceQuoteState; validUntil: string; chosenOption: number | null }> {
  const result = await tx.execute<{ state: InsuranceQuoteState; valid_until: string; chosen_option: number | null }>(sql`
    select q.state, q.valid_until::text as valid_until, q.chosen_option from insurance_quotes q
    where q.id = ${quoteId} and ${ownedBy(actor, sql`q.agent_id`)} for update`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return { state: row.state, validUntil: row.valid_until, chosenOption: row.chosen_option === null ? null : Number(row.chosen_option) };
}

/** Changes a draft (re-rated from the products' current versions); any other state → 409. */
export async function updateQuote(db: Db, actor: Actor, quoteId: number, body: QuoteInput): Promise<void> {
  const input = quoteInputSchema.parse(body);
  const validUntil = checkValidity(input.validUntil);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const quote = await lockedQuote(tx, actor, quoteId);
    if (quote.state !== "draft") throw conflict(QUOTER_MESSAGES.onlyDraft);
    const options = await rated(tx, input);
    await tx.execute(sql`
      update insurance_quotes set applicant_name = ${input.applicantName}, applicant_email = ${input.applicantEmail}, language = ${input.language},
        applicant = ${JSON.stringify(input.answers)}::jsonb, valid_until = ${validUntil}, updated_at = now()
      where id = ${quoteId}`);
    await tx.execute(sql`delete from insurance_quote_options where quote_id = ${quoteId}`);
    await writeOptions(tx, quoteId, options);
  });
}

/** Deletes a draft (its options go with it); any other state → 409. */
export async function deleteQuote(db: Db, actor: Actor, quoteId: number): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const quote = await lockedQuote(tx, actor, quoteId);
    if (quote.state !== "draft") throw conflict(QUOTER_MESSAGES.onlyDraft);
    await tx.execute(sql`delete from insurance_quotes where id = ${quoteId}`);
  });
}
