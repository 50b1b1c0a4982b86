import type { ChatRealtime } from "@clinic/shared";

/**
 * The realtime socket's events other than the notifications count (the messaging chat's), for
 * any screen to listen to while it is open. The one socket stays in useRealtimeNotifications.
 */
type Listener = (event: ChatRealtime) => void;
const listeners = new Set<Listener>();

export function onRealtimeEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitRealtimeEvent(event: ChatRealtime): void {
  for (const listener of listeners) listener(event);
}
