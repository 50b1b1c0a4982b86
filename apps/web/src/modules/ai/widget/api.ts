import { AI_LIMITS, AI_MESSAGES, type AiConversation, type AiConversationSummary, type AiFeedback, type AiMessage, type AiMessageKey } from "@clinic/shared";
import type { QueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { ApiError, del, get, put } from "../../../lib/api.ts";
import { sharedMessage } from "../../../lib/field-messages.ts";
import { registerRefusals } from "../../../lib/refusals.ts";

/**
 * The AI widget's calls (packages/shared/src/ai/ai.ts; the ask, a stream, is in ask.ts). Its
 * keys carry the user's id: the conversations are each user's own, and a cache that outlived a
 * sign-out must never show them to the next user of the browser.
 */
export const AI_KEY = "ai-widget";
export const conversationsKey = (userId: string) => [AI_KEY, userId, "conversations"] as const;
export const conversationKey = (userId: string, id: number) => [AI_KEY, userId, "conversation", id] as const;

export const ASK_PATH = "/api/ai/ask";
export const CONVERSATIONS_PATH = "/api/ai/conversations";
export const conversationPath = (id: number) => `${CONVERSATIONS_PATH}/${id}`;
export const feedbackPath = (messageId: number) => `/api/ai/messages/${messageId}/feedback`;

export const fetchConversations = (signal?: AbortSignal) => get<AiConversationSummary[]>(CONVERSATIONS_PATH, signal);
export const fetchConversation = (id: number, signal?: AbortSignal) => get<AiConversation>(conversationPath(id), signal);
export const deleteConversation = (id: number) => del<void>(conversationPath(id));
export const deleteAllConversations = () => del<void>(CONVERSATIONS_PATH);
export const sendFeedback = (messageId: number, feedback: AiFeedback | null) => put<AiMessage>(feedbackPath(messageId), { feedback });

/** A deleted conversation (or "all" of them) gone from the cached list, and its messages from the cache, at once. */
export function dropConversation(client: QueryClient, userId: string, id: number | "all"): void {
  client.setQueryData<AiConversationSummary[]>(conversationsKey(userId), (rows) => (id === "all" ? [] : rows?.filter((row) => row.id !== id)));
  client.removeQueries({ queryKey: id === "all" ? [AI_KEY, userId, "conversation"] : conversationKey(userId, id) });
}

/** A thumb pressed: the same one again takes the feedback back, the other one replaces it. */
export const nextFeedback = (current: AiFeedback | null, pressed: AiFeedback): AiFeedback | null => (current === pressed ? null : pressed);

export const isAiMessageKey = (code: unknown): code is AiMessageKey => typeof code === "string" && Object.hasOwn(AI_MESSAGES, code);

/** A key of AI_MESSAGES (a stream's error code, a stored answer's notice) in the interface language; an unknown one is the provider failing. */
export const aiMessageText = (t: TFunction, code: unknown): string =>
  t(`aiWidget.messages.${isAiMessageKey(code) ? code : "providerError"}`, { max: AI_LIMITS.question });

/** The key of AI_MESSAGES whose English text this is, if any. */
export const aiMessageKeyOf = (message: string): AiMessageKey | null =>
  (Object.keys(AI_MESSAGES) as AiMessageKey[]).find((key) => AI_MESSAGES[key] === message) ?? null;

/** A refusal of the AI calls (a 429's detail, a 400's field message) in the interface language when it is one of AI_MESSAGES; any other text as it came. */
export function aiText(t: TFunction, message: string): string {
  const key = aiMessageKeyOf(message);
  return key ? aiMessageText(t, key) : message;
}

registerRefusals(aiText);

/**
 * Why the server refused a question before answering it: one of AI_MESSAGES (a 429's detail, a
 * 400's field message) or a shared schema's field message in the interface language, else the
 * failure's notice text (`describe`, lib/notices.tsx describeFailure).
 */
export function refusalOf(failure: unknown, t: TFunction, describe: (failure: unknown) => string): string {
  if (failure instanceof ApiError) {
    const said = failure.fieldErrors.question?.[0] ?? Object.values(failure.fieldErrors).flat()[0] ?? failure.body.detail;
    if (typeof said === "string" && said !== "") {
      if (aiMessageKeyOf(said)) return aiText(t, said);
      if (failure.status === 400) return sharedMessage(t, said);
    }
  }
  return describe(failure);
}
