import { CHAT_MESSAGES, type CannedReply, type CannedReplyInput } from "@clinic/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { conflict, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { agentOf } from "./chat-scope.ts";
import { chatCannedReplies } from "./chat.table.ts";

/**
 * Canned replies (issue 41): a clinic's stock answers, inserted in the composer by their
 * shortcut. Every agent of the clinic (its account, its therapists) and admins manage them: the
 * front desk and the therapists answer the same inbox, so any of them may keep its answers
 * current. A shortcut is unique per clinic whatever its case (the table's unique index).
 */

const columns = { id: chatCannedReplies.id, clinicId: chatCannedReplies.clinicId, shortcut: chatCannedReplies.shortcut, body: chatCannedReplies.body };

export async function listCannedReplies(db: Db, clinicId: string): Promise<CannedReply[]> {
  return db
    .select(columns)
    .from(chatCannedReplies)
    .where(eq(chatCannedReplies.clinicId, clinicId))
    .orderBy(sql`lower(${chatCannedReplies.shortcut})`, chatCannedReplies.id);
}

/** The reply `id` if `actor` is one of its clinic's agents; 404 otherwise, as if it did not exist. */
async function cannedReplyFor(db: Db, actor: Actor, id: number): Promise<CannedReply> {
  const [row] = await db.select(columns).from(chatCannedReplies).where(eq(chatCannedReplies.id, id));
  if (!row || !agentOf(actor, row.clinicId)) throw notFound();
  return row;
}

const taken = (error: unknown) => (isUniqueViolation(error, "chat_canned_replies_shortcut_unique") ? conflict(CHAT_MESSAGES.cannedTaken) : error);

export async function createCannedReply(db: Db, clinicId: string, input: CannedReplyInput): Promise<CannedReply> {
  try {
    const [row] = await db.insert(chatCannedReplies).values({ clinicId, shortcut: input.shortcut, body: input.body }).returning(columns);
    return row as CannedReply;
  } catch (error) {
    throw taken(error);
  }
}

/** Changes a reply's shortcut and text; it stays with its clinic (a `clinicId` sent is not a move). */
export async function updateCannedReply(db: Db, actor: Actor, id: number, input: CannedReplyInput): Promise<CannedReply> {
  const current = await cannedReplyFor(db, actor, id);
  try {
    const [row] = await db
      .update(chatCannedReplies)
      .set({ shortcut: input.shortcut, body: input.body })
      .where(and(eq(chatCannedReplies.id, current.id), eq(chatCannedReplies.clinicId, current.clinicId)))
      .returning(columns);
    if (!row) throw notFound();
    return row;
  } catch (error) {
    throw taken(error);
  }
}

export async function deleteCannedReply(db: Db, actor: Actor, id: number): Promise<CannedReply> {
  const current = await cannedReplyFor(db, actor, id);
  await db.delete(chatCannedReplies).where(eq(chatCannedReplies.id, current.id));
  return current;
}
