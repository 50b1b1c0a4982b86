import { useSyncExternalStore } from "react";
import type { OfflineAction, OutboxEntry } from "./device-db.ts";
import { currentOwner, noteDeviceFailure, outbox } from "./device.ts";
import { retryDelaySeconds, type SendOutcome } from "./outbox.ts";

/**
 * Sends the device outbox (outbox.ts) for the signed-in patient: when the app opens, when the
 * browser comes back online, when the service worker's Background Sync fires, and on a growing
 * delay while anything waits. Screens follow the entries with `useOutboxEntries`.
 */

const BACKGROUND_SYNC_TAG = "outbox";

/** Null until first read from the device. */
let entries: OutboxEntry[] | null = null;
const listeners = new Set<() => void>();
const deliveredListeners = new Set<() => void>();

function publish(next: OutboxEntry[] | null): void {
  entries = next;
  for (const listener of listeners) listener();
}

async function refresh(): Promise<void> {
  const owner = currentOwner();
  publish(owner ? await outbox.entries(owner) : []);
}

let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;

/** Sends what waits now (one run at a time); schedules the next try while anything still waits. */
export function flushOutbox(): Promise<void> {
  running ??= (async () => {
    clearTimeout(timer);
    const owner = currentOwner();
    if (!owner) return publish([]);
    const result = await outbox.flush(owner);
    await refresh();
    if (result.delivered > 0 || result.refused > 0) for (const listener of deliveredListeners) listener();
    const attempts = entries?.find((entry) => entry.state === "waiting")?.attempts;
    if (attempts !== undefined) timer = setTimeout(() => void flushOutbox(), retryDelaySeconds(attempts) * 1000);
  })()
    .catch(() => undefined)
    .finally(() => {
      running = null;
    });
  return running;
}

/** Asks the service worker to send when the network returns, even with the app closed (where the browser has Background Sync). */
async function askBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as
      | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      | undefined;
    await registration?.sync?.register(BACKGROUND_SYNC_TAG);
  } catch {
    // No Background Sync here: the app sends on its next open.
  }
}

/**
 * Writes the action to the outbox, then tries to send it. The answer says what became of it:
 * delivered (with the server's answer), refused (with the reason, kept for the patient), or
 * waiting on this device. A full device storage throws (the caller says so; nothing is lost).
 */
export async function takeAction(action: OfflineAction, label: string, key?: string): Promise<SendOutcome> {
  const owner = currentOwner();
  if (!owner) throw new Error("Only a signed-in patient's device keeps actions.");
  let entry: OutboxEntry;
  try {
    entry = await outbox.add(owner, action, label, key);
  } catch (error) {
    noteDeviceFailure(error);
    throw error;
  }
  await refresh();
  // Earlier actions go first: the server applies them in the order the patient took them.
  await running;
  const outcome = await outbox.deliver(entry.key);
  await refresh();
  if (outcome.kind === "retry") {
    void askBackgroundSync();
    void flushOutbox();
  } else for (const listener of deliveredListeners) listener();
  return outcome;
}

export async function dismissEntry(key: string): Promise<void> {
  await outbox.dismiss(key);
  await refresh();
}

/** Starts sending for the signed-in patient; answers how to stop. */
export function startDelivery(onDelivered: () => void): () => void {
  deliveredListeners.add(onDelivered);
  const flush = () => void flushOutbox();
  const onMessage = (event: MessageEvent) => {
    if (event.data?.type === "outbox-synced") void refresh().then(onDelivered);
  };
  window.addEventListener("online", flush);
  navigator.serviceWorker?.addEventListener("message", onMessage);
  flush();
  return () => {
    deliveredListeners.delete(onDelivered);
    clearTimeout(timer);
    window.removeEventListener("online", flush);
    navigator.serviceWorker?.removeEventListener("message", onMessage);
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The signed-in patient's outbox entries, kept current (null until read). */
export function useOutboxEntries(): OutboxEntry[] | null {
  return useSyncExternalStore(
    subscribe,
    () => entries,
    () => entries,
  );
}
