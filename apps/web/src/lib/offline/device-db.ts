import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from "idb";

/**
 * What this device keeps for its signed-in patient (issue 43), in one IndexedDB database that the
 * app and the service worker both open: the answers the patient last read (to open offline), the
 * actions waiting to be sent, and the files kept on request. Everything carries its owner's user
 * id, and the database holds one owner at a time: another user signing in wipes it first, and
 * signing out deletes it.
 */
export const DEVICE_DB = "clinic-device";

export interface KeptAnswer {
  /** `${owner} ${path}`. */
  key: string;
  owner: string;
  path: string;
  data: unknown;
  /** When the server gave it (ISO). */
  syncedAt: string;
}

export interface KeptFile {
  /** `${owner} ${url}`. */
  key: string;
  owner: string;
  url: string;
  name: string;
  blob: Blob;
  size: number;
  /** "document": kept with its activity; "video": downloaded on request, within the budget. */
  kind: "document" | "video";
  savedAt: string;
}

/** One action the patient took, waiting for the server (outbox.ts). */
export interface OutboxEntry {
  /** The idempotency key the server recognises a resend by (a UUID). */
  key: string;
  owner: string;
  action: OfflineAction;
  /** What the patient reads about it: the activity's or form's name. */
  label: string;
  createdAt: string;
  /** The order the patient took the actions in (timestamps can tie). */
  seq: number;
  attempts: number;
  /** "refused": the server answered no for good; kept so the patient sees why, until dismissed. */
  state: "waiting" | "refused";
  refusal?: { status: number; code: string | null; detail: string | null; body: Record<string, unknown> };
}

/** The actions a patient can take offline, each one call of the API. */
export type OfflineAction =
  | { kind: "reply"; body: { id: number; result: Record<string, unknown>; game?: Record<string, unknown> & { sessionId: string } } }
  | { kind: "assignment"; id: number; body: { favorite?: boolean; done?: boolean } }
  | { kind: "form"; body: Record<string, unknown> & { assignment: number; answers: Record<string, unknown>; submit?: boolean } };

interface DeviceSchema extends DBSchema {
  meta: { key: string; value: { key: string; value: string } };
  answers: { key: string; value: KeptAnswer; indexes: { owner: string } };
  outbox: { key: string; value: OutboxEntry; indexes: { owner: string } };
  files: { key: string; value: KeptFile; indexes: { owner: string } };
}

export type DeviceDb = IDBPDatabase<DeviceSchema>;

let opening: Promise<DeviceDb> | null = null;

export function deviceDb(): Promise<DeviceDb> {
  opening ??= openDB<DeviceSchema>(DEVICE_DB, 1, {
    upgrade(db) {
      db.createObjectStore("meta", { keyPath: "key" });
      db.createObjectStore("answers", { keyPath: "key" }).createIndex("owner", "owner");
      db.createObjectStore("outbox", { keyPath: "key" }).createIndex("owner", "owner");
      db.createObjectStore("files", { keyPath: "key" }).createIndex("owner", "owner");
    },
    // Another tab deletes the database (sign-out): let it, and open afresh next time.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opening = null;
    },
    terminated() {
      opening = null;
    },
  });
  return opening;
}

/** The user whose data the device holds, or null. */
export async function deviceOwner(): Promise<string | null> {
  return (await (await deviceDb()).get("meta", "owner"))?.value ?? null;
}

/**
 * Makes `userId` the device's owner. Another user's data is wiped first, in the same
 * transaction, so it is never shown to them.
 */
export async function claimDevice(userId: string): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction(["meta", "answers", "outbox", "files"], "readwrite");
  const owner = await tx.objectStore("meta").get("owner");
  if (owner?.value !== userId) {
    await Promise.all([
      tx.objectStore("answers").clear(),
      tx.objectStore("outbox").clear(),
      tx.objectStore("files").clear(),
      tx.objectStore("meta").delete("warmedAt"),
    ]);
    await tx.objectStore("meta").put({ key: "owner", value: userId });
  }
  await tx.done;
}

/** Whether the owner's device is due a warm-up (warm-up.ts): none finished within `everyMs`. */
export async function warmUpDue(owner: string, everyMs: number): Promise<boolean> {
  const db = await deviceDb();
  const [current, warmed] = await Promise.all([db.get("meta", "owner"), db.get("meta", "warmedAt")]);
  return current?.value === owner && (!warmed || Date.now() - Number(warmed.value) >= everyMs);
}

/**
 * Stamps a finished warm-up. Only once finished: one cut short by leaving the page (a game's page
 * is a full load) is done again on the next.
 */
export async function warmedUp(owner: string): Promise<void> {
  const tx = (await deviceDb()).transaction("meta", "readwrite");
  if ((await tx.store.get("owner"))?.value === owner) await tx.store.put({ key: "warmedAt", value: String(Date.now()) });
  await tx.done;
}

/** Sign-out: everything this device kept is deleted. */
export async function forgetDevice(): Promise<void> {
  const db = await opening?.catch(() => null);
  db?.close();
  opening = null;
  await deleteDB(DEVICE_DB);
}

/** Whether a failed write was the device's storage being full. */
export function isStorageFull(error: unknown): boolean {
  return error instanceof DOMException && (error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED");
}
