import type { ProductQuoteFigure, ProductQuoteFigures, ProductQuoteFiguresQuery, ProductQuoteRow, ProductQuotesExportQuery } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { type Actor, managedBy } from "../../../platform/access.ts";
import type { ExportColumn } from "../../../platform/exports.ts";
import { nameOf } from "./product-quotes-scope.ts";
import { quoteFilters, ROW_COLUMNS, rowOf } from "./product-quotes.service.ts";

/**
 * The product quoter's exports and figures (issue 38.4): the quotes list as CSV or XLSX (its
 * filters, the caller's language for the headers), and per month and per author the quotes
 * sent, amounts quoted and accepted, conversions and the conversion rate, in one statement.
 */

type Language = "en" | "es";

const HEADERS = {
  en: ["Number", "Revision", "State", "Client", "Email", "Total", "Currency", "Valid until", "Created", "Sent", "Created by", "Clinic"],
  es: ["Número", "Revisión", "Estado", "Cliente", "Email", "Total", "Moneda", "Válido hasta", "Creado", "Enviado", "Creado por", "Clínica"],
} as const;

/** Amounts as decimal numbers (12.34) so a spreadsheet sums them; dates as YYYY-MM-DD. */
export function quoteExportColumns(language: Language): ExportColumn<ProductQuoteRow>[] {
  const h = HEADERS[language];
  const values: ExportColumn<ProductQuoteRow>["value"][] = [
    (row) => row.number,
    (row) => row.revision,
    (row) => row.state,
    (row) => row.clientName,
    (row) => row.clientEmail,
    (row) => row.totalCents / 100,
    (row) => row.currency,
    (row) => row.validUntil,
    (row) => row.createdAt.slice(0, 10),
    (row) => row.sentAt?.slice(0, 10) ?? "",
    (row) => row.createdBy?.name ?? "",
    (row) => row.clinic.name,
  ];
  return values.map((value, index) => ({ header: h[index] as string, value }));
}

/** The quotes an export holds: the list's filters, newest first, at most `maxRows` (one statement). */
export async function exportQuotes(db: Db, actor: Actor, query: Omit<ProductQuotesExportQuery, "format">, maxRows: number): Promise<ProductQuoteRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select ${ROW_COLUMNS}, ${nameOf("c")} as clinic_name, ${nameOf("s")} as staff_name
    from product_quotes q join users c on c.id = q.clinic_id left join users s on s.id = q.created_by
    where ${quoteFilters(actor, query)}
    order by q.created_at desc, q.id desc limit ${maxRows}`);
  return result.rows.map(rowOf);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Per month of creation and per author, over every revision that was sent (revisions count
 * once each: a revised quote was sent too): sent, quoted amount, accepted (converted included)
 * and its amount, converted, and accepted / sent in basis points. Amounts of different
 * currencies are never added: the rows are of one currency (the one asked, else the one most
 * sent quotes are in), and the others are named. One statement.
 */
export async function quoteFigures(db: Db, actor: Actor, query: ProductQuoteFiguresQuery): Promise<ProductQuoteFigures> {
  const to = query.to ?? isoDay(new Date());
  const from = query.from ?? `${String(Number(to.slice(0, 4)) - 1)}${to.slice(4, 7)}-01`;
  const clinic = actor.isAdmin && query.clinicId ? sql`and q.clinic_id = ${query.clinicId}` : sql``;
  const result = await db.execute<{
    month: string;
    staff_id: string | null;
    staff_name: string | null;
    sent: number;
    quoted: string;
    accepted: number;
    accepted_cents: string;
    converted: number;
    currency: string | null;
    currencies: string[];
  }>(sql`
    with sent as (
      select q.* from product_quotes q
      where ${managedBy(actor, sql`q.clinic_id`)} ${clinic} and q.sent_at is not null
        and q.created_at >= ${from}::date and q.created_at < ${to}::date + 1),
    chosen as (
      select coalesce(${query.currency ?? null}::text, (select currency from sent group by currency order by count(*) desc, currency limit 1)) as currency)
    select c.currency, (select coalesce(array_agg(distinct currency order by currency), '{}') from sent) as currencies, f.*, ${nameOf("s")} as staff_name
    from chosen c left join (
      select to_char(q.created_at at time zone 'UTC', 'YYYY-MM') as month, q.created_by as staff_id,
        count(*)::int as sent, sum(q.total_cents)::bigint as quoted,
        count(*) filter (where q.state in ('accepted', 'converted'))::int as accepted,
        coalesce(sum(q.total_cents) filter (where q.state in ('accepted', 'converted')), 0)::bigint as accepted_cents,
        count(*) filter (where q.state = 'converted')::int as converted
      from sent q where q.currency = (select currency from chosen)
      group by 1, 2
    ) f on true left join users s on s.id = f.staff_id
    order by f.month, staff_name nulls last`);
  // One row always comes back (the chosen currency's), with no month when nothing was sent in it.
  const first = result.rows[0];
  const rows: ProductQuoteFigure[] = result.rows
    .filter((row) => row.month !== null)
    .map((row) => ({
      month: row.month,
      staff: row.staff_id ? { id: row.staff_id, name: String(row.staff_name) } : null,
      sent: Number(row.sent),
      quotedCents: Number(row.quoted),
      accepted: Number(row.accepted),
      acceptedCents: Number(row.accepted_cents),
      converted: Number(row.converted),
      conversionBp: Number(row.sent) > 0 ? Math.round((Number(row.accepted) * 10_000) / Number(row.sent)) : 0,
    }));
  return { from, to, currency: first?.currency?.trim() ?? null, currencies: (first?.currencies ?? []).map((one) => one.trim()), rows };
}
