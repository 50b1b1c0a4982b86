/**
 * The messaging chat's query keys and paths that the top bar and the patient's home need too:
 * kept apart from api.ts so the shell's chunk carries a few strings, not the chat's calls.
 * Every live query starts with CHAT_KEY, so a realtime event refreshes what is on screen at once.
 */
export const CHAT_KEY = "chat";
export const UNREAD_KEY = [CHAT_KEY, "unread"] as const;
export const MINE_KEY = [CHAT_KEY, "me"] as const;
export const CONVERSATIONS_KEY = [CHAT_KEY, "conversations"] as const;
export const conversationKey = (id: number) => [CHAT_KEY, "conversation", id] as const;
export const messagesKey = (id: number) => [CHAT_KEY, "messages", id] as const;
/** The settings' lists change only when someone edits them: out of the realtime refresh. */
export const SETTINGS_KEY = "chat-settings";

export const UNREAD_PATH = "/api/chat/unread";
export const MINE_PATH = "/api/chat/me";

/** The screens (packages/shared/src/routes.ts: chat, chatConversation, chatSettings, patientChat). */
export const INBOX_SCREEN = "/chat-whatsapp/app";
export const SETTINGS_SCREEN = "/chat-whatsapp/app/settings";
export const conversationScreen = (id: number) => `${INBOX_SCREEN}/${id}`;
export const PATIENT_CHAT_SCREEN = "/manager/patient/chat";
