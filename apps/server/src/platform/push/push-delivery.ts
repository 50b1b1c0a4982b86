import type { PushPayload } from "@clinic/shared";
import { and, eq, inArray } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { JobQueue } from "../jobs.ts";
import { endpointRefusal } from "./push-endpoints.ts";
import { pushPayload } from "./push-payload.ts";
import { pushSubscriptions } from "./push.table.ts";
import type { VapidKeyStore } from "./vapid-keys.ts";

/**
 * Delivery of pushes (issue 43.4): a `push.send` job per device, queued in the transaction of the
 * event (so a rolled-back event pushes nothing), each sent by one node. A push service that says
 * the subscription is gone (404, 410) has its row deleted; one that is busy or down (429, 5xx, no
 * answer) is tried again by pg-boss, a bounded number of times.
 */

export const PUSH_QUEUE = "push.send";
/** Tries after the first: a push service down for longer than the backoff's hour or so is not waited for. */
const PUSH_RETRIES = 4;
const SEND_TIMEOUT_MS = 15_000;
/** How long a push service keeps an undelivered push for a device that is offline. */
export const PUSH_TTL_SECONDS = { notice: 24 * 3600, test: 5 * 60 } as const;

export interface PushJob {
  subscriptionId: number;
  payload: PushPayload;
  ttlSeconds: number;
  urgency: "normal" | "high";
}

/** One push to one device, as queued. */
export interface DevicePush {
  subscriptionId: number;
  payload: PushPayload;
  ttlSeconds?: number;
  urgency?: PushJob["urgency"];
}

export interface PushMessage {
  userId: string;
  payload: PushPayload;
  ttlSeconds?: number;
  urgency?: PushJob["urgency"];
}

/** Queues one job per device of each message (inside `tx`); a payload is clipped to what push services take. */
export async function queuePushJobs(tx: Db, jobs: JobQueue, items: readonly DevicePush[]): Promise<number> {
  if (items.length === 0) return 0;
  await jobs.sendMany(
    PUSH_QUEUE,
    items.map((item) => ({
      data: {
        subscriptionId: item.subscriptionId,
        payload: pushPayload(item.payload),
        ttlSeconds: item.ttlSeconds ?? PUSH_TTL_SECONDS.notice,
        urgency: item.urgency ?? "normal",
      } satisfies PushJob,
    })),
    { tx },
  );
  return items.length;
}

/** Queues each message to every device of its user (active users only); answers how many pushes were queued. */
export async function queuePushes(tx: Db, jobs: JobQueue, messages: readonly PushMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const devices = await tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(and(inArray(pushSubscriptions.userId, [...new Set(messages.map((message) => message.userId))]), eq(users.isActive, true)))
    .orderBy(pushSubscriptions.id);
  return queuePushJobs(
    tx,
    jobs,
    messages.flatMap((message) =>
      devices
        .filter((device) => device.userId === message.userId)
        .map((device) => ({ subscriptionId: device.id, payload: message.payload, ttlSeconds: message.ttlSeconds, urgency: message.urgency })),
    ),
  );
}

export interface PushDeliveryDeps {
  db: Db;
  jobs: JobQueue;
  vapid: VapidKeyStore;
  subject: string;
  allowLocalEndpoints: boolean;
  log: { warn(details: object, message: string): void };
}

/** A failure worth another try (the job throws it, pg-boss retries with backoff). */
class PushServiceUnavailable extends Error {}

/** Sends one push; answers what became of it (the tests read it; the job ignores it). */
export async function deliverPush(deps: PushDeliveryDeps, job: PushJob): Promise<"sent" | "gone" | "dropped"> {
  const [device] = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, job.subscriptionId));
  // Unsubscribed since the job was queued: nothing to send to.
  if (!device) return "dropped";
  const forget = () => deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, device.id), eq(pushSubscriptions.endpoint, device.endpoint)));
  const refusal = endpointRefusal(device.endpoint, deps.allowLocalEndpoints);
  if (refusal) {
    // Stored while local endpoints were allowed (development): never sent to under the current settings.
    await forget();
    deps.log.warn({ subscriptionId: device.id }, `push subscription removed: ${refusal}`);
    return "gone";
  }
  const keys = await deps.vapid.keys();
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(job.payload), {
      vapidDetails: { subject: deps.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: job.ttlSeconds,
      urgency: job.urgency,
      contentEncoding: "aes128gcm",
    });
  } catch (error) {
    // Keys no browser made (not a point of P-256): no push can ever be encrypted for them.
    await forget();
    deps.log.warn({ subscriptionId: device.id, err: error }, "push subscription removed: its keys cannot be used");
    return "gone";
  }
  // web-push builds the encrypted body and the VAPID signature; the request is ours, so that it
  // has a time limit, follows no redirect, and reaches a local fake push service over plain http.
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== "content-length")
      .map(([name, value]) => [name, String(value)]),
  );
  let status: number;
  try {
    const response = await fetch(request.endpoint, {
      method: "POST",
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: "manual",
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    throw new PushServiceUnavailable(`The push service did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (status >= 200 && status < 300) {
    await deps.db.update(pushSubscriptions).set({ lastSuccessAt: new Date() }).where(eq(pushSubscriptions.id, device.id));
    return "sent";
  }
  if (status === 404 || status === 410) {
    // The browser unsubscribed, or the push service expired the subscription: it never comes back.
    await forget();
    return "gone";
  }
  if (status === 429 || status >= 500) throw new PushServiceUnavailable(`The push service answered ${status}`);
  // Any other refusal (a bad signature, a payload too large, a redirect) is the same next time.
  deps.log.warn({ subscriptionId: device.id, status }, "push refused by the push service");
  return "dropped";
}

export function registerPushDelivery(deps: PushDeliveryDeps): void {
  deps.jobs.handle<PushJob>(
    PUSH_QUEUE,
    async (job) => {
      await deliverPush(deps, job);
    },
    { retryLimit: PUSH_RETRIES, expireInSeconds: 60 },
  );
}
