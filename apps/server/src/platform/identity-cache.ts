import type { Actor } from "./access.ts";
import type { ChannelSubscriber } from "./pg-listener.ts";

/** The channel migration 0035 NOTIFYs on every write that may change an identity. */
export const IDENTITY_CHANNEL = "identity_changes";

/**
 * The tables an identity is read from (access.ts ACTOR_COLUMNS, session-identity.ts): a write to one
 * on this node drops what it kept. `groups` too: deleting a group deletes its members and grants by
 * cascade, which this node's statement never names (only the NOTIFY, a moment later, would).
 */
export const IDENTITY_TABLES = ["assigned_memberships", "group_permissions", "groups", "permissions", "sessions", "user_groups", "user_permissions", "users"];

/**
 * Kept identities never cross one of these boundaries: a clinic's paid period is read against
 * the database's current_date, and every time zone's midnight (offsets in quarter hours) falls
 * on one of them.
 */
const SLOT_MS = 15 * 60_000;
/** Bounds memory under many sessions: the oldest go first. */
const MAX_KEPT = 10_000;

/** A session's identity as read, with the session times the request path checks against the clock. */
export interface KeptIdentity {
  actor: Actor;
  expiresAt: number;
  createdAt: number;
  keptAt: number;
  /** This node's writes to IDENTITY_TABLES when it was read. */
  stamp: string;
}

/** What must still hold when a read's answer is kept: no change heard, no identity write on this node, since it began. */
export interface ReadBegun {
  generation: number;
  stamp: string;
}

/**
 * Sessions' identities kept in memory for `keepMs` at most, so most requests send no statement to
 * learn who is asking (on this machine a round trip costs more than the statement). Kept only
 * while this node LISTENs for identity changes (pg-listener.ts): a write on any node that may
 * change an identity (a sign-out, a deactivated account, a changed group, permission or paid
 * period) announces itself at commit and every node drops what it kept for that user, or for
 * everyone. So another node sees a revocation as soon as the notification arrives, and at most
 * `keepMs` later if it were lost. A write on this node drops everything at once, so its own next
 * request never sees the old identity. Nothing is kept while the listening connection is down,
 * and all of it is dropped when it is lost or made again.
 */
export class IdentityCache implements ChannelSubscriber {
  private readonly kept = new Map<string, KeptIdentity>();
  private isListening = false;
  /** Raised by every change heard: a read that began before one is not kept. */
  private generation = 0;

  constructor(
    private readonly keepMs: number,
    /** A stamp of this node's writes to IDENTITY_TABLES (paging.ts TableWrites). */
    private readonly localStamp: () => string,
  ) {}

  /** The identity kept under `key` (the session cookie's signed value), if it still holds at `now`. */
  get(key: string, now: number): KeptIdentity | undefined {
    const kept = this.kept.get(key);
    if (!kept) return undefined;
    if (
      !this.isListening ||
      kept.stamp !== this.localStamp() ||
      now - kept.keptAt > this.keepMs ||
      Math.floor(now / SLOT_MS) !== Math.floor(kept.keptAt / SLOT_MS)
    ) {
      this.kept.delete(key);
      return undefined;
    }
    return kept;
  }

  begin(): ReadBegun {
    return { generation: this.generation, stamp: this.localStamp() };
  }

  /** Keeps a read that began at `begun`, unless something may have changed an identity since. */
  keep(key: string, begun: ReadBegun, identity: Omit<KeptIdentity, "stamp">): void {
    if (this.keepMs === 0 || !this.isListening || begun.generation !== this.generation || begun.stamp !== this.localStamp()) return;
    this.kept.delete(key);
    if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, { ...identity, stamp: begun.stamp });
  }

  drop(key: string): void {
    this.kept.delete(key);
  }

  /** A notification of migration 0035: `u:<user id>` or `*`. */
  message(payload: string): void {
    this.generation += 1;
    if (!payload.startsWith("u:")) {
      this.kept.clear();
      return;
    }
    const id = payload.slice(2);
    // The user's own sessions, and their clinic's staff (a clinic's row and paid periods are theirs too).
    for (const [key, { actor }] of this.kept) if (actor.id === id || actor.clinicId === id) this.kept.delete(key);
  }

  listening(): void {
    this.setListening(true);
  }

  lost(): void {
    this.setListening(false);
  }

  private setListening(on: boolean): void {
    this.generation += 1;
    this.isListening = on;
    this.kept.clear();
  }
}
