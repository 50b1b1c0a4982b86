import { useEffect, useState } from "react";

/** A payment confirmed by a provider's webhook is asked for again every 2 s, about a minute at most. */
export const POLL_INTERVAL_MS = 2_000;
export const POLL_LIMIT = 30;

/** Asks again (`refetch`) every POLL_INTERVAL_MS while `active`, up to POLL_LIMIT times; answers how many so far. */
export function usePolling(active: boolean, refetch: () => unknown): number {
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (!active || polls >= POLL_LIMIT) return;
    const timer = setTimeout(() => {
      void refetch();
      setPolls((count) => count + 1);
    }, POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [active, polls, refetch]);
  return polls;
}
