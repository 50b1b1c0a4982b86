import type { FastifyReply, FastifyRequest } from "fastify";
import { type Actor, requireActor } from "./access.ts";
import { recordingPageReads } from "./page-cache.ts";
import { writesOf } from "./paging.ts";

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
 * A list route's answer, serialized, kept and sent again while the one page it shows is unchanged
 * (page-cache.ts: the versions of every table its statement reads, on any app node). For routes
 * whose answer is `run()` alone: one pageOf over the caller's query, mapped with the actor. An
 * answer that read no page, or more than one, or one that cannot be kept, is sent as usual.
 */
export async function keptAnswer<T>(db: object, request: FastifyRequest, reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
  const writes = writesOf(db);
  const actor = requireActor(request);
  const versions = actor.tableVersions;
  if (!writes || !versions) return run();
  const key = `${request.url}\u0000${fingerprint(actor)}`;
  const local = (tables: string[]) => writes.stamp(tables);
  const kept = writes.answers.peek(key);
  if (kept && writes.answers.stampOfTables(kept.page.tables, versions, local) === kept.stamp) {
    return reply.type("application/json; charset=utf-8").send(kept.page.body);
  }
  const { result, reads } = await recordingPageReads(actor, run);
  const [read] = reads;
  if (reads.length !== 1 || !read) return result;
  // The route's own serializer, so the bytes are those it would send.
  const body = String(reply.serialize(result));
  writes.answers.set(key, read.stamp, { ...read, body });
  return reply.type("application/json; charset=utf-8").send(body);
}
