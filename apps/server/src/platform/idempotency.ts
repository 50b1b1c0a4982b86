import { createHash } from "node:crypto";
import { IDEMPOTENCY_KEY_DAYS, IDEMPOTENCY_REFUSALS, IDEMPOTENT_REPLAYED_HEADER, type IdempotencyRefusal } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { requireActor } from "./access.ts";
import { badRequest, HttpError } from "./errors.ts";
import type { JobQueue } from "./jobs.ts";

/**
 * Requests sent under an `Idempotency-Key` run once (issue 43: the patient app's offline outbox
 * resends an action until it hears back, so a lost answer must not apply it twice). A route opts
 * in with `config: { idempotent: true }`; the header stays optional. After the route's guards and
 * body validation (so a refused or malformed request claims nothing), one statement claims the
 * key or reads what it holds; once the answer is sent, one statement stores it. A resend of the
 * same request gets the stored answer without the handler running; another request under the
 * same key is refused (422); a resend while the first is still running is told to retry (409).
 *
 * The handler's transaction and the stored answer are two commits: a node that dies between them
 * leaves the claim pending, and a resend takes it over after PENDING_TAKEOVER_SECONDS and runs
 * the handler again. The routes that opt in tolerate that (they set values, or dedupe on their own).
 */

/** A claim older than this whose request never answered was left by a node that died: a resend may take it over. */
export const PENDING_TAKEOVER_SECONDS = 60;
export const IDEMPOTENCY_PURGE_QUEUE = "idempotency-purge";
const PURGE_CRON = "25 4 * * *";
/** Rows per purge statement: a large backlog goes in short steps, never one long lock. */
const PURGE_BATCH = 5000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route takes an optional Idempotency-Key header (platform/idempotency.ts). */
    idempotent?: boolean;
  }
}

/** The claim a request holds while its handler runs: the row, and the stamp that proves it is still ours. */
interface Claim {
  id: number;
  claimedAt: string;
}
const claims = new WeakMap<FastifyRequest, Claim>();

/** What identifies a request beside its key: a key reused for anything else is refused. */
interface RequestPrint {
  method: string;
  path: string;
  bodyHash: string;
}

/** JSON with every object's keys sorted, so that the same body hashes the same whatever order it was sent in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The request as its key must keep naming it: method, path without the query, and the validated body's hash. */
export function requestPrint(request: FastifyRequest): RequestPrint {
  return {
    method: request.method,
    path: request.url.split("?")[0] ?? request.url,
    bodyHash: createHash("sha256").update(canonicalJson(request.body)).digest("hex"),
  };
}

/** The header's key, or null when none was sent; anything but one UUID is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers["idempotency-key"];
  if (header === undefined) return null;
  if (typeof header !== "string" || !UUID.test(header.trim())) throw badRequest(IDEMPOTENCY_REFUSALS.keyMalformed);
  return header.trim().toLowerCase();
}

const refusal = (status: number, code: IdempotencyRefusal) => new HttpError(status, { detail: IDEMPOTENCY_REFUSALS[code], code });

type ClaimOutcome = { kind: "claimed"; claim: Claim } | { kind: "replay"; status: number; answer: unknown } | { kind: "inFlight" } | { kind: "reused" };

interface ClaimRow {
  id: number | string;
  claimed_at: string | null;
  claimed: boolean;
  abandoned: boolean;
  method: string;
  path: string;
  body_hash: string;
  status: number | null;
  answer: unknown;
  [column: string]: unknown;
}

/**
 * One statement: claims the key with a new row, or reads the row that holds it. A resend of a
 * stored answer takes no lock (`do nothing`), so resends of one key never queue behind each
 * other. A pending row abandoned for longer than PENDING_TAKEOVER_SECONDS is taken over by a
 * second statement, a rare path. A claim is stamped with its time to the microsecond, which
 * later proves that no resend has taken it over meanwhile.
 */
async function claimKey(db: Db, userId: string, key: string, print: RequestPrint): Promise<ClaimOutcome> {
  // A key committed by another request after this statement's snapshot conflicts with the insert
  // but is not yet visible to its read, so the statement answers no row: asking again sees it.
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await db.execute<ClaimRow>(sql`
      with claimed as (
        insert into idempotent_requests as r (user_id, key, method, path, body_hash, created_at, updated_at)
        values (${userId}, ${key}, ${print.method}, ${print.path}, ${print.bodyHash}, clock_timestamp(), clock_timestamp())
        on conflict (user_id, key) do nothing
        returning r.id, r.updated_at::text as claimed_at, r.method, r.path, r.body_hash
      )
      select id, claimed_at, true as claimed, false as abandoned, method, path, body_hash, null::int as status, null::jsonb as answer from claimed
      union all
      select id, null, false, status is null and updated_at < now() - make_interval(secs => ${PENDING_TAKEOVER_SECONDS}), method, path, body_hash, status, answer
        from idempotent_requests
        where user_id = ${userId} and key = ${key} and not exists (select 1 from claimed)`);
    const [row] = result.rows;
    if (!row) continue;
    if (row.claimed) return { kind: "claimed", claim: { id: Number(row.id), claimedAt: row.claimed_at as string } };
    if (row.method !== print.method || row.path !== print.path || row.body_hash !== print.bodyHash) return { kind: "reused" };
    if (row.abandoned) return takeOver(db, Number(row.id));
    if (row.status === null) return { kind: "inFlight" };
    return { kind: "replay", status: row.status, answer: row.answer };
  }
  return { kind: "inFlight" };
}

