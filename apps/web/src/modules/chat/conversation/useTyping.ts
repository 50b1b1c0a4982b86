import { useCallback, useEffect, useRef, useState } from "react";
import { onRealtimeEvent } from "../../../lib/realtime-events.ts";
import { sendTyping } from "../api.ts";
import { TYPING_EVERY_MS, TYPING_SHOWN_MS } from "../format.ts";

/**
 * Typing in an in-app conversation: who else is writing (from the socket's chat.typing events,
 * gone TYPING_SHOWN_MS after the last one or once their message arrives), and `signal`, which
 * tells the other side at most every TYPING_EVERY_MS. WhatsApp has no typing signal.
 */
export function useTyping(conversationId: number | null, inApp: boolean, ownName: string) {
  const [typing, setTyping] = useState<string | null>(null);
  const lastSent = useRef(0);
  useEffect(() => {
    setTyping(null);
    if (conversationId === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onRealtimeEvent((event) => {
      if (event.conversationId !== conversationId) return;
      if (event.type === "chat") {
        if (event.event === "message") setTyping(null);
        return;
      }
      // The socket may echo the writer's own signal back: their own name is not news to them.
      if (event.name === ownName) return;
      setTyping(event.name);
      clearTimeout(timer);
      timer = setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [conversationId, ownName]);
  const signal = useCallback(() => {
    if (!inApp || conversationId === null) return;
    const now = Date.now();
    if (now - lastSent.current < TYPING_EVERY_MS) return;
    lastSent.current = now;
    // A lost signal only means no "typing…" on the other side: nothing to tell the writer.
    sendTyping(conversationId).catch(() => undefined);
  }, [conversationId, inApp]);
  return { typing, signal };
}
