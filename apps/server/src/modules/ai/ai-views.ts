import type { AiAnswerMode, AiFeedback, AiMessage, AiSource } from "@clinic/shared";

/** An ai_messages row as raw SQL answers it. */
export type MessageRow = {
  id: number;
  conversation_id: number;
  role: "user" | "assistant";
  content: string;
  mode: AiAnswerMode | null;
  sources: AiSource[] | null;
  notice: string | null;
  feedback: AiFeedback | null;
  created_at: Date | string;
};

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

export const messageView = (row: MessageRow): AiMessage => ({
  id: row.id,
  role: row.role,
  content: row.content,
  mode: row.mode,
  sources: row.sources ?? [],
  notice: row.notice,
  feedback: row.feedback,
  createdAt: iso(row.created_at),
});

/** Messages as json_agg builds them inside a statement (a conversation with its messages in one round trip). */
export const MESSAGE_JSON = `json_build_object('id', m.id, 'conversation_id', m.conversation_id, 'role', m.role, 'content', m.content, 'mode', m.mode,
  'sources', m.sources, 'notice', m.notice, 'feedback', m.feedback, 'created_at', m.created_at)`;
