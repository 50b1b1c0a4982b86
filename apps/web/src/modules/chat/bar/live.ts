import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { get } from "../../../lib/api.ts";
import { onRealtimeEvent } from "../../../lib/realtime-events.ts";
import { CHAT_KEY, UNREAD_KEY, UNREAD_PATH } from "../keys.ts";

/** While the socket is down the count is asked for this often (as the notifications bell does). */
export const CHAT_POLL_MS = 60_000;

/**
 * Keeps the chat's queries live while signed in: the socket carries ids only, so a message or a
 * conversation event refreshes every chat query on screen (the lists, that conversation, the
 * unread count); the API, with its access checks, stays the truth. Typing events are the
 * screens' own (conversation/useTyping.ts).
 */
export function useChatLive(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      onRealtimeEvent((event) => {
        if (event.type === "chat") void client.invalidateQueries({ queryKey: [CHAT_KEY] });
      }),
    [client],
  );
}

/** The caller's unread chat messages: refreshed by the socket's events, polled every minute while it is down. */
export function useChatUnread(connected: boolean, enabled = true): number {
  const { data } = useQuery<{ unread: number }>({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) => get<{ unread: number }>(UNREAD_PATH, signal),
    refetchInterval: connected ? false : CHAT_POLL_MS,
    enabled,
  });
  return data?.unread ?? 0;
}
