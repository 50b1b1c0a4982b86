import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type Actor, requireActor } from "./access.ts";
import { recordingPageReads } from "./page-cache.ts";
import { type KeptAnswer, writesOf } from "./paging.ts";

/**
 * Who is asking, as far as a list's answer can tell: its scope (clinic, role, admin) and what
 * it may do (the `editable` flags) come from these. The identity statement reads them afresh on
 * every request, so a changed group or permission gives a new key at once.
 */
function fingerprint(actor: Actor): string {
  let text = `${actor.id}|${actor.isAdmin}|${actor.clinicId}|${actor.groups.join(",")}|`;
  for (const codename of actor.permissions) text += `${codename},`;
  return text;
}

/**
 * A route's answer, serialized, kept and sent again while the one read it shows is unchanged
 * (page-cache.ts: the versions of every table its statement reads, on any app node). For routes
 * whose answer is `run()` alone: one pageOf (or one recorded read) over the caller's query, mapped
 * with the actor. An answer that read nothing kept, or more than once, or that cannot be kept, is
 * sent as usual. `validUntil` says until when an answer that also depends on the clock holds
 * (null: not kept at all).
 */
export async function keptAnswer<T>(
  db: object,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<T>,
  validUntil: (result: T) => number | null = () => Number.POSITIVE_INFINITY,
): Promise<T | FastifyReply> {
  if (request.routeOptions.config.keptAnswer !== true)
    throw new Error(`${request.routeOptions.url} keeps answers: give it config.keptAnswer, so its identity reads the table versions`);
  const writes = writesOf(db);
  const actor = requireActor(request);
  const versions = actor.tableVersions;
  if (!writes || !versions) return run();
  const key = `${request.url}\u0000${fingerprint(actor)}`;
  const local = (tables: string[]) => writes.stamp(tables);
  const kept = writes.answers.peek(key);
  if (kept && Date.now() <= kept.page.until && writes.answers.stampOfTables(kept.page.tables, versions, local) === kept.stamp) {
    return send(request, reply, kept.page);
  }
  const { result, reads } = await recordingPageReads(actor, run);
  const [read] = reads;
  const until = reads.length === 1 && read ? validUntil(result) : null;
  if (!read || until === null) return result;
  // The route's own serializer, so the bytes are those it would send.
  const body = Buffer.from(String(reply.serialize(result)));
  const answer: KeptAnswer = { ...read, body, until, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
  writes.answers.set(key, read.stamp, answer);
  return send(request, reply, answer);
}

/** The kept bytes, or 304 to a client that holds them already (compressed copies carry the weak form of the tag). */
function send(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer): FastifyReply {
  // The browser keeps it (its own user's answer only) and asks again each time with the tag.
  reply.header("etag", answer.etag).header("cache-control", "private, no-cache");
  const held = request.headers["if-none-match"];
  if (held?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === answer.etag)) return reply.code(304).send();
  return reply.type("application/json; charset=utf-8").send(answer.body);
}
