import {
  PRODUCT_QUOTE_MESSAGES,
  PRODUCT_QUOTE_REVISABLE_STATES,
  type Paged,
  type ProductQuoteDetail,
  type ProductQuoteHistoryEntry,
  type ProductQuoteRow,
  type ProductQuotesQuery,
  type ProductQuoteState,
  type ProductQuoteValues,
  productQuoteLabel,
  productQuoteNumber,
} from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { type Actor, managedBy } from "../../../platform/access.ts";
import { badRequest, conflict, notFound } from "../../../platform/errors.ts";
import { containsPattern, pageWindow } from "../../../platform/paging.ts";
import { type ReadyLine, readyQuote } from "./product-quote-lines.ts";
import { iso, isoOrNull, managedQuote, nameOf, type ProductQuoteDeps, quotePublicPath, quoteToken } from "./product-quotes-scope.ts";

/**
 * Quotes and their lines (issue 38.1): create, change and delete a draft, list, read,
 * duplicate and revise. Numbers are given per clinic and year from `product_quote_counters`
 * (an upsert that returns the next, never max()+1); a revision keeps its quote's number with the
 * next `revision`, and the one it replaces becomes `revised`, kept as it was sent.
 */

const tx = async <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> => db.transaction((raw) => work(raw as unknown as Db));

const today = () => new Date().toISOString().slice(0, 10);

