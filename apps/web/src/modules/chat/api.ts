import type {
  CannedReply,
  CannedReplyInput,
  ChatAgent,
  ChatConversation,
  ChatFilter,
  ChatMessage,
  ChatMessagesPage,
  ChatMine,
  ChatStatus,
  ChatTemplate,
  ChatTemplateInput,
  Paged,
  WhatsAppNumber,
  WhatsAppNumberInput,
} from "@clinic/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { del, get, post, put, upload } from "../../lib/api.ts";
import { useResource } from "../../lib/resource.ts";
import { conversationKey, CONVERSATIONS_KEY, MINE_KEY, MINE_PATH, messagesKey, SETTINGS_KEY } from "./keys.ts";

/** The calls of the messaging chat's screens (server: apps/server/src/modules/chat/*.routes.ts). */

export const CONVERSATIONS_PATH = "/api/chat/conversations";
const conversationPath = (id: number) => `${CONVERSATIONS_PATH}/${id}`;
/** How many conversations the inbox lists at once; "Show more" asks for more. */
export const INBOX_PAGE = 50;

const withQuery = (path: string, query: Record<string, string | number | null | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

export const conversationsPath = (filter: ChatFilter, q: string, rowsPerPage = INBOX_PAGE) =>
  withQuery(CONVERSATIONS_PATH, { filter, q, page: 1, rowsPerPage });
export const useConversations = (filter: ChatFilter, q: string, rowsPerPage = INBOX_PAGE) =>
  useResource<Paged<ChatConversation>>([...CONVERSATIONS_KEY, filter, q, rowsPerPage], conversationsPath(filter, q, rowsPerPage), { quiet: true });
export const useConversation = (id: number | null) =>
  useResource<ChatConversation>(id === null ? [...conversationKey(0)] : [...conversationKey(id)], id === null ? null : conversationPath(id));
export const useMine = () => useResource<ChatMine>([...MINE_KEY], MINE_PATH);

/** A page of history: the newest first, then each older page before the oldest one shown ("Load earlier"). */
export const messagesPath = (id: number, before: number | null) => withQuery(`${conversationPath(id)}/messages`, { before });
export function useMessages(id: number | null) {
  const query = useInfiniteQuery({
    queryKey: [...messagesKey(id ?? 0)],
    queryFn: ({ pageParam, signal }) => get<ChatMessagesPage>(messagesPath(id as number, pageParam), signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last: ChatMessagesPage) => (last.hasMore && last.data.length > 0 ? (last.data[0] as ChatMessage).id : undefined),
    enabled: id !== null,
  });
  // Pages come newest first, each oldest first: the history reads oldest first.
  const messages = (query.data?.pages ?? []).toReversed().flatMap((page) => page.data);
  return {
    messages,
    hasEarlier: query.hasNextPage,
    loadEarlier: () => void query.fetchNextPage(),
    loadingEarlier: query.isFetchingNextPage,
    isLoading: query.isLoading,
  };
}

export const sendText = (id: number, body: string) => post<ChatMessage>(`${conversationPath(id)}/messages`, { body });
export const sendNote = (id: number, body: string) => post<ChatMessage>(`${conversationPath(id)}/notes`, { body });
export const sendTemplate = (id: number, templateId: number, variables: string[]) =>
  post<ChatMessage>(`${conversationPath(id)}/template`, { templateId, variables });
export function sendAttachment(id: number, file: File, caption: string, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append("caption", caption);
  form.append("archivo", file);
  return upload<ChatMessage>(`${conversationPath(id)}/attachments`, form, onProgress);
}
export const markRead = (id: number) => post<unknown>(`${conversationPath(id)}/read`);
export const sendTyping = (id: number) => post<unknown>(`${conversationPath(id)}/typing`);
export const assign = (id: number, assigneeId: string | null) => put<unknown>(`${conversationPath(id)}/assignee`, { assigneeId });
export const setStatus = (id: number, status: ChatStatus) => put<unknown>(`${conversationPath(id)}/status`, { status });
/** A patient's first message opens their conversation (get-or-create). */
export const openMine = () => post<ChatConversation>(MINE_PATH);

export const useAgents = (clinicId: string | null) =>
  useResource<ChatAgent[]>(["chat-agents", clinicId], clinicId ? withQuery("/api/chat/agents", { clinicId }) : null, { quiet: true });

/** The settings' calls: staff work on their own clinic, admins name it (`clinicId`). */
export const CANNED_PATH = "/api/chat/canned-replies";
export const TEMPLATES_PATH = "/api/chat/templates";
export const NUMBERS_PATH = "/api/chat/whatsapp-numbers";
export const cannedKey = (clinicId: string | null) => [SETTINGS_KEY, "canned", clinicId];
export const templatesKey = (clinicId: string | null) => [SETTINGS_KEY, "templates", clinicId];
export const numbersKey = (clinicId: string | null) => [SETTINGS_KEY, "numbers", clinicId];
export const EVERY_SETTINGS_LIST = [[SETTINGS_KEY]];
export const useCannedReplies = (clinicId: string | null, ready = true) =>
  useResource<CannedReply[]>(cannedKey(clinicId), ready ? withQuery(CANNED_PATH, { clinicId }) : null, { quiet: true });
export const useTemplates = (clinicId: string | null, ready = true) =>
  useResource<ChatTemplate[]>(templatesKey(clinicId), ready ? withQuery(TEMPLATES_PATH, { clinicId }) : null);
export const useNumbers = (clinicId: string | null, ready = true) =>
  useResource<WhatsAppNumber[]>(numbersKey(clinicId), ready ? withQuery(NUMBERS_PATH, { clinicId }) : null);

export const createCanned = (input: CannedReplyInput) => post<CannedReply>(CANNED_PATH, input);
export const updateCanned = (id: number, input: CannedReplyInput) => put<CannedReply>(`${CANNED_PATH}/${id}`, input);
export const deleteCanned = (id: number) => del<null>(`${CANNED_PATH}/${id}`);
export const createTemplate = (input: ChatTemplateInput) => post<ChatTemplate>(TEMPLATES_PATH, input);
export const updateTemplate = (id: number, input: ChatTemplateInput) => put<ChatTemplate>(`${TEMPLATES_PATH}/${id}`, input);
export const deleteTemplate = (id: number) => del<null>(`${TEMPLATES_PATH}/${id}`);
export const createNumber = (input: WhatsAppNumberInput) => post<WhatsAppNumber>(NUMBERS_PATH, input);
export const updateNumber = (id: string, input: WhatsAppNumberInput) => put<WhatsAppNumber>(`${NUMBERS_PATH}/${id}`, input);
export const deleteNumber = (id: string) => del<null>(`${NUMBERS_PATH}/${id}`);
