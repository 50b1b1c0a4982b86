import type { ImportProgress } from "@clinic/shared";
import { get } from "./api.ts";

/** How often a dialog asks how far a running import has got. */
export const PROGRESS_POLL_MS = 500;

/**
 * Asks `path` (an import's progress, under the id the browser sent with the file) every `every`
 * ms, handing each answer to `onSeen`, until the returned function is called. A failed ask (404
 * before the server has started, a passing network failure) is skipped: the next one tries again.
 */
export function pollImportProgress(path: string, onSeen: (progress: ImportProgress) => void, every = PROGRESS_POLL_MS): () => void {
  let running = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ask = async () => {
    try {
      const seen = await get<ImportProgress>(path);
      if (running) onSeen(seen);
    } catch {
      // Not started yet, or a passing failure.
    }
    if (running) timer = setTimeout(ask, every);
  };
  timer = setTimeout(ask, every);
  return () => {
    running = false;
    clearTimeout(timer);
  };
}

/** How much of the rows are written, 0–100 (a finished import is 100 whatever its count). */
export function progressPercent(progress: Pick<ImportProgress, "phase" | "done" | "total">): number {
  if (progress.phase === "done") return 100;
  if (progress.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((progress.done / progress.total) * 100)));
}
