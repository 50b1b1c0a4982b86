import type { Paged, PoliciesQuery, PolicyDetail, PolicyRow } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { Actor } from "../../../platform/access.ts";
import { notFound } from "../../../platform/errors.ts";
import { containsPattern, pageWindow } from "../../../platform/paging.ts";
import { iso, ownedBy, userName } from "./insurance-scope.ts";
import { optionViews } from "./quotes.service.ts";

/** Policies (issue 38.3): bound quotes with their number and period. Agents see their own, admins all. */

type Row = Record<string, unknown>;

const COLUMNS = sql`pol.id, pol.number, pol.quote_id, q.number as quote_number, p.id as product_id, p.code, p.name_en, p.name_es, v.version,
  pol.agent_id, ${userName("a")} as agent_name, pol.holder_name, pol.holder_email, pol.premium_cents, pol.currency,
  pol.starts_on::text as starts_on, pol.ends_on::text as ends_on, pol.created_at`;
const FROM = sql`insurance_policies pol join insurance_quotes q on q.id = pol.quote_id join insurance_product_versions v on v.id = pol.version_id
  join insurance_products p on p.id = v.product_id join users a on a.id = pol.agent_id`;

function rowOf(row: Row): PolicyRow {
  return {
    id: Number(row.id),
    number: String(row.number),
    quote: { id: Number(row.quote_id), number: String(row.quote_number) },
    product: { id: Number(row.product_id), code: String(row.code), name: { en: String(row.name_en), es: String(row.name_es) }, version: Number(row.version) },
    agent: { id: String(row.agent_id), name: String(row.agent_name) },
    holderName: String(row.holder_name),
    holderEmail: String(row.holder_email),
    premiumCents: Number(row.premium_cents),
    currency: String(row.currency),
    startsOn: String(row.starts_on),
    endsOn: String(row.ends_on),
    createdAt: iso(row.created_at as string),
  };
}

/** A page of policies, newest first: one statement. */
export async function listPolicies(db: Db, actor: Actor, query: PoliciesQuery): Promise<Paged<PolicyRow>> {
  const { limit, offset } = pageWindow(query);
  const filters: SQL[] = [ownedBy(actor, sql`pol.agent_id`)];
  if (actor.isAdmin && query.agentId) filters.push(sql`pol.agent_id = ${query.agentId}`);
  if (query.productId) filters.push(sql`p.id = ${query.productId}`);
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    filters.push(sql`(pol.number ilike ${pattern} or q.number ilike ${pattern} or pol.holder_name ilike ${pattern} or pol.holder_email ilike ${pattern})`);
  }
  const result = await db.execute<Row>(sql`
    select ${COLUMNS}, count(*) over ()::int as total_rows from ${FROM}
    where ${sql.join(filters, sql` and `)} order by pol.created_at desc, pol.id desc limit ${limit} offset ${offset}`);
  return { page: query.page, total: Number(result.rows[0]?.total_rows ?? 0), data: result.rows.map(rowOf) };
}

/** A policy with its option (coverage, breakdown): one statement. */
export async function policyDetail(db: Db, actor: Actor, policyId: number): Promise<PolicyDetail> {
  const result = await db.execute<Row>(sql`
    select ${COLUMNS}, json_build_array(json_build_object('position', o.position, 'input', o.input, 'premiumCents', o.premium_cents,
      'breakdown', o.breakdown, 'versionId', v.id, 'version', v.version, 'rules', v.rules, 'productId', p.id, 'code', p.code,
      'nameEn', p.name_en, 'nameEs', p.name_es, 'currency', p.currency)) as options
    from ${FROM} join insurance_quote_options o on o.id = pol.option_id
    where pol.id = ${policyId} and ${ownedBy(actor, sql`pol.agent_id`)}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  const [option] = optionViews(row.options as Parameters<typeof optionViews>[0]);
  if (!option) throw notFound();
  return { ...rowOf(row), option };
}
