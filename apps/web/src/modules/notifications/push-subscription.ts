import type { DailyExercisesPush, DailyExercisesPushUpdate, PushDevice, PushDevices, PushKey, PushTestResult } from "@clinic/shared";
import { api, get, post, put } from "../../lib/api.ts";

/**
 * This browser's Web Push subscription (issue 43.4): the browser side of switching push on and
 * off, shared by the profile's card and the sign-out (which calls `unsubscribeThisDevice` so a
 * shared device stops getting the previous user's pushes). The service worker (sw.ts) shows them.
 */

export const PUSH_KEY_PATH = "/api/push/key";
export const PUSH_DEVICES_PATH = "/api/push/subscriptions";
export const PUSH_DEVICES_KEY = ["push-devices"] as const;
export const DAILY_EXERCISES_PATH = "/api/push/daily-exercises";
export const DAILY_EXERCISES_KEY = ["push-daily-exercises"] as const;

/** How long to wait for the service worker before telling the user to reload (it never comes when none is registered). */
const WORKER_WAIT_MS = 10_000;
/** Sign-out must not wait long on a slow network for a best-effort call. */
const UNSUBSCRIBE_WAIT_MS = 5_000;

/** unsupported: no push in this browser; denied: the user blocked notifications for the site; available: it can be switched on. */
export type PushAvailability = "unsupported" | "denied" | "available";

export function pushAvailability(): PushAvailability {
  if (typeof navigator === "undefined" || typeof window === "undefined") return "unsupported";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || typeof Notification === "undefined") return "unsupported";
  return Notification.permission === "denied" ? "denied" : "available";
}

/** The service worker is not running (not registered yet, or an old page): the card asks for a reload. */
export class NoServiceWorkerError extends Error {
  constructor() {
    super("The service worker is not running.");
  }
}

/** The VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const view = new Uint8Array(a);
  return view.length === b.length && view.every((byte, index) => byte === b[index]);
}

function within<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** This browser's push subscription, or null (none, no push here, or no service worker registered). Never waits for a worker. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushAvailability() === "unsupported") return null;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    return (await registration?.pushManager.getSubscription()) ?? null;
  } catch {
    return null;
  }
}

/**
 * Switches push on for this browser: asks the permission (the browser's own question), subscribes
 * with the server's key, and gives the subscription to the server. "denied" when the user said no
 * (or had blocked it). Throws NoServiceWorkerError, or the server's ApiError.
 */
export async function subscribeThisDevice(): Promise<"subscribed" | "denied" | "unsupported"> {
  if (pushAvailability() === "unsupported") return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  const { publicKey } = await get<PushKey>(PUSH_KEY_PATH);
  const key = keyBytes(publicKey);
  const registration = await within(navigator.serviceWorker.ready, WORKER_WAIT_MS, () => new NoServiceWorkerError());
  let subscription = await registration.pushManager.getSubscription();
  // Made for another server key (the server's keys were replaced): its pushes would be refused.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await post<PushDevice>(PUSH_DEVICES_PATH, subscription.toJSON());
  return "subscribed";
}

/**
 * Switches push off for this browser, best effort: the browser's subscription ends first (so the
 * device stops getting pushes even offline), then the server forgets it (when it cannot be told,
 * it forgets it at the next push, which the push service refuses). Never throws; safe to call
 * with nothing subscribed, with no service worker, signed out or offline.
 */
export async function unsubscribeThisDevice(): Promise<void> {
  try {
    const subscription = await currentSubscription();
    if (!subscription) return;
    const { endpoint } = subscription;
    await subscription.unsubscribe().catch(() => false);
    await api("DELETE", PUSH_DEVICES_PATH, { endpoint }, AbortSignal.timeout(UNSUBSCRIBE_WAIT_MS)).catch(() => undefined);
  } catch {
    // Best effort by design: signing out must go on whatever happens here.
  }
}

export const listDevices = () => get<PushDevices>(PUSH_DEVICES_PATH);
export const sendTestPush = () => post<PushTestResult>("/api/push/test");
export const saveDailyExercises = (update: DailyExercisesPushUpdate) => put<DailyExercisesPush>(DAILY_EXERCISES_PATH, update);

/** The browser's time zone (the daily reminder is at the chosen time there); UTC when it does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
