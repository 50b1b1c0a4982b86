import { PRODUCT_QUOTE_MESSAGES } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../../db/client.ts";
import { type Actor, clinicForCall, managedBy, requireModule, requirePermission } from "../../../platform/access.ts";
import { notFound } from "../../../platform/errors.ts";
import { linkToken } from "../../../platform/private-links.ts";
import type { JobQueue } from "../../../platform/jobs.ts";
import type { Mailer } from "../../../platform/mail.ts";
import type { PaymentProviders } from "../../../platform/payments/index.ts";
import type { BillingSettings, ShopSettings } from "../../../config.ts";

/**
 * What every part of the product quoter (issue 38.1) shares: its guards, the scope of a quote
 * (staff with view_productquoter work their own clinic's quotes, platform admins every clinic's;
 * another clinic's quote answers 404), the private link's secret and the platform pieces used.
 */

export const productQuoterModule = requireModule("product_quoter");
/** Staff calls: the module on and view_productquoter (the clinic group holds it; admins pass every check). */
export const productQuoteStaff = [productQuoterModule, requirePermission("view_productquoter")];
/** The client's private link: the module on, no account needed. */
export const productQuotePublic = [productQuoterModule];
export const PRODUCT_QUOTE_TAGS = ["product-quoter"];

export interface ProductQuoteDeps {
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
  providers: PaymentProviders;
  billing: BillingSettings;
  shop: ShopSettings;
  /** Where a manual payment's transfer goes (BILLING_BANK_DETAILS), on a shop order made from a quote. */
  bankDetails: string;
  /** Derives the private links' secrets (never stored: only their hashes are). */
  linkKey: Buffer;
}

export function productQuoteDepsOf(app: FastifyInstance): ProductQuoteDeps {
  return {
    db: app.db,
    mailer: app.mailer,
    jobs: app.jobs,
    providers: app.payments.providers,
    billing: app.config.billing,
    shop: app.config.shop,
    bankDetails: app.config.billing.bankDetails,
    linkKey: app.deriveKey("product-quote-links"),
  };
}

export type ManagedQuote = { id: number; clinicId: string; rootId: number; state: string };

/** The quote `quoteId` if the actor manages it (locked with `for update` when asked); 404 otherwise. */
export async function managedQuote(db: Db, actor: Actor, quoteId: number, lock = false): Promise<ManagedQuote> {
  const result = await db.execute<{ id: number; clinic_id: string; root_id: number | null; state: string }>(
    sql`select q.id, q.clinic_id, q.root_id, q.state from product_quotes q where q.id = ${quoteId} and ${managedBy(actor, sql`q.clinic_id`)}
      ${lock ? sql`for update` : sql``}`,
  );
  const row = result.rows[0];
  if (!row) throw notFound();
  return { id: Number(row.id), clinicId: row.clinic_id, rootId: Number(row.root_id ?? row.id), state: row.state };
}

/** The clinic a clinic-wide call (a new quote, the catalogue, the figures) works on: staff their own; an admin the one they name. */
export const quoteClinicFor = (db: Db, actor: Actor, named: string | undefined): Promise<string> =>
  clinicForCall(db, actor, named, PRODUCT_QUOTE_MESSAGES.clinicNeeded);

/** The private link's secret (`/quotes/<token>`); the table keeps its linkTokenHash. */
export const quoteToken = (key: Buffer, id: number): string => linkToken(key, "product-quote", id);
export const quotePublicPath = (token: string): string => `/quotes/${token}`;
export const quoteStaffPath = (id: number): string => `/product-quoter/app/quotes/${id}`;

/** A timestamp read through db.execute (a Date or a string) as ISO 8601 UTC. */
export const iso = (value: unknown): string => new Date(value as string).toISOString();
export const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));
/** A clinic's or a staff member's display name. */
export const nameOf = (alias: string) => sql.raw(`coalesce(nullif(trim(${alias}.nombres || ' ' || ${alias}.apellidos), ''), ${alias}.email)`);
