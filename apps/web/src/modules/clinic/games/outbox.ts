import type { AssignedActivity } from "@clinic/shared";
import { useEffect, useRef, useState } from "react";
import { post } from "../../../lib/api.ts";
import { ResultOutbox, retryDelaySeconds } from "./resultOutbox.ts";

/** The one outbox of this browser: results wait in local storage until the server has them. */
export const resultOutbox = new ResultOutbox(globalThis.localStorage, (reply) => post<AssignedActivity>("/api/replyActivity/", reply));

/**
 * Sends waiting results now, again when the browser comes back online, and on a growing
 * delay while any wait. Answers how many still wait (for the page to say so).
 */
export function useResultDelivery(onDelivered?: () => void): number {
  const [waiting, setWaiting] = useState(() => resultOutbox.pending().length);
  const delivered = useRef(onDelivered);
  delivered.current = onDelivered;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const flush = async () => {
      clearTimeout(timer);
      const before = resultOutbox.pending().length;
      const left = before === 0 ? 0 : await resultOutbox.flush();
      if (stopped) return;
      setWaiting(left);
      if (left < before) delivered.current?.();
      const attempts = resultOutbox.pending()[0]?.attempts;
      if (attempts !== undefined) timer = setTimeout(flush, retryDelaySeconds(attempts) * 1000);
    };
    void flush();
    window.addEventListener("online", flush);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener("online", flush);
    };
  }, []);
  return waiting;
}