/** Claims a pending row its node left behind; of two resends racing for it, one wins and the other waits its turn. */
async function takeOver(db: Db, id: number): Promise<ClaimOutcome> {
  const result = await db.execute<{ claimed_at: string }>(sql`
    update idempotent_requests set updated_at = clock_timestamp()
      where id = ${id} and status is null and updated_at < now() - make_interval(secs => ${PENDING_TAKEOVER_SECONDS})
      returning updated_at::text as claimed_at`);
  const [row] = result.rows;
  return row ? { kind: "claimed", claim: { id, claimedAt: row.claimed_at } } : { kind: "inFlight" };
}

/**
 * Stores the answer for resends, or, for a failure of ours (5xx) or an answer that is not JSON,
 * lets the claim go so that the key can be tried again. Either only while the claim is still ours.
 */
async function settle(db: Db, claim: Claim, answer: { status: number; json: string | null } | null): Promise<void> {
  const ours = sql`id = ${claim.id} and updated_at = ${claim.claimedAt}::timestamptz and status is null`;
  if (answer === null || answer.status >= 500) {
    await db.execute(sql`delete from idempotent_requests where ${ours}`);
    return;
  }
  await db.execute(sql`update idempotent_requests set status = ${answer.status}, answer = ${answer.json}::jsonb, updated_at = clock_timestamp() where ${ours}`);
}

/** The payload as JSON text to store, null for an empty answer, undefined for one that is not JSON (not kept). */
function storableJson(reply: FastifyReply, payload: unknown): string | null | undefined {
  if (payload === null || payload === undefined || payload === "") return null;
  const type = String(reply.getHeader("content-type") ?? "");
  if (!type.includes("json")) return undefined;
  if (typeof payload === "string") return payload;
  if (Buffer.isBuffer(payload)) return payload.toString("utf8");
  return undefined;
}

/** Sends a stored answer again, as the first request got it, marked as a replay. */
function replay(reply: FastifyReply, status: number, answer: unknown): FastifyReply {
  reply.code(status).header(IDEMPOTENT_REPLAYED_HEADER.toLowerCase(), "true");
  if (answer === null) return reply.send();
  return reply.type("application/json; charset=utf-8").send(JSON.stringify(answer));
}

/** Forgets keys older than IDEMPOTENCY_KEY_DAYS; answers how many went. */
export async function purgeIdempotencyKeys(db: Db, days = IDEMPOTENCY_KEY_DAYS): Promise<number> {
  let purged = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from idempotent_requests where id in (
        select id from idempotent_requests where created_at < now() - make_interval(days => ${days}) order by created_at limit ${PURGE_BATCH})`);
    const count = result.rowCount ?? 0;
    purged += count;
    if (count < PURGE_BATCH) return purged;
  }
}

/**
 * The hooks of every route with `config.idempotent`, and the daily purge of old keys. Register on
 * the root before the routes: its onSend then runs before the compressor's, on the JSON text.
 */
export function registerIdempotency(app: FastifyInstance, jobs: JobQueue): void {
  app.addHook("preHandler", async (request, reply) => {
    if (request.routeOptions.config.idempotent !== true) return;
    const key = idempotencyKeyOf(request);
    if (key === null) return;
    const outcome = await claimKey(app.db, requireActor(request).id, key, requestPrint(request));
    switch (outcome.kind) {
      case "claimed":
        claims.set(request, outcome.claim);
        return;
      case "replay":
        return replay(reply, outcome.status, outcome.answer);
      case "reused":
        throw refusal(422, "keyReused");
      case "inFlight":
        reply.header("retry-after", "1");
        throw refusal(409, "requestInFlight");
    }
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    const json = storableJson(reply, payload);
    try {
      await settle(app.db, claim, json === undefined ? null : { status: reply.statusCode, json });
    } catch (error) {
      // The answer still goes; the claim stays pending and a resend takes it over once abandoned.
      request.log.error({ err: error }, "the answer of an idempotent request could not be stored");
    }
    return payload;
  });

  jobs.handle(IDEMPOTENCY_PURGE_QUEUE, async () => {
    const purged = await purgeIdempotencyKeys(app.db);
    if (purged > 0) app.log.info({ purged }, "forgot old idempotency keys");
  });
  jobs.every(IDEMPOTENCY_PURGE_QUEUE, PURGE_CRON);
}
