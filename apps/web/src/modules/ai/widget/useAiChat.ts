import type { AiFeedback, AiMessage } from "@clinic/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useNotices } from "../../../lib/notices.tsx";
import { type AskOutcome, askQuestion } from "./ask.ts";
import { conversationKey, conversationsKey, dropConversation, fetchConversation, fetchConversations, nextFeedback, sendFeedback } from "./api.ts";
import { chatReducer, EMPTY_CHAT } from "./chat-state.ts";

/**
 * The widget's conversation: the one on screen (a reducer fed by the ask's stream), the user's
 * list of conversations, opening one, asking, stopping and the thumbs.
 */
export function useAiChat(userId: string) {
  const client = useQueryClient();
  const notices = useNotices();
  const [state, dispatch] = useReducer(chatReducer, EMPTY_CHAT);
  const [opening, setOpening] = useState<number | null>(null);
  const current = useRef(state);
  current.current = state;
  const asking = useRef<AbortController | null>(null);

  const list = useQuery({ queryKey: conversationsKey(userId), queryFn: ({ signal }) => fetchConversations(signal) });

  // An answer still coming when the shell goes (sign-out) is dropped: nothing is left to show it.
  useEffect(() => () => asking.current?.abort(), []);

  const ask = useCallback(
    async (question: string): Promise<AskOutcome> => {
      const controller = new AbortController();
      asking.current = controller;
      const conversationId = current.current.conversationId ?? undefined;
      const outcome = await askQuestion({ question, ...(conversationId ? { conversationId } : {}) }, dispatch, controller.signal);
      if (asking.current === controller) asking.current = null;
      if (outcome.kind !== "refused") void client.invalidateQueries({ queryKey: conversationsKey(userId) });
      return outcome;
    },
    [client, userId],
  );

  const stop = useCallback(() => asking.current?.abort(), []);

  const open = useCallback(
    async (id: number) => {
      setOpening(id);
      try {
        const conversation = await client.fetchQuery({
          queryKey: conversationKey(userId, id),
          queryFn: ({ signal }) => fetchConversation(id, signal),
          staleTime: 0,
        });
        dispatch({ type: "load", conversation });
      } catch (failure) {
        notices.error(failure);
      } finally {
        setOpening(null);
      }
    },
    [client, notices, userId],
  );

  const reset = useCallback(() => dispatch({ type: "reset" }), []);

  /** Forgets deleted conversations: the one on screen starts anew, the list drops them. */
  const forget = useCallback(
    (id: number | "all") => {
      dropConversation(client, userId, id);
      if (id === "all" || current.current.conversationId === id) dispatch({ type: "reset" });
    },
    [client, userId],
  );

  const feedback = useMutation({
    mutationFn: ({ message, pressed }: { message: AiMessage; pressed: AiFeedback }) => sendFeedback(message.id, nextFeedback(message.feedback, pressed)),
    onSuccess: (message) => dispatch({ type: "message", message }),
    onError: (failure) => notices.error(failure),
  });

  return { state, conversations: list, ask, stop, open, opening, reset, forget, feedback };
}
