import {
  GROUP,
  PRODUCT_QUOTE_MESSAGES,
  type ProductQuoteCatalogueItem,
  type ProductQuoteCatalogueQuery,
  type ProductQuoteValues,
  quoteTotals,
  type QuoteTotals,
} from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { badRequest, type FieldErrors } from "../../../platform/errors.ts";
import { containsPattern } from "../../../platform/paging.ts";

/**
 * The clinic's catalogue as the quoter sees it, and a quote's lines and client made ready to
 * save. What a line names (refId): `product` a shop variant (what is priced and sold),
 * `bundle` a shop bundle, `service` a booking service's variation (what is priced), `plan` the
 * clinic's own membership plan (its patient price). Services and plans are priced in the
 * platform's billing currency, shop items in their store's.
 */

const CATALOGUE_LIMIT = 50;

/** One statement over the four sources, active items only, the clinic's own. */
function catalogueSql(clinicId: string, billingCurrency: string, kind: ProductQuoteCatalogueQuery["kind"] | "any", search: string) {
  const pattern = search.trim() ? containsPattern(search.trim()) : null;
  const match = (column: string) => (pattern === null ? sql`true` : sql`${sql.raw(column)} ilike ${pattern}`);
  const want = (name: string) => kind === "any" || kind === name;
  const parts = [
    want("product")
      ? sql`select 'product' as kind, v.id as ref_id, (p.name || case when v.name <> '' then ' – ' || v.name else '' end)::text as description,
          v.price_cents as unit_cents, s.currency::text as currency, s.tax_rate_bp
        from shop_variants v join shop_products p on p.id = v.product_id join shop_stores s on s.id = v.store_id
        where s.clinic_id = ${clinicId} and p.active and v.active and ${match("(p.name || ' ' || v.name || ' ' || v.sku)")}`
      : null,
    want("bundle")
      ? sql`select 'bundle' as kind, b.id as ref_id, b.name as description, b.price_cents as unit_cents, s.currency::text as currency, s.tax_rate_bp
        from shop_bundles b join shop_stores s on s.id = b.store_id
        where s.clinic_id = ${clinicId} and b.active and ${match("b.name")}`
      : null,
    want("service")
      ? sql`select 'service' as kind, bv.id as ref_id, bs.name || ' – ' || bv.name as description, bv.price_cents as unit_cents, ${billingCurrency}::text as currency, null::int as tax_rate_bp
        from booking_variations bv join booking_services bs on bs.id = bv.service_id
        where bs.clinic_id = ${clinicId} and bs.active and bv.active and ${match("(bs.name || ' ' || bv.name)")}`
      : null,
    want("plan")
      ? sql`select 'plan' as kind, m.id as ref_id, m.plan::text as description, round(m.value_patient * 100)::int as unit_cents, ${billingCurrency}::text as currency, null::int as tax_rate_bp
        from memberships m where m.clinic_id = ${clinicId} and ${match("m.plan")}`
      : null,
  ].filter((part) => part !== null);
  return sql.join(parts, sql` union all `);
}

type CatalogueRow = {
  kind: ProductQuoteCatalogueItem["kind"];
  ref_id: number;
  description: string;
  unit_cents: number;
  currency: string;
  tax_rate_bp: number | null;
};

const itemOf = (row: CatalogueRow): ProductQuoteCatalogueItem => ({
  kind: row.kind,
  refId: Number(row.ref_id),
  description: row.description,
  unitCents: Number(row.unit_cents),
  currency: row.currency.trim(),
  taxRateBp: row.tax_rate_bp === null ? null : Number(row.tax_rate_bp),
});

/** The line picker: the clinic's catalogue items matching `search`, by kind then name (one statement, at most 50). */
export async function searchCatalogue(
  db: Db,
  clinicId: string,
  billingCurrency: string,
  query: ProductQuoteCatalogueQuery,
): Promise<ProductQuoteCatalogueItem[]> {
  const result = await db.execute<CatalogueRow>(sql`
    select * from (${catalogueSql(clinicId, billingCurrency, query.kind ?? "any", query.search)}) c
    order by c.kind, lower(c.description), c.ref_id limit ${CATALOGUE_LIMIT}`);
  return result.rows.map(itemOf);
}

