import type { UnreadCount } from "@clinic/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { get } from "../../lib/api.ts";
import { emitRealtimeEvent } from "../../lib/realtime-events.ts";
import { NOTIFICATIONS_KEY, UNREAD_KEY, UNREAD_PATH } from "./api.ts";

/** The server's close code for a socket whose session ended (apps/server/src/platform/realtime.ts). */
const SESSION_ENDED_CODE = 4401;
/** While the socket is down the count is asked for this often: the list stays the truth. */
export const POLL_MS = 60_000;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** The socket's contract (address and message schema) comes with zod: loaded when the socket opens, not with the shell. */
const loadContract = () => import("./realtime-contract.ts");

/** The delay before reconnecting after `failures` failed tries: doubling, capped, with jitter so a restarted node is not stormed. */
export function backoff(failures: number, random = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** failures);
  return Math.round(base / 2 + (random() * base) / 2);
}

/**
 * The realtime socket of the signed-in user (same origin, /api/realtime): each message carries
 * the unread count, which goes into the cache, and the notification lists are refetched. It
 * reconnects with back-off; while it is down the count is polled every minute.
 */
export function useRealtimeNotifications(): boolean {
  const client = useQueryClient();
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (typeof WebSocket === "undefined") return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    const connect = (contract: Awaited<ReturnType<typeof loadContract>>) => {
      const { REALTIME_PATH, realtimeMessageSchema } = contract;
      const url = new URL(REALTIME_PATH, window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      socket = new WebSocket(url);
      socket.onopen = () => {
        failures = 0;
        setConnected(true);
      };
      socket.onmessage = (event) => {
        const parsed = realtimeMessageSchema.safeParse(JSON.parse(String(event.data)));
        if (!parsed.success) return;
        if (parsed.data.type !== "notifications") {
          emitRealtimeEvent(parsed.data);
          return;
        }
        const previous = client.getQueryData<UnreadCount>(UNREAD_KEY);
        client.setQueryData<UnreadCount>(UNREAD_KEY, { unread: parsed.data.unread });
        if (previous?.unread !== parsed.data.unread) void client.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY] });
      };
      socket.onclose = (event) => {
        setConnected(false);
        // The session ended (signed out elsewhere): the next API call takes the user to sign in.
        if (stopped || event.code === SESSION_ENDED_CODE) return;
        timer = setTimeout(() => connect(contract), backoff(failures));
        failures += 1;
      };
    };
    // A contract that cannot load leaves the count to the poll, as a socket that cannot connect does.
    loadContract().then(
      (contract) => {
        if (!stopped) connect(contract);
      },
      () => undefined,
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [client]);

  return connected;
}

/** The unread count: pushed by the socket, polled while it is down. */
export function useUnreadCount(connected: boolean): number {
  const { data } = useQuery<UnreadCount>({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) => get<UnreadCount>(UNREAD_PATH, signal),
    refetchInterval: connected ? false : POLL_MS,
  });
  return data?.unread ?? 0;
}
