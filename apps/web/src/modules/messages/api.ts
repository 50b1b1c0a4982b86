import { FORBIDDEN_MARKUP_MESSAGE, MESSAGE_MESSAGES, type Message, type MessageAudienceInput, type MessageInput } from "@clinic/shared";
import { post } from "../../lib/api.ts";
import { registerRefusals } from "../../lib/refusals.ts";

export const MESSAGES_KEY = "messages";
export const MESSAGES_PATH = "/api/messages/";
export const RECIPIENTS_PATH = "/api/messages/recipients?rowsPerPage=20";

export const sendMessage = (input: MessageInput) => post<Message>(MESSAGES_PATH, input);
export const cancelMessage = (id: number) => post<Message>(`${MESSAGES_PATH}${id}/cancel`);
/** `GET /api/messages/{id}/failed`: the recipients whose email failed, in pages. */
export const failedPath = (id: number) => `${MESSAGES_PATH}${id}/failed`;
export const reachOf = (audience: MessageAudienceInput) => post<{ recipients: number }>(`${MESSAGES_PATH}reach`, audience);

const MESSAGE_KEYS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(MESSAGE_MESSAGES).map(([key, text]) => [text, key])),
  [FORBIDDEN_MARKUP_MESSAGE]: "forbiddenMarkup",
};

/** A message of the messages schema or server in the interface language; any other as it is. */
export function messageFieldMessage(t: (key: string) => string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = MESSAGE_KEYS[message];
  return key ? t(`messages.errors.${key}`) : message;
}

registerRefusals((t, message) => messageFieldMessage(t, message) ?? message);
