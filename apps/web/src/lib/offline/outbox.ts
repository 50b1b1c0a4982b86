import { bodyOf } from "../api.ts";
import { type DeviceDb, deviceDb, type OfflineAction, type OutboxEntry } from "./device-db.ts";

/**
 * The device outbox (issue 43): every action a patient takes that must reach the server (a played
 * game, an activity marked done or favourite, a form draft or submission) is written here before
 * it is sent, under its own idempotency key, and leaves only when the server has answered for it.
 * A dropped connection, a closed tab or a crash loses nothing; a resend after a lost answer
 * carries the same key, so the server applies it once. The app sends from here when it opens and
 * when the network returns; the service worker sends on Background Sync (sw.ts).
 */

export type SendOutcome =
  /** The server has it (applied now, or recognised as applied before). */
  | { kind: "delivered"; answer: unknown }
  /** The server will never take it (its data, its assignment or its form refused it): kept, shown, not retried. */
  | { kind: "refused"; entry: OutboxEntry }
  /** Not reached, or the server failed for now: kept, to be sent again. */
  | { kind: "retry" };

/** One call of the API for an action: its method, path and body. */
export function requestOf(action: OfflineAction): { method: "POST" | "PUT"; path: string; body: unknown } {
  switch (action.kind) {
    case "reply":
      return { method: "POST", path: "/api/replyActivity/", body: action.body };
    case "assignment":
      return { method: "PUT", path: `/api/assignActivity/${action.id}`, body: action.body };
    case "form":
      return { method: "POST", path: "/api/resolved-form/", body: action.body };
  }
}

/** The answer of one send: the status and JSON body (status 0: the server was not reached). */
export interface SendAnswer {
  status: number;
  body: unknown;
}

export type Sender = (entry: OutboxEntry) => Promise<SendAnswer>;

/** Sends an entry with fetch, its key in the Idempotency-Key header; never throws. */
export const sendWithFetch: Sender = async (entry) => {
  const { method, path, body } = requestOf(entry.action);
  try {
    const response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: { accept: "application/json", "content-type": "application/json", "idempotency-key": entry.key },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: bodyOf(await response.text()) };
  } catch {
    return { status: 0, body: null };
  }
};

/** Answers that will not change by sending again: bad data, another's or a withdrawn assignment, a conflict. */
const FINAL_REFUSALS = new Set([400, 403, 404, 409, 410, 413, 422]);

/**
 * Entries that stand for the same thing: a newer one replaces an older one still waiting (the
 * latest favourite state, the latest draft of a form). Null: every entry counts on its own.
 */
function sameThing(action: OfflineAction): string | null {
  if (action.kind === "assignment") return `assignment ${action.id} ${Object.keys(action.body).sort().join(",")}`;
  if (action.kind === "form" && action.body.submit !== true) return `form-draft ${action.body.assignment}`;
  return null;
}

function refusalOf(answer: SendAnswer): NonNullable<OutboxEntry["refusal"]> {
  const body = answer.body && typeof answer.body === "object" ? (answer.body as Record<string, unknown>) : {};
  const firstField = Object.entries(body).find(([key, value]) => key !== "detail" && Array.isArray(value));
  const detail =
    typeof body.detail === "string"
      ? body.detail
      : typeof body.message === "string"
        ? body.message
        : firstField
          ? `${firstField[0]}: ${(firstField[1] as unknown[]).join(" ")}`
          : null;
  return { status: answer.status, code: typeof body.code === "string" ? body.code : null, detail, body };
}

export class Outbox {
  constructor(
    private readonly open: () => Promise<DeviceDb> = deviceDb,
    private readonly send: Sender = sendWithFetch,
  ) {}

  /** The owner's entries, oldest first: waiting ones and refused ones. */
  async entries(owner: string): Promise<OutboxEntry[]> {
    const all = await (await this.open()).getAllFromIndex("outbox", "owner", owner);
    return all.sort((a, b) => a.seq - b.seq);
  }

  async waiting(owner: string): Promise<OutboxEntry[]> {
    return (await this.entries(owner)).filter((entry) => entry.state === "waiting");
  }

  /**
   * Writes the action down before anything is sent. `key`: the action's own idempotency key when
   * it has one already (a game's session id), else a new one.
   */
  async add(owner: string, action: OfflineAction, label: string, key: string = crypto.randomUUID()): Promise<OutboxEntry> {
    const db = await this.open();
    const tx = db.transaction("outbox", "readwrite");
    const same = sameThing(action);
    const existing = await tx.store.index("owner").getAll(owner);
    for (const older of existing) {
      if (same && older.state === "waiting" && older.attempts === 0 && sameThing(older.action) === same) await tx.store.delete(older.key);
    }
    const seq = Math.max(0, ...existing.map((older) => older.seq)) + 1;
    const entry: OutboxEntry = { key, owner, action, label, createdAt: new Date().toISOString(), seq, attempts: 0, state: "waiting" };
    await tx.store.put(entry);
    await tx.done;
    return entry;
  }

  /** Sends one waiting entry and files it by the answer. */
  async deliver(key: string): Promise<SendOutcome> {
    const db = await this.open();
    const entry = await db.get("outbox", key);
    if (entry?.state !== "waiting") return { kind: "retry" };
    const answer = await this.send(entry);
    if (answer.status >= 200 && answer.status < 300) {
      await db.delete("outbox", key);
      return { kind: "delivered", answer: answer.body };
    }
    // The server is still applying an earlier send of this very entry (409 requestInFlight): not a refusal.
    const inFlight = (answer.body as { code?: unknown } | null)?.code === "requestInFlight";
    if (FINAL_REFUSALS.has(answer.status) && !inFlight) {
      const refused: OutboxEntry = { ...entry, state: "refused", refusal: refusalOf(answer) };
      await db.put("outbox", refused);
      return { kind: "refused", entry: refused };
    }
    // Not reached (0), signed out meanwhile (401), or the server failing (5xx): tried again later.
    await db.put("outbox", { ...entry, attempts: entry.attempts + 1 });
    return { kind: "retry" };
  }

  /** Sends everything waiting of `owner`, oldest first; answers how many were delivered and how many still wait. */
  async flush(owner: string): Promise<{ delivered: number; refused: number; waiting: number }> {
    let delivered = 0;
    let refused = 0;
    for (const entry of await this.waiting(owner)) {
      const outcome = await this.deliver(entry.key);
      if (outcome.kind === "delivered") delivered++;
      else if (outcome.kind === "refused") refused++;
      // The network is down: the rest would fail the same way.
      else break;
    }
    return { delivered, refused, waiting: (await this.waiting(owner)).length };
  }

  /** The patient has read why an entry was refused: it goes. */
  async dismiss(key: string): Promise<void> {
    const db = await this.open();
    const entry = await db.get("outbox", key);
    if (entry?.state === "refused") await db.delete("outbox", key);
  }
}

/** Seconds to wait before the next try: 2, 4, 8… up to a minute. */
export const retryDelaySeconds = (attempts: number) => Math.min(60, 2 ** Math.max(1, attempts));
