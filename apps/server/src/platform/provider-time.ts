import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/**
 * One provider's time is held by two kinds of rows: the clinic's appointments and the booking
 * app's bookings (issue 35). Each table refuses its own overlaps (exclusion constraints); across
 * the two, a write takes the provider's transaction lock first and then looks at the other
 * table, so two racing writes for the same provider run one after the other and the second sees
 * the first. Answers whether [from, to) overlaps what the other table holds.
 */
export async function lockProviderTime(tx: Db, providerId: string, from: Date, to: Date, other: "appointments" | "bookings"): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`provider-time:${providerId}`}, 0))`);
  const range = sql`tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')`;
  const overlapping =
    other === "appointments"
      ? sql`select 1 from appointments where provider_id = ${providerId} and status in ('requested', 'accepted') and tstzrange(starts_at, ends_at, '[)') && ${range} limit 1`
      : sql`select 1 from bookings where provider_id = ${providerId} and status in ('pending', 'confirmed') and tstzrange(holds_from, holds_to, '[)') && ${range} limit 1`;
  return (await tx.execute(overlapping)).rows.length > 0;
}
