import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import type { JobQueue } from "../../../platform/jobs.ts";

/**
 * Expiry of sent quotes past their validity (issue 38.3). A sweep every 15 minutes, on
 * whichever node's pg-boss clock claims the slot, turns `sent` quotes whose validUntil (a UTC
 * day) has passed into `expired` by one conditional UPDATE: a second sweep, a restarted node or
 * another node's sweep finds nothing left to expire, so each quote expires exactly once. Until
 * the sweep runs, the link already refuses a quote past its day.
 */

export const QUOTE_EXPIRY_QUEUE = "quoter.quote-expiry";
const EXPIRY_CRON = "*/15 * * * *";

export interface QuoteExpiryDeps {
  db: Db;
  jobs: JobQueue;
  /** The module is on: a switched-off module leaves its quotes as they are. */
  enabled: () => Promise<boolean>;
}

/** One sweep: answers the ids it expired. */
export async function expireQuotes(deps: Omit<QuoteExpiryDeps, "jobs">): Promise<number[]> {
  if (!(await deps.enabled())) return [];
  const result = await deps.db.execute<{ id: number }>(sql`
    update insurance_quotes set state = 'expired', updated_at = now()
    where state = 'sent' and valid_until < (now() at time zone 'utc')::date
    returning id`);
  return result.rows.map((row) => Number(row.id));
}

export function registerQuoteExpiry(deps: QuoteExpiryDeps): void {
  deps.jobs.handle(QUOTE_EXPIRY_QUEUE, async () => {
    await expireQuotes(deps);
  });
  deps.jobs.every(QUOTE_EXPIRY_QUEUE, EXPIRY_CRON);
}