export type ReadyLine = { kind: string; refId: number | null; description: string; quantity: number; unitCents: number; discountCents: number };
export type ReadyClient = { patientId: string | null; crmClientId: number | null; name: string; email: string; language: string };
export type ReadyQuote = { lines: ReadyLine[]; totals: QuoteTotals; client: ReadyClient };

/**
 * Checks a quote's lines against the clinic's catalogue and its client against the clinic, in
 * one statement, fills what the editor left empty from them (a line's description and price,
 * the client's name, email and language) and computes the totals. Field errors name the exact
 * path (`lines.2.refId`, `lines.0.discountCents`, `discountCents`, `patientId`); nothing is written.
 */
export async function readyQuote(db: Db, clinicId: string, billingCurrency: string, input: ProductQuoteValues): Promise<ReadyQuote> {
  const refs = input.lines.map((line, index) => ({ index, kind: line.kind, refId: line.refId })).filter((line) => line.kind !== "free");
  const result = await db.execute<{ items: CatalogueRow[] | null; client: { name: string; email: string | null; language: string } | null }>(sql`
    select
      (select json_agg(c) from (${catalogueSql(clinicId, billingCurrency, "any", "")}) c
        where (c.kind, c.ref_id) in (select * from unnest(${sql.param(refs.map((ref) => ref.kind))}::text[], ${sql.param(refs.map((ref) => ref.refId ?? 0))}::int[]))) as items,
      ${
        input.clientKind === "patient"
          ? sql`(select json_build_object('name', coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), u.email), 'email', u.email, 'language', u.language)
              from users u join user_groups g on g.user_id = u.id and g.group_id = ${GROUP.patient}
              where u.id = ${input.patientId} and u.clinic_id = ${clinicId})`
          : input.clientKind === "crm"
            ? sql`(select json_build_object('name', k.name, 'email', k.email, 'language', 'en') from crm_clients k where k.id = ${input.crmClientId} and k.clinic_id = ${clinicId})`
            : sql`null::json`
      } as client`);
  const row = result.rows[0];
  const items = new Map((row?.items ?? []).map((item) => [`${item.kind}:${item.ref_id}`, item]));
  const errors: FieldErrors = {};
  const add = (path: string, message: string) => {
    errors[path] = [...(errors[path] ?? []), message];
  };
  const lines: ReadyLine[] = input.lines.map((line, index) => {
    const item = line.kind === "free" ? undefined : items.get(`${line.kind}:${line.refId}`);
    if (line.kind !== "free" && !item) add(`lines.${index}.refId`, PRODUCT_QUOTE_MESSAGES.lineUnknown);
    const unitCents = line.unitCents ?? Number(item?.unit_cents ?? 0);
    if (line.discountCents > line.quantity * unitCents) add(`lines.${index}.discountCents`, PRODUCT_QUOTE_MESSAGES.lineDiscountTooLarge);
    return {
      kind: line.kind,
      refId: line.kind === "free" ? null : line.refId,
      description: (line.description || item?.description || "").slice(0, 500),
      quantity: line.quantity,
      unitCents,
      discountCents: line.discountCents,
    };
  });
  const totals = quoteTotals(lines, input.discountCents, input.taxRateBp);
  if (input.discountCents > totals.linesCents) add("discountCents", PRODUCT_QUOTE_MESSAGES.discountTooLarge);
  if (totals.totalCents > 2_000_000_000) add("lines", "The quote's total is too large.");

  let client: ReadyClient = { patientId: null, crmClientId: null, name: input.clientName, email: input.clientEmail, language: input.language ?? "en" };
  if (input.clientKind !== "person") {
    const found = row?.client ?? null;
    if (!found)
      add(
        input.clientKind === "patient" ? "patientId" : "crmClientId",
        input.clientKind === "patient" ? PRODUCT_QUOTE_MESSAGES.patientUnknown : PRODUCT_QUOTE_MESSAGES.crmClientUnknown,
      );
    client = {
      patientId: input.clientKind === "patient" ? input.patientId : null,
      crmClientId: input.clientKind === "crm" ? input.crmClientId : null,
      name: input.clientName || found?.name || "",
      email: input.clientEmail || found?.email || "",
      language: input.language ?? (found?.language === "es" ? "es" : "en"),
    };
    if (found && !client.email) add("clientEmail", PRODUCT_QUOTE_MESSAGES.emailNeeded);
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return { lines, totals, client };
}
