import { z } from "zod";
import { timeZoneField } from "./appointments.ts";

/**
 * Web Push (issue 43.4): each browser a user switches push on in gives a subscription (its push
 * service's endpoint and the keys that encrypt for it); the server sends the notifications the
 * user takes by email to every such device too, and patients may ask for a daily reminder of
 * the exercises of the day.
 */

/** Browsers' endpoints are well under it; longer is not a push subscription. */
export const PUSH_ENDPOINT_MAX = 2048;

export const PUSH_MESSAGES = {
  endpoint: "The endpoint must be an https:// address of a push service.",
  endpointLength: `The endpoint must be at most ${PUSH_ENDPOINT_MAX} characters.`,
  localEndpoint: "This server does not send to local or private addresses.",
  p256dh: "Must be the browser's public key: 65 bytes in base64url (87 characters).",
  auth: "Must be the browser's authentication secret: 16 bytes in base64url (22 characters).",
  time: "Use a time of day as HH:MM (24-hour), or leave it empty.",
  notSubscribed: "This device is not subscribed.",
} as const;

/** Plain http only to the machine itself (tests and development, when the server allows it); anything else must be https. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** True when `value` is an https: address, or an http: one on this machine (loopback); never another scheme. */
export function isPushEndpointAddress(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return url.hostname.length > 0;
  return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
}

/** The P-256 public key of the browser (uncompressed point, 65 bytes) and its auth secret (16 bytes), base64url as `PushSubscription.toJSON()` gives them. */
const P256DH = /^[A-Za-z0-9_-]{87}=?$/;
const AUTH = /^[A-Za-z0-9_-]{22}(==)?$/;

const endpointField = () =>
  z.string({ error: PUSH_MESSAGES.endpoint }).max(PUSH_ENDPOINT_MAX, PUSH_MESSAGES.endpointLength).refine(isPushEndpointAddress, PUSH_MESSAGES.endpoint);

/** The body of `POST /api/push/subscriptions`: exactly what the browser's `subscription.toJSON()` gives. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: endpointField(),
  /** The browser's own expiry (milliseconds since the epoch), rarely set; not used. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string({ error: PUSH_MESSAGES.p256dh }).max(100, PUSH_MESSAGES.p256dh).regex(P256DH, PUSH_MESSAGES.p256dh),
    auth: z.string({ error: PUSH_MESSAGES.auth }).max(30, PUSH_MESSAGES.auth).regex(AUTH, PUSH_MESSAGES.auth),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** The body of `DELETE /api/push/subscriptions`: which of the caller's devices stops. */
export const pushEndpointSchema = z.object({ endpoint: endpointField() }).strict();
export type PushEndpoint = z.infer<typeof pushEndpointSchema>;

/** The server's VAPID public key (base64url), the browser's `applicationServerKey`. */
export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** One of the caller's subscribed devices. */
export const pushDeviceSchema = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  /** "Chrome on Android": from the browser's User-Agent when it subscribed. */
  deviceLabel: z.string(),
  createdAt: z.string(),
  /** When its push service last took a notification for it; null: none yet. */
  lastSuccessAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;
export const pushDevicesSchema = z.object({ data: z.array(pushDeviceSchema) });
export type PushDevices = z.infer<typeof pushDevicesSchema>;

export const pushTestResultSchema = z.object({ queued: z.number().int() });
export type PushTestResult = z.infer<typeof pushTestResultSchema>;

/**
 * What every push carries, as JSON: the service worker (apps/web/src/sw.ts) shows `title` and
 * `body`, opens `link` (a path of the app) on a click, and replaces an earlier notification of
 * the same `tag`.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** "18:00": a time of day, 24-hour. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A patient's daily reminder of the day's exercises: at `time` (null: off) in `timeZone`, their browser's. */
export const dailyExercisesPushSchema = z.object({ time: z.string().nullable(), timeZone: z.string() });
export type DailyExercisesPush = z.infer<typeof dailyExercisesPushSchema>;
export const dailyExercisesPushUpdateSchema = z
  .object({
    time: z.string({ error: PUSH_MESSAGES.time }).regex(TIME_OF_DAY, PUSH_MESSAGES.time).nullable(),
    timeZone: timeZoneField(),
  })
  .strict();
export type DailyExercisesPushUpdate = z.infer<typeof dailyExercisesPushUpdateSchema>;

/** The texts of the pushes that are no notification of the centre, per language. */
export const PUSH_TEXTS = {
  dailyExercises: {
    en: {
      title: "Today's exercises",
      body: (count: number) => (count === 1 ? "You have 1 exercise to do today." : `You have ${count} exercises to do today.`),
    },
    es: { title: "Ejercicios de hoy", body: (count: number) => (count === 1 ? "Tiene 1 ejercicio para hoy." : `Tiene ${count} ejercicios para hoy.`) },
  },
  test: {
    en: { title: "Test notification", body: "Push notifications work on this device." },
    es: { title: "Notificación de prueba", body: "Las notificaciones push funcionan en este dispositivo." },
  },
} as const;
