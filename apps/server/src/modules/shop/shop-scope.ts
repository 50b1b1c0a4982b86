import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Actor, clinicOf } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";

/**
 * Who reaches which store (issue 20, spec §6's shop permissions). Managers work on the stores of
 * their own clinic (admins on every store); customers buy at the open stores of their own clinic
 * (a clinic account at its own; admins at every open store). A store outside either answers 404,
 * as if it did not exist, and so does everything in it.
 */

/** The clinic whose stores a user buys at: a clinic account's own, anyone else's `clinic_id`. */
export function customerClinicOf(actor: Actor): string | null {
  return actor.role === "clinic" ? actor.id : actor.clinicId;
}

/** Stores the actor manages, over a `shop_stores` aliased `s`. */
export function managedStores(actor: Actor, clinicValue?: Placeholder): SQL {
  if (actor.isAdmin) return sql`true`;
  const clinic = clinicOf(actor);
  // A list built once per shape (paging.ts) gives the clinic as a placeholder.
  return clinic === null ? sql`false` : sql`s.clinic_id = ${clinicValue ?? clinic}`;
}

/** Open stores the actor may buy at, over a `shop_stores` aliased `s`. */
export function shoppableStores(actor: Actor): SQL {
  if (actor.isAdmin) return sql`s.open`;
  const clinic = customerClinicOf(actor);
  return clinic === null ? sql`false` : sql`(s.open and s.clinic_id = ${clinic})`;
}

export interface StoreRef {
  id: number;
  clinicId: string;
  currency: string;
  taxRateBp: number;
  shippingCents: number;
  open: boolean;
  name: string;
  address: string;
}

/** A store as `StoreRef`, over a `shop_stores` aliased `s`. */
export const STORE_REF = sql.raw(
  `s.id, s.clinic_id as "clinicId", s.currency, s.tax_rate_bp as "taxRateBp", s.shipping_cents as "shippingCents", s.open, s.name, s.address`,
);

/**
 * The store `what` (a store id, or a row of a table with a `store_id`) belongs to, when the actor
 * may reach it by `scope`: one statement; 404 otherwise.
 */
export async function storeOf(db: Db, scope: SQL, what: { storeId: number } | { table: string; id: number }): Promise<StoreRef> {
  const owner = "storeId" in what ? sql`${what.storeId}` : sql`(select store_id from ${sql.identifier(what.table)} where id = ${what.id})`;
  const result = await db.execute<StoreRef & Record<string, unknown>>(sql`select ${STORE_REF} from shop_stores s where s.id = ${owner} and ${scope}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return row;
}

/** A person's name as the shop shows it (a clinic account has only `name`), over a `users` aliased `alias`. */
export const nameOf = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.nombres || ' ' || ${alias}.apellidos), ''), nullif(${alias}.name, ''), ${alias}.email)`) as SQL<string>;

/** Where the web app and emails show an upload. */
export const uploadUrl = (uploadId: string | null) => (uploadId ? `/api/uploads/${uploadId}` : null);

/** ISO 8601 of a timestamp column read through db.execute (a string or a Date, by driver). */
export const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