/** The lines as one parameter per column, unnested into rows by the INSERT. */
function insertLines(quoteId: SQL, lines: readonly ReadyLine[]): SQL {
  const column = (values: unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
  return sql`insert into product_quote_lines (quote_id, position, kind, ref_id, description, quantity, unit_cents, discount_cents, total_cents)
    select ${quoteId}, l.position, l.kind, l.ref_id, l.description, l.quantity, l.unit_cents, l.discount_cents, l.quantity * l.unit_cents - l.discount_cents
    from unnest(${column(
      lines.map((_, index) => index + 1),
      "int",
    )}, ${column(
      lines.map((line) => line.kind),
      "text",
    )}, ${column(
      lines.map((line) => line.refId),
      "int",
    )}, ${column(
      lines.map((line) => line.description),
      "text",
    )}, ${column(
      lines.map((line) => line.quantity),
      "int",
    )}, ${column(
      lines.map((line) => line.unitCents),
      "int",
    )}, ${column(
      lines.map((line) => line.discountCents),
      "int",
    )}) as l(position, kind, ref_id, description, quantity, unit_cents, discount_cents)`;
}

/** The next number of the clinic's year, taken by an upsert that holds the counter's row until the transaction ends. */
async function nextNumber(db: Db, clinicId: string): Promise<{ year: number; sequence: number; number: string }> {
  const year = new Date().getUTCFullYear();
  const result = await db.execute<{ last: number }>(sql`
    insert into product_quote_counters (clinic_id, year, last) values (${clinicId}, ${year}, 1)
    on conflict (clinic_id, year) do update set last = product_quote_counters.last + 1 returning last`);
  const sequence = Number(result.rows[0]?.last);
  return { year, sequence, number: productQuoteNumber(year, sequence) };
}

/** A new draft with its lines, numbered (a first revision) or of an existing root (a revision); answers its id. */
export async function createQuote(deps: ProductQuoteDeps, actor: Actor, clinicId: string, input: ProductQuoteValues): Promise<number> {
  if (input.validUntil < today()) throw badRequest({ validUntil: [PRODUCT_QUOTE_MESSAGES.validUntilPast] });
  const ready = await readyQuote(deps.db, clinicId, deps.billing.currency, input);
  return tx(deps.db, async (db) => {
    const numbered = await nextNumber(db, clinicId);
    const { client, totals } = ready;
    const made = await db.execute<{ id: number }>(sql`
      with n as (select nextval(pg_get_serial_sequence('product_quotes', 'id'))::int as id),
      q as (
        insert into product_quotes (id, root_id, clinic_id, revision, number, year, sequence, client_kind, patient_id, crm_client_id, client_name,
          client_email, language, currency, tax_rate_bp, discount_cents, subtotal_cents, tax_cents, total_cents, valid_until, terms_en, terms_es, note,
          created_by)
        select n.id, n.id, ${clinicId}, 1, ${numbered.number}, ${numbered.year}, ${numbered.sequence}, ${input.clientKind}, ${client.patientId},
          ${client.crmClientId}, ${client.name}, ${client.email}, ${client.language}, ${input.currency}, ${input.taxRateBp}, ${input.discountCents},
          ${totals.subtotalCents}, ${totals.taxCents}, ${totals.totalCents}, ${input.validUntil}, ${input.termsEn}, ${input.termsEs}, ${input.note}, ${actor.id}
        from n returning id),
      l as (${insertLines(sql`(select id from q)`, ready.lines)})
      select id from q`);
    return Number(made.rows[0]?.id);
  });
}

/** Changes a draft: its fields and lines as sent (the lines replaced). Anything but a draft: 409, make a revision. */
export async function updateQuote(deps: ProductQuoteDeps, actor: Actor, quoteId: number, input: ProductQuoteValues): Promise<void> {
  await tx(deps.db, async (db) => {
    const quote = await managedQuote(db, actor, quoteId, true);
    if (quote.state !== "draft") throw conflict(PRODUCT_QUOTE_MESSAGES.notDraft);
    if (input.validUntil < today()) throw badRequest({ validUntil: [PRODUCT_QUOTE_MESSAGES.validUntilPast] });
    const { client, totals, lines } = await readyQuote(db, quote.clinicId, deps.billing.currency, input);
    await db.execute(sql`
      with gone as (delete from product_quote_lines where quote_id = ${quoteId}),
      q as (
        update product_quotes set client_kind = ${input.clientKind}, patient_id = ${client.patientId}, crm_client_id = ${client.crmClientId},
          client_name = ${client.name}, client_email = ${client.email}, language = ${client.language}, currency = ${input.currency},
          tax_rate_bp = ${input.taxRateBp}, discount_cents = ${input.discountCents}, subtotal_cents = ${totals.subtotalCents},
          tax_cents = ${totals.taxCents}, total_cents = ${totals.totalCents}, valid_until = ${input.validUntil}, terms_en = ${input.termsEn},
          terms_es = ${input.termsEs}, note = ${input.note}, updated_at = now()
        where id = ${quoteId} and state = 'draft')
      select 1`);
    // New positions after the old lines are gone (a CTE's delete is not seen by a sibling insert's unique check until the statement ends).
    await db.execute(insertLines(sql`${quoteId}::int`, lines));
  });
}

/**
 * Deletes a draft (its lines go with it); anything else: 409. A draft revision's deletion gives
 * the revision it replaced its state back, as its dates tell it (declined, expired, viewed or
 * sent: the only states a quote is revised from), so the list and its link are as before.
 */
export async function deleteQuote(db: Db, actor: Actor, quoteId: number): Promise<void> {
  await tx(db, async (t) => {
    const quote = await managedQuote(t, actor, quoteId, true);
    if (quote.state !== "draft") throw conflict(PRODUCT_QUOTE_MESSAGES.deleteNotDraft);
    await t.execute(sql`
      with gone as (delete from product_quotes where id = ${quoteId} returning root_id, revision)
      update product_quotes p set updated_at = now(), state = case
          when p.decided_at is not null then 'declined'
          when p.valid_until < current_date then 'expired'
          when p.viewed_at is not null then 'viewed'
          else 'sent' end
      from gone where p.root_id = gone.root_id and p.revision = gone.revision - 1 and p.state = 'revised'`);
  });
}

async function copyQuote(
  db: Db,
  actor: Actor,
  sourceId: number,
  target: { rootId: number | null; revision: number; number: string; year: number; sequence: number; clinicId: string },
): Promise<number> {
  // Still valid copies keep their date; a lapsed one gets 30 days from today.
  const made = await db.execute<{ id: number }>(sql`
    with n as (select nextval(pg_get_serial_sequence('product_quotes', 'id'))::int as id),
    q as (
      insert into product_quotes (id, root_id, clinic_id, revision, number, year, sequence, valid_until, created_by, client_kind, patient_id,
        crm_client_id, client_name, client_email, language, currency, tax_rate_bp, discount_cents, subtotal_cents, tax_cents, total_cents, terms_en,
        terms_es, note)
      select n.id, coalesce(${target.rootId}::int, n.id), ${target.clinicId}, ${target.revision}, ${target.number}, ${target.year}, ${target.sequence},
        greatest(s.valid_until, current_date + 30), ${actor.id}, ${sql.raw(
          `s.client_kind, s.patient_id, s.crm_client_id, s.client_name, s.client_email, s.language, s.currency, s.tax_rate_bp, s.discount_cents,
          s.subtotal_cents, s.tax_cents, s.total_cents, s.terms_en, s.terms_es, s.note`,
        )}
      from n, product_quotes s where s.id = ${sourceId} returning id),
    l as (
      insert into product_quote_lines (quote_id, position, kind, ref_id, description, quantity, unit_cents, discount_cents, total_cents)
      select q.id, l.position, l.kind, l.ref_id, l.description, l.quantity, l.unit_cents, l.discount_cents, l.total_cents
      from q, product_quote_lines l where l.quote_id = ${sourceId})
    select id from q`);
  return Number(made.rows[0]?.id);
}

/** A new draft with a new number, copied from any quote of the actor's. */
export async function duplicateQuote(db: Db, actor: Actor, quoteId: number): Promise<number> {
  return tx(db, async (t) => {
    const source = await managedQuote(t, actor, quoteId);
    const numbered = await nextNumber(t, source.clinicId);
    return copyQuote(t, actor, quoteId, { rootId: null, revision: 1, ...numbered, clinicId: source.clinicId });
  });
}

/**
 * A new draft revision of a sent, viewed, declined or expired quote: same root and number, the
 * next revision, lines copied; the quote it replaces becomes `revised` (its link then says a
 * newer revision exists). The row lock makes two revisions of the same quote one.
 */
export async function reviseQuote(db: Db, actor: Actor, quoteId: number): Promise<number> {
  return tx(db, async (t) => {
    const source = await managedQuote(t, actor, quoteId, true);
    if (!(PRODUCT_QUOTE_REVISABLE_STATES as readonly string[]).includes(source.state)) throw conflict(PRODUCT_QUOTE_MESSAGES.notRevisable);
    const marked = await t.execute<{ number: string; year: number; sequence: number; revision: number }>(sql`
      update product_quotes set state = 'revised', updated_at = now() where id = ${quoteId} and state = ${source.state}
      returning number, year, sequence, revision`);
    const row = marked.rows[0];
    if (!row) throw conflict(PRODUCT_QUOTE_MESSAGES.notRevisable);
    return copyQuote(t, actor, quoteId, {
      rootId: source.rootId,
      revision: Number(row.revision) + 1,
      number: row.number,
      year: Number(row.year),
      sequence: Number(row.sequence),
      clinicId: source.clinicId,
    });
  });
}

// ---------------------------------------------------------------- reading

type QuoteRowSql = Record<string, unknown>;

export const ROW_COLUMNS = sql.raw(`q.id, q.root_id, q.number, q.revision, q.state, q.client_kind, q.client_name, q.client_email, q.currency, q.total_cents,
  to_char(q.valid_until, 'YYYY-MM-DD') as valid_until, q.created_at, q.sent_at, q.created_by, q.clinic_id`);

export function rowOf(row: QuoteRowSql): ProductQuoteRow {
  const number = String(row.number);
  const revision = Number(row.revision);
  return {
    id: Number(row.id),
    rootId: Number(row.root_id ?? row.id),
    number,
    revision,
    label: productQuoteLabel(number, revision),
    state: row.state as ProductQuoteState,
    clientKind: row.client_kind as ProductQuoteRow["clientKind"],
    clientName: String(row.client_name),
    clientEmail: String(row.client_email),
    currency: String(row.currency),
    totalCents: Number(row.total_cents),
    validUntil: String(row.valid_until),
    createdAt: iso(row.created_at),
    sentAt: isoOrNull(row.sent_at),
    createdBy: row.created_by ? { id: String(row.created_by), name: String(row.staff_name) } : null,
    clinic: { id: String(row.clinic_id), name: String(row.clinic_name) },
  };
}

/** The list's filters (also the export's): the actor's clinics, state, text, created days, latest revisions only unless asked. */
export function quoteFilters(actor: Actor, query: Omit<ProductQuotesQuery, "page" | "rowsPerPage">): SQL {
  const filters: SQL[] = [managedBy(actor, sql`q.clinic_id`)];
  if (actor.isAdmin && query.clinicId) filters.push(sql`q.clinic_id = ${query.clinicId}`);
  if (query.state) filters.push(sql`q.state = ${query.state}`);
  if (query.from) filters.push(sql`q.created_at >= ${query.from}::date`);
  if (query.to) filters.push(sql`q.created_at < ${query.to}::date + 1`);
  // A revised quote always has a newer revision (deleting that draft gives it its state back): the latest ones are the others.
  if (!query.allRevisions) filters.push(sql`q.state <> 'revised'`);
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    filters.push(sql`(q.number ilike ${pattern} or q.client_name ilike ${pattern} or q.client_email ilike ${pattern})`);
  }
  return sql.join(filters, sql` and `);
}

