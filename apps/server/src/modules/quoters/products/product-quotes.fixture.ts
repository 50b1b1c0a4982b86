import { productQuoteNumber, type ProductQuoteState, quoteTotals } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { MatrixFixtures } from "../../../guardrails/access-matrix.ts";

/**
 * The product quoter's tests' quotes (issue 38): written straight to the tables (a numbered
 * quote of `clinicId` with free lines unless told), so each test starts from the state it needs.
 */

export type FixtureLine = { kind?: string; refId?: number | null; description?: string; quantity?: number; unitCents?: number; discountCents?: number };

export type FixtureQuote = { id: number; number: string };

/** A quote of `clinicId` for a typed person, valid for 30 days, one free line of 100.00 unless told otherwise. */
export async function makeQuote(
  db: Db,
  clinicId: string,
  options: {
    state?: ProductQuoteState;
    validUntil?: string;
    patientId?: string | null;
    lines?: FixtureLine[];
    createdBy?: string | null;
    email?: string;
    language?: string;
    tokenHash?: string | null;
    createdAt?: Date;
    sent?: boolean;
    /** The overall discount and the tax rate: none and 21 % unless told. */
    discountCents?: number;
    taxRateBp?: number;
  } = {},
): Promise<FixtureQuote> {
  const lines = (options.lines ?? [{}]).map((line) => ({
    kind: line.kind ?? "free",
    refId: line.refId ?? null,
    description: line.description ?? "Initial assessment",
    quantity: line.quantity ?? 1,
    unitCents: line.unitCents ?? 10_000,
    discountCents: line.discountCents ?? 0,
  }));
  const discountCents = options.discountCents ?? 0;
  const taxRateBp = options.taxRateBp ?? 2100;
  const totals = quoteTotals(lines, discountCents, taxRateBp);
  const year = new Date().getUTCFullYear();
  const state = options.state ?? "draft";
  const sent = options.sent ?? state !== "draft";
  const result = await db.execute<{ id: number; sequence: number }>(sql`
    with c as (
      insert into product_quote_counters (clinic_id, year, last) values (${clinicId}, ${year}, 1)
      on conflict (clinic_id, year) do update set last = product_quote_counters.last + 1 returning last),
    n as (select nextval(pg_get_serial_sequence('product_quotes', 'id'))::int as id)
    insert into product_quotes (id, root_id, clinic_id, number, year, sequence, client_kind, patient_id, client_name, client_email, language,
      tax_rate_bp, discount_cents, subtotal_cents, tax_cents, total_cents, valid_until, state, token_hash, sent_at, created_by, created_at,
      viewed_at, decided_at, accepted_name)
    select n.id, n.id, ${clinicId}, 'Q-' || ${year} || '-' || lpad(c.last::text, 4, '0'), ${year}, c.last,
      ${options.patientId ? "patient" : "person"}, ${options.patientId ?? null}, 'Ana Ruiz', ${options.email ?? "ana.ruiz@example.com"},
      ${options.language ?? "en"}, ${taxRateBp}, ${discountCents}, ${totals.subtotalCents}, ${totals.taxCents}, ${totals.totalCents},
      ${options.validUntil ?? new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}, ${state}, ${options.tokenHash ?? null},
      ${sent ? sql`now()` : sql`null`}, ${options.createdBy ?? null}, ${options.createdAt ?? new Date()},
      ${["viewed", "accepted", "declined", "converted"].includes(state) ? sql`now()` : sql`null`},
      ${["accepted", "declined", "converted"].includes(state) ? sql`now()` : sql`null`},
      ${["accepted", "converted"].includes(state) ? "Ana Ruiz" : null}
    from n, c returning id, sequence`);
  const row = result.rows[0];
  if (!row) throw new Error("The quote was not written");
  const id = Number(row.id);
  await db.execute(sql`
    insert into product_quote_lines (quote_id, position, kind, ref_id, description, quantity, unit_cents, discount_cents, total_cents)
    select ${id}, l.position, l.kind, l.ref_id, l.description, l.quantity, l.unit_cents, l.discount_cents, l.quantity * l.unit_cents - l.discount_cents
    from unnest(${sql.param(lines.map((_, index) => index + 1))}::int[], ${sql.param(lines.map((line) => line.kind))}::text[],
      ${sql.param(lines.map((line) => line.refId))}::int[], ${sql.param(lines.map((line) => line.description))}::text[],
      ${sql.param(lines.map((line) => line.quantity))}::int[], ${sql.param(lines.map((line) => line.unitCents))}::int[],
      ${sql.param(lines.map((line) => line.discountCents))}::int[]) as l(position, kind, ref_id, description, quantity, unit_cents, discount_cents)`);
  return { id, number: productQuoteNumber(year, Number(row.sequence)) };
}

/** A valid quote body: a typed person and one free line. */
export function quoteBody(overrides: Record<string, unknown> = {}) {
  return {
    clientKind: "person",
    clientName: "Ana Ruiz",
    clientEmail: "ana.ruiz@example.com",
    language: "en",
    taxRateBp: 2100,
    validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    termsEn: "Payment on acceptance.",
    termsEs: "Pago a la aceptación.",
    lines: [{ kind: "free", description: "Initial assessment", quantity: 1, unitCents: 10_000 }],
    ...overrides,
  };
}

/** A sent quote of the demo clinic and its link's token (sent by the API, so the token is the app's). */
export async function sentQuoteToken(fx: MatrixFixtures): Promise<string> {
  const quote = await makeQuote(fx.db, fx.ids.clinic);
  const detail = await fx.api<{ publicPath: string }>("clinic", "POST", `/api/product-quoter/quotes/${quote.id}/send`);
  return detail.publicPath.split("/").pop() as string;
}
