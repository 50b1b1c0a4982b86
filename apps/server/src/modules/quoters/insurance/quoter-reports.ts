import { QUOTER_MESSAGES, type QuoteRow, type QuoterFigureRow, type QuoterFigures, type QuoterFiguresQuery, type QuotesExportQuery } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Db } from "../../../db/client.ts";
import type { Actor } from "../../../platform/access.ts";
import { badRequest } from "../../../platform/errors.ts";
import { type ExportColumn, sendExport } from "../../../platform/exports.ts";
import { addDays, ownedBy, todayUtc, userName } from "./insurance-scope.ts";
import { QUOTED_CENTS, quotesForExport } from "./quotes.service.ts";

/**
 * The quoter's exports and figures (issue 38.4). Figures count the quotes made in the range
 * (by the day they were made, UTC): made, sent, quoted amount (the chosen option's premium,
 * else the cheapest), accepted (accepted or since bound) with their amount, bound, and the
 * conversion rate accepted / sent in basis points. Amounts of different currencies are never
 * added: the figures count the quotes of one currency (the one asked, else the one most quotes
 * of the range are in) and say which others there are.
 */

const HEADERS = {
  en: ["Number", "State", "Applicant", "Email", "Agent", "Products", "Premium", "Currency", "Valid until", "Created", "Sent", "Decided", "Policy"],
  es: ["Número", "Estado", "Solicitante", "Correo", "Agente", "Productos", "Prima", "Moneda", "Válida hasta", "Creada", "Enviada", "Decidida", "Póliza"],
} as const;

/** The quotes list as CSV or XLSX, with the list's filters. */
export async function exportQuotes(reply: FastifyReply, db: Db, actor: Actor, query: QuotesExportQuery, maxRows: number): Promise<FastifyReply> {
  const { format, language, ...filters } = query;
  const rows = await quotesForExport(db, actor, filters, maxRows);
  const headers = HEADERS[(language ?? actor.language) === "es" ? "es" : "en"];
  const values: ((row: QuoteRow) => string | number | null)[] = [
    (row) => row.number,
    (row) => row.state,
    (row) => row.applicantName,
    (row) => row.applicantEmail,
    (row) => row.agent.name,
    (row) => row.products.join(", "),
    // Cents as a decimal of the currency, a number the spreadsheet sums.
    (row) => row.premiumCents / 100,
    (row) => row.currency,
    (row) => row.validUntil,
    (row) => row.createdAt.slice(0, 10),
    (row) => row.sentAt?.slice(0, 10) ?? "",
    (row) => row.decidedAt?.slice(0, 10) ?? "",
    (row) => row.policy?.number ?? "",
  ];
  const columns: ExportColumn<QuoteRow>[] = values.map((value, index) => ({ header: headers[index] as string, value }));
  return sendExport(reply, format, "insurance-quotes", columns, rows);
}

/** The first day of the month eleven months before `to`'s: twelve whole months with `to`'s. */
function twelveMonthsBefore(to: string): string {
  const day = new Date(`${to.slice(0, 7)}-01T00:00:00Z`);
  day.setUTCMonth(day.getUTCMonth() - 11);
  return day.toISOString().slice(0, 10);
}

type FigureSql = Record<string, unknown>;

const figureOf = (row: FigureSql): QuoterFigureRow => {
  const sent = Number(row.sent);
  const accepted = Number(row.accepted);
  return {
    quotes: Number(row.quotes),
    sent,
    quotedCents: Number(row.quoted_cents),
    accepted,
    acceptedCents: Number(row.accepted_cents),
    bound: Number(row.bound),
    conversionBp: sent > 0 ? Math.round((accepted * 10_000) / sent) : null,
  };
};

/** Per month, per agent and in total over [from, to]: one statement (grouping sets). */
export async function quoterFigures(db: Db, actor: Actor, query: QuoterFiguresQuery): Promise<QuoterFigures> {
  const to = query.to ?? todayUtc();
  const from = query.from ?? twelveMonthsBefore(to);
  if (to < from) throw badRequest({ to: [QUOTER_MESSAGES.rangeReversed] });
  if (addDays(from, 3 * 366) < to) throw badRequest({ from: [QUOTER_MESSAGES.rangeTooLong] });
  const scope: SQL = ownedBy(actor, sql`q.agent_id`);
  // A quote's currency is its products' (a quote compares products of one currency: the first option's).
  const result = await db.execute<FigureSql>(sql`
    with quoted as (
      select q.agent_id, to_char(q.created_at at time zone 'utc', 'YYYY-MM') as month, q.state, q.sent_at, ${QUOTED_CENTS} as cents,
        (select p.currency from insurance_quote_options o join insurance_product_versions v on v.id = o.version_id
          join insurance_products p on p.id = v.product_id where o.quote_id = q.id order by o.position limit 1) as currency
      from insurance_quotes q
      where ${scope} and q.created_at >= ${from}::date and q.created_at < ${to}::date + 1),
    chosen as (
      select coalesce(${query.currency ?? null}::text, (select currency from quoted group by currency order by count(*) desc, currency limit 1)) as currency)
    select (select currency from chosen) as currency, (select coalesce(array_agg(distinct currency order by currency), '{}') from quoted) as currencies,
      grouping(s.month) as no_month, grouping(s.agent_id) as no_agent, s.month, s.agent_id, max(${userName("a")}) as agent_name,
      count(*)::int as quotes, count(s.sent_at)::int as sent, coalesce(sum(s.cents), 0)::bigint as quoted_cents,
      count(*) filter (where s.state in ('accepted', 'bound'))::int as accepted,
      coalesce(sum(s.cents) filter (where s.state in ('accepted', 'bound')), 0)::bigint as accepted_cents,
      count(*) filter (where s.state = 'bound')::int as bound
    from quoted s join users a on a.id = s.agent_id
    where s.currency = (select currency from chosen)
    group by grouping sets ((s.month), (s.agent_id), ())
    order by s.month nulls last, agent_name nulls last`);
  const rows = result.rows;
  const totals = rows.find((row) => Number(row.no_month) === 1 && Number(row.no_agent) === 1);
  const first = rows[0];
  return {
    from,
    to,
    currency: (first?.currency as string | null | undefined) ?? null,
    currencies: (first?.currencies as string[] | undefined) ?? [],
    totals: totals ? figureOf(totals) : figureOf({ quotes: 0, sent: 0, quoted_cents: 0, accepted: 0, accepted_cents: 0, bound: 0 }),
    months: rows.filter((row) => Number(row.no_month) === 0).map((row) => ({ month: String(row.month), ...figureOf(row) })),
    agents: rows
      .filter((row) => Number(row.no_agent) === 0)
      .map((row) => ({ agent: { id: String(row.agent_id), name: String(row.agent_name) }, ...figureOf(row) })),
  };
}
