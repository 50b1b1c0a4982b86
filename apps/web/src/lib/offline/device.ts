import { roleOf, type SessionState } from "@clinic/shared";
import { claimDevice, deviceOwner, forgetDevice, isStorageFull } from "./device-db.ts";
import { keepAnswer, keptAnswer, trimAnswers } from "./kept-answers.ts";
import { Outbox } from "./outbox.ts";
import { withPending } from "./pending-overlay.ts";

/**
 * The app's side of the device store (issue 43). A patient's reads are kept as they arrive and
 * answered from the device when the server is out of reach; staff keep nothing. The screens
 * follow `deviceStatus`: whether what they show came from the device (and synced when), and
 * whether the device's storage is full.
 */
export const SESSION_PATH = "/api/get-user-profile/";

export interface DeviceStatus {
  /** The oldest sync time of the answers shown from the device since the network was last reached, or null. */
  shownFromDevice: string | null;
  storageFull: boolean;
}

let status: DeviceStatus = { shownFromDevice: null, storageFull: false };
const listeners = new Set<() => void>();

function setStatus(change: Partial<DeviceStatus>): void {
  status = { ...status, ...change };
  for (const listener of listeners) listener();
}

export const deviceStatus = {
  get: () => status,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The patient whose data this device keeps now (null: staff, or signed out). */
let owner: string | null = null;
export const currentOwner = () => owner;

export const outbox = new Outbox();

// Writes run one after another, in the order the answers came.
let writes: Promise<unknown> = Promise.resolve();
function write(task: () => Promise<unknown>): void {
  writes = writes.then(task).catch((error) => {
    if (isStorageFull(error)) setStatus({ storageFull: true });
  });
}

let keptSinceTrim = 0;

export function keep(path: string, data: unknown): void {
  if (status.shownFromDevice) setStatus({ shownFromDevice: null });
  if (path === SESSION_PATH) {
    const session = data as SessionState | null;
    if (!session?.userId) return;
    const patient = roleOf({ isAdmin: session.isAdmin, groups: session.userData.groups }) === "patient";
    owner = patient ? session.userId : null;
    // Claimed by staff too: a patient's data left by an earlier user goes at once.
    write(() => claimDevice(session.userId));
  }
  const who = owner;
  if (!who) return;
  write(() => keepAnswer(who, path, data));
  if (++keptSinceTrim >= 50) {
    keptSinceTrim = 0;
    write(() => trimAnswers(who));
  }
}

export async function recall(path: string): Promise<unknown> {
  try {
    await writes;
    const who = path === SESSION_PATH ? await deviceOwner() : owner;
    if (!who) return undefined;
    const kept = await keptAnswer(who, path);
    if (!kept) return undefined;
    if (path === SESSION_PATH) owner = who;
    if (!status.shownFromDevice || kept.syncedAt < status.shownFromDevice) setStatus({ shownFromDevice: kept.syncedAt });
    return path === SESSION_PATH ? kept.data : withPending(path, kept.data, await outbox.waiting(who));
  } catch {
    return undefined;
  }
}

/**
 * Sign-out: deletes everything this device kept for the user. Waits for writes still running,
 * so none lands after the deletion.
 */
export async function clearDevice(): Promise<void> {
  owner = null;
  await writes.catch(() => undefined);
  await forgetDevice().catch(() => undefined);
  setStatus({ shownFromDevice: null, storageFull: false });
}

/** Once the answers kept so far (the session's claim of the device among them) are written. */
export async function deviceWritten(): Promise<void> {
  await writes.catch(() => undefined);
}

/** The user has made room (or the write that failed was retried): the warning goes. */
export function storageFreed(): void {
  setStatus({ storageFull: false });
}

/** Reports a failed device write of a screen's own (a download) as storage full when it is. */
export function noteDeviceFailure(error: unknown): boolean {
  if (!isStorageFull(error)) return false;
  setStatus({ storageFull: true });
  return true;
}
