import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../../db/client.ts";
import { type Actor, requireAdmin, requireModule, requirePermission } from "../../../platform/access.ts";
import type { JobQueue } from "../../../platform/jobs.ts";
import type { Mailer } from "../../../platform/mail.ts";

/**
 * What every part of the insurance quoter (module `quoter`, issue 38) shares: its guards and the
 * scope of a quote. Platform admins manage the products and see every quote; agents (holders of
 * view_quoter, the "Insurance agents" group) work only their own quotes and policies: another
 * agent's answers 404. The applicant's private link needs no account.
 */

export const quoterModule = requireModule("quoter");
/** Agents and admins. */
export const quoterStaff = [quoterModule, requirePermission("view_quoter")];
/** Managing the products: platform admins only. */
export const quoterAdmin = [quoterModule, requireAdmin];
/** The applicant's private link. */
export const quoterPublic = [quoterModule];
export const QUOTER_TAGS = ["quoter"];

export interface QuoterDeps {
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
  /** Derives the private links' secrets (never stored: only their hashes are). */
  linkKey: Buffer;
}

export const LINK_KEY_PURPOSE = "quoter-links";

export function quoterDepsOf(app: FastifyInstance): QuoterDeps {
  return { db: app.db, mailer: app.mailer, jobs: app.jobs, linkKey: app.deriveKey(LINK_KEY_PURPOSE) };
}

/** The quotes (or policies) the actor may see: an admin every one, an agent their own. */
export const ownedBy = (actor: Actor, agentColumn: SQL): SQL => (actor.isAdmin ? sql`true` : sql`${agentColumn} = ${actor.id}`);

/** Today's day in UTC (validity dates and policy periods are calendar days, counted in UTC). */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The same day a year later (29 February → 1 March), less `minusDays`. */
export function addYear(day: string, minusDays = 0): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return addDays(date.toISOString().slice(0, 10), -minusDays);
}

/** The next number of `kind` for `year`, from insurance_counters (one statement, safe under concurrency). */
export async function nextNumber(tx: Db, kind: "quote" | "policy", year: number): Promise<number> {
  const result = await tx.execute<{ last: number }>(sql`
    insert into insurance_counters (kind, year, last) values (${kind}, ${year}, 1)
    on conflict (kind, year) do update set last = insurance_counters.last + 1
    returning last`);
  return Number(result.rows[0]?.last);
}

/** A user's display name in SQL: their names, else their email. */
export const userName = (alias: string): SQL => sql.raw(`coalesce(nullif(trim(${alias}.nombres || ' ' || ${alias}.apellidos), ''), ${alias}.email)`);

export const iso = (value: string | Date): string => new Date(value).toISOString();
export const isoOrNull = (value: string | Date | null | undefined): string | null => (value ? new Date(value).toISOString() : null);
