import type { AssignedActivity, ReplyActivityInput } from "@clinic/shared";
import { ApiError } from "../../../lib/api.ts";

/**
 * Played sessions waiting for the server. A result is written here before it is sent and
 * leaves only when the server has answered for it, so a dropped connection, a closed tab or a
 * crash never loses a session; the session's own id lets the server recognise a resend, so a
 * result is never counted twice.
 */
export interface PendingResult {
  /** The assignment's id and the played session. */
  reply: ReplyActivityInput & { game: NonNullable<ReplyActivityInput["game"]> };
  /** Sends tried so far (for the backoff). */
  attempts: number;
}

export type SendOutcome =
  /** The server has it (stored now, or recognised as already stored). */
  | { kind: "delivered"; assignment: AssignedActivity }
  /** The server will never take it (its data or its assignment is refused): kept aside, not retried. */
  | { kind: "refused"; error: ApiError }
  /** Not reached, or the server failed: kept, to be sent again. */
  | { kind: "retry"; error: unknown };

const STORAGE_KEY = "gameResultOutbox";
const REFUSED_KEY = "gameResultRefused";

/** Storage as the browser gives it (a stand-in in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export class ResultOutbox {
  constructor(
    private readonly store: KeyValueStore,
    private readonly send: (reply: PendingResult["reply"]) => Promise<AssignedActivity>,
  ) {}

  pending(): PendingResult[] {
    return read(this.store, STORAGE_KEY);
  }

  /** Results the server refused for good, kept so nothing a patient played silently vanishes. */
  refused(): PendingResult[] {
    return read(this.store, REFUSED_KEY);
  }

  /** Writes the result down before anything is sent. */
  add(reply: PendingResult["reply"]): void {
    const others = this.pending().filter((item) => item.reply.game.sessionId !== reply.game.sessionId);
    this.store.setItem(STORAGE_KEY, JSON.stringify([...others, { reply, attempts: 0 }]));
  }

  /** Sends one waiting result and files it by the answer. */
  async deliver(sessionId: string): Promise<SendOutcome> {
    const item = this.pending().find((candidate) => candidate.reply.game.sessionId === sessionId);
    if (!item) throw new Error(`No waiting result ${sessionId}`);
    try {
      const assignment = await this.send(item.reply);
      this.remove(sessionId);
      return { kind: "delivered", assignment };
    } catch (error) {
      // 400 (data refused), 403/404 (not this patient's, or unassigned since), 409 (already done with another session).
      if (error instanceof ApiError && [400, 403, 404, 409].includes(error.status)) {
        this.remove(sessionId);
        this.store.setItem(REFUSED_KEY, JSON.stringify([...this.refused(), item].slice(-20)));
        return { kind: "refused", error };
      }
      this.update(sessionId, item.attempts + 1);
      return { kind: "retry", error };
    }
  }

  /** Sends everything waiting, oldest first; answers how many are still waiting. */
  async flush(): Promise<number> {
    for (const item of this.pending()) {
      const outcome = await this.deliver(item.reply.game.sessionId);
      // The network is down: the rest would fail the same way.
      if (outcome.kind === "retry") break;
    }
    return this.pending().length;
  }

  private remove(sessionId: string): void {
    this.store.setItem(STORAGE_KEY, JSON.stringify(this.pending().filter((item) => item.reply.game.sessionId !== sessionId)));
  }

  private update(sessionId: string, attempts: number): void {
    this.store.setItem(STORAGE_KEY, JSON.stringify(this.pending().map((item) => (item.reply.game.sessionId === sessionId ? { ...item, attempts } : item))));
  }
}

function read(store: KeyValueStore, key: string): PendingResult[] {
  try {
    const parsed = JSON.parse(store.getItem(key) ?? "[]");
    return Array.isArray(parsed) ? (parsed as PendingResult[]) : [];
  } catch {
    return [];
  }
}

/** Seconds to wait before the next try: 2, 4, 8… up to a minute. */
export const retryDelaySeconds = (attempts: number) => Math.min(60, 2 ** Math.max(1, attempts));
