import type { AiConversation, AiConversationSummary, AiFeedbackInput, AiMessage } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { MESSAGE_JSON, type MessageRow, messageView } from "./ai-views.ts";

/**
 * A user's own conversations with the assistant (issue 42.1): listed, read, rated and deleted by
 * that user only; anyone else's answers 404. Each call is one statement.
 */

const CONVERSATIONS_LISTED = 50;

export async function listMyConversations(db: Db, actor: Actor): Promise<AiConversationSummary[]> {
  const { rows } = await db.execute<{ id: number; title: string; updated_at: Date | string }>(sql`
    select id, title, updated_at from ai_conversations where user_id = ${actor.id} order by updated_at desc, id desc limit ${CONVERSATIONS_LISTED}`);
  return rows.map((row) => ({ id: row.id, title: row.title, updatedAt: new Date(row.updated_at).toISOString() }));
}

export async function readMyConversation(db: Db, actor: Actor, id: number): Promise<AiConversation> {
  const { rows } = await db.execute<{ id: number; title: string; updated_at: Date | string; messages: MessageRow[] | null }>(sql`
    select c.id, c.title, c.updated_at,
      (select json_agg(${sql.raw(MESSAGE_JSON)} order by m.id) from ai_messages m where m.conversation_id = c.id) as messages
    from ai_conversations c where c.id = ${id} and c.user_id = ${actor.id}`);
  const row = rows[0];
  if (!row) throw notFound();
  return { id: row.id, title: row.title, updatedAt: new Date(row.updated_at).toISOString(), messages: (row.messages ?? []).map(messageView) };
}

export async function deleteMyConversation(db: Db, actor: Actor, id: number): Promise<void> {
  const { rows } = await db.execute(sql`delete from ai_conversations where id = ${id} and user_id = ${actor.id} returning id`);
  if (rows.length === 0) throw notFound();
}

export async function deleteAllMyConversations(db: Db, actor: Actor): Promise<void> {
  await db.execute(sql`delete from ai_conversations where user_id = ${actor.id}`);
}

/** Rates one of the assistant's answers in the caller's own conversation (null clears it). */
export async function rateAnswer(db: Db, actor: Actor, messageId: number, input: AiFeedbackInput): Promise<AiMessage> {
  const { rows } = await db.execute<MessageRow>(sql`
    update ai_messages m set feedback = ${input.feedback}
    from ai_conversations c
    where m.id = ${messageId} and m.role = 'assistant' and c.id = m.conversation_id and c.user_id = ${actor.id}
    returning m.*`);
  const row = rows[0];
  if (!row) throw notFound();
  return messageView(row);
}