/**
 * A page of quotes, newest first, with the clinic's and the author's names (one statement). The
 * total is counted apart: a window count would carry every matching row through the sort.
 */
export async function listQuotes(db: Db, actor: Actor, query: ProductQuotesQuery): Promise<Paged<ProductQuoteRow>> {
  const { limit, offset } = pageWindow(query);
  const filters = quoteFilters(actor, query);
  const result = await db.execute<QuoteRowSql>(sql`
    select p.*, ${nameOf("c")} as clinic_name, ${nameOf("s")} as staff_name, (select count(*) from product_quotes q where ${filters})::int as total_rows
    from (
      select ${ROW_COLUMNS} from product_quotes q where ${filters}
      order by q.created_at desc, q.id desc limit ${limit} offset ${offset}
    ) p join users c on c.id = p.clinic_id left join users s on s.id = p.created_by
    order by p.created_at desc, p.id desc`);
  const rows = result.rows;
  return { page: query.page, total: rows.length > 0 ? Number(rows[0]?.total_rows) : 0, data: rows.map(rowOf) };
}

/** A quote with its lines, the revisions of its root and the history of its states (one statement). */
export async function getQuote(deps: Pick<ProductQuoteDeps, "db" | "linkKey">, actor: Actor, quoteId: number): Promise<ProductQuoteDetail> {
  const result = await deps.db.execute<QuoteRowSql>(sql`
    select ${ROW_COLUMNS}, q.patient_id, q.crm_client_id, q.language, q.tax_rate_bp, q.discount_cents, q.subtotal_cents, q.tax_cents, q.terms_en,
      q.terms_es, q.note, q.viewed_at, q.decided_at, q.accepted_name, q.decline_reason, q.converted_kind, q.converted_order_id, q.converted_at,
      q.token_hash is not null as linked, q.updated_at, ${nameOf("c")} as clinic_name, ${nameOf("s")} as staff_name,
      (select json_agg(json_build_object('id', l.id, 'position', l.position, 'kind', l.kind, 'refId', l.ref_id, 'description', l.description,
          'quantity', l.quantity, 'unitCents', l.unit_cents, 'discountCents', l.discount_cents, 'totalCents', l.total_cents) order by l.position)
        from product_quote_lines l where l.quote_id = q.id) as lines,
      (select json_agg(json_build_object('id', r.id, 'revision', r.revision, 'state', r.state, 'totalCents', r.total_cents, 'createdAt', r.created_at,
          'sentAt', r.sent_at, 'decidedAt', r.decided_at) order by r.revision)
        from product_quotes r where r.root_id = q.root_id) as revisions
    from product_quotes q join users c on c.id = q.clinic_id left join users s on s.id = q.created_by
    where q.id = ${quoteId} and ${managedBy(actor, sql`q.clinic_id`)}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  const base = rowOf(row);
  const lines = (row.lines as ProductQuoteDetail["lines"] | null) ?? [];
  const linesCents = lines.reduce((sum, line) => sum + Number(line.totalCents), 0);
  const revisions = ((row.revisions as Record<string, unknown>[] | null) ?? []).map((revision) => ({
    id: Number(revision.id),
    revision: Number(revision.revision),
    state: revision.state as ProductQuoteState,
    totalCents: Number(revision.totalCents),
    createdAt: iso(revision.createdAt),
    sentAt: isoOrNull(revision.sentAt),
    decidedAt: isoOrNull(revision.decidedAt),
  }));
  return {
    ...base,
    patientId: (row.patient_id as string | null) ?? null,
    crmClientId: row.crm_client_id === null ? null : Number(row.crm_client_id),
    language: String(row.language),
    taxRateBp: Number(row.tax_rate_bp),
    discountCents: Number(row.discount_cents),
    linesCents,
    subtotalCents: Number(row.subtotal_cents),
    taxCents: Number(row.tax_cents),
    termsEn: String(row.terms_en),
    termsEs: String(row.terms_es),
    note: String(row.note),
    lines: lines.map((line) => ({ ...line, refId: line.refId === null ? null : Number(line.refId) })),
    viewedAt: isoOrNull(row.viewed_at),
    decidedAt: isoOrNull(row.decided_at),
    acceptedName: (row.accepted_name as string | null) ?? null,
    declineReason: (row.decline_reason as string | null) ?? null,
    converted:
      row.converted_kind && row.converted_order_id !== null
        ? { kind: row.converted_kind as "shop" | "membership", orderId: Number(row.converted_order_id), at: iso(row.converted_at) }
        : null,
    publicPath: row.linked ? quotePublicPath(quoteToken(deps.linkKey, base.id)) : null,
    revisions,
    history: historyOf(row, base),
    updatedAt: iso(row.updated_at),
  };
}

/** The states a quote went through, from its own dates (the audit keeps the full record; this is what the screen shows). */
function historyOf(row: QuoteRowSql, base: ProductQuoteRow): ProductQuoteHistoryEntry[] {
  const entries: ProductQuoteHistoryEntry[] = [{ action: "created", at: base.createdAt, by: base.createdBy }];
  if (row.sent_at) entries.push({ action: "sent", at: iso(row.sent_at), by: null });
  if (row.viewed_at) entries.push({ action: "viewed", at: iso(row.viewed_at), by: null });
  if (row.decided_at) entries.push({ action: row.accepted_name ? "accepted" : "declined", at: iso(row.decided_at), by: null });
  if (base.state === "expired") entries.push({ action: "expired", at: `${base.validUntil}T23:59:59.000Z`, by: null });
  if (row.converted_at) entries.push({ action: "converted", at: iso(row.converted_at), by: null });
  if (base.state === "revised") entries.push({ action: "revised", at: iso(row.updated_at), by: null });
  return entries;
}
