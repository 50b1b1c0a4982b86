import type { ChatConversation } from "@clinic/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { markRead } from "../api.ts";
import { CHAT_KEY } from "../keys.ts";

/**
 * An open conversation is read: whenever it shows unread messages (opened, or a new one came in
 * while it is open) the server is told, and the counts refresh. `newest` is the newest message
 * shown, so a message that arrives while open is read once it is on screen.
 */
export function useMarkRead(conversation: Pick<ChatConversation, "id" | "unread"> | null | undefined, newest: number | undefined): void {
  const client = useQueryClient();
  const id = conversation?.id;
  const unread = conversation?.unread ?? 0;
  useEffect(() => {
    if (id === undefined || unread === 0 || newest === undefined) return;
    // A failed mark leaves the badge up: the next message or visit tries again.
    markRead(id).then(
      () => client.invalidateQueries({ queryKey: [CHAT_KEY] }),
      () => undefined,
    );
  }, [client, id, unread, newest]);
}
