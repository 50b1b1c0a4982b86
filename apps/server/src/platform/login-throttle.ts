import { sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";

export type ThrottledStep = "sign-in" | "second-factor";
export type AttemptOutcome = "success" | "failure" | "other";

/** Why an attempt is refused before its credentials are looked at, and for how long. */
export interface Lock {
  scope: "account" | "address";
  retryAfterSeconds: number;
}

export type Attempt = { lock: Lock } | { lock: null; settle(outcome: AttemptOutcome): Promise<void> };

/** Keys in better-auth's `rate_limits` table: a prefix of our own keeps them apart from its per-path rows. */
const accountKey = (step: ThrottledStep, account: string) => `throttle:${step}:account:${account}`;
const addressKey = (address: string) => `throttle:address:${address}`;

/**
 * Failed sign-ins and second-factor codes, counted per account and per client address in
 * PostgreSQL so that every app node sees the same counts. Only failures count: a clinic whose
 * staff share one address signs in all morning; a guesser is stopped after a few tries at one
 * account, or many across accounts from one address.
 *
 * Each key is a row of better-auth's `rate_limits` (key, count, last_request). For our keys
 * `last_request` holds when the row expires (milliseconds, PostgreSQL's clock, so nodes agree):
 * failures are forgotten then, and a lock ends then. better-auth prunes rows whose
 * `last_request` is past, which for ours means expired ones only.
 *
 * An attempt is reserved before the password is checked (one atomic upsert per key, refused
 * when the count is at its ceiling), so simultaneous guesses cannot slip past the count; a
 * success or an attempt that checked nothing gives its reservation back.
 */
export class LoginThrottle {
  private readonly windowMs: number;

  constructor(
    private readonly db: Db,
    private readonly settings: Config["login"],
  ) {
    this.windowMs = settings.lockMinutes * 60_000;
  }

  /** `account` is the email (sign-in) or user id (second factor), when the request names one. */
  async begin(step: ThrottledStep, account: string | null, address: string): Promise<Attempt> {
    const keys: { key: string; max: number; scope: Lock["scope"] }[] = [{ key: addressKey(address), max: this.settings.addressMaxFailures, scope: "address" }];
    if (account) keys.push({ key: accountKey(step, account.trim().toLowerCase()), max: this.settings.accountMaxFailures, scope: "account" });
    const reserved: string[] = [];
    for (const { key, max, scope } of keys) {
      if (await this.reserve(key, max)) {
        reserved.push(key);
        continue;
      }
      for (const taken of reserved) await this.giveBack(taken);
      return { lock: { scope, retryAfterSeconds: await this.secondsLeft(key) } };
    }
    return {
      lock: null,
      settle: async (outcome) => {
        if (outcome === "failure") return;
        const [address, accountRow] = reserved;
        await this.giveBack(address);
        if (!accountRow) return;
        // A success proves the account's owner is at the keyboard: earlier failures are forgiven.
        if (outcome === "success") await this.db.execute(sql`delete from rate_limits where key = ${accountRow}`);
        else await this.giveBack(accountRow);
      },
    };
  }

  /** One more attempt on `key` unless it is at `max` within its window; the attempt that reaches `max` starts a full lock. */
  private async reserve(key: string, max: number): Promise<boolean> {
    const result = await this.db.execute(sql`
      insert into rate_limits as r (id, key, count, last_request)
      values (gen_random_uuid()::text, ${key}, 1, (extract(epoch from clock_timestamp()) * 1000)::bigint + ${this.windowMs})
      on conflict (key) do update set
        count = case when r.last_request <= excluded.last_request - ${this.windowMs} then 1 else r.count + 1 end,
        last_request = case
          when r.last_request <= excluded.last_request - ${this.windowMs} then excluded.last_request
          when r.count + 1 >= ${max} then excluded.last_request
          else r.last_request
        end
      where r.last_request <= excluded.last_request - ${this.windowMs} or r.count < ${max}
      returning r.count`);
    return result.rows.length > 0;
  }

  private async giveBack(key: string): Promise<void> {
    await this.db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
  }

  private async secondsLeft(key: string): Promise<number> {
    const result = await this.db.execute<{ ms: string | number | null }>(
      sql`select last_request - (extract(epoch from clock_timestamp()) * 1000)::bigint as ms from rate_limits where key = ${key}`,
    );
    const ms = Number(result.rows[0]?.ms ?? 0);
    return Math.max(1, Math.ceil(ms / 1000));
  }
}

/** The 429 body of a lock: the time left in words and in seconds (`Retry-After` carries it too). */
export function lockBody(step: ThrottledStep, lock: Lock): { detail: string; code: string; retryAfter: number } {
  const minutes = Math.max(1, Math.ceil(lock.retryAfterSeconds / 60));
  const wait = `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  const what = step === "sign-in" ? "failed sign-in attempts" : "wrong verification codes";
  const whose = lock.scope === "account" ? "for this account" : "from this network address";
  return { detail: `Too many ${what} ${whose}. ${wait}`, code: "SIGN_IN_LOCKED", retryAfter: lock.retryAfterSeconds };
}
