import {
  dailyExercisesPushSchema,
  dailyExercisesPushUpdateSchema,
  pushDeviceSchema,
  pushDevicesSchema,
  pushEndpointSchema,
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushTestResultSchema,
} from "@clinic/shared";
import type { FastifyInstance, preValidationAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor, requireAuth } from "../access.ts";
import { forbidden } from "../errors.ts";
import { registerPushDelivery } from "./push-delivery.ts";
import { getDailyExercisesPush, listDevices, sendTestPush, setDailyExercisesPush, subscribeDevice, unsubscribeDevice } from "./push.service.ts";
import { createVapidKeyStore, type VapidKeyStore } from "./vapid-keys.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The server's VAPID key pair (Web Push), the same on every node. */
    vapidKeys: VapidKeyStore;
  }
}

const tags = ["push"];
/** Every signed-in user may push to their own devices; each call reads or changes only the caller's own subscriptions. */
const signedIn = [requireAuth];
/** The daily exercises push is a patient's: staff have no exercises of the day. */
const requirePatient: preValidationAsyncHookHandler = async (request) => {
  if (requireActor(request).role !== "patient") throw forbidden();
};

/**
 * Web Push (issue 43.4): the key pair, the delivery job and the routes. The key pair is made on
 * the first start (onReady), so the first browser to ask finds it there, whichever node it asks.
 */
export async function registerPush(app: FastifyInstance): Promise<void> {
  const vapid = createVapidKeyStore(app.db, app.deriveKey("sealed-secrets"));
  app.decorate("vapidKeys", vapid);
  registerPushDelivery({
    db: app.db,
    jobs: app.jobs,
    vapid,
    subject: app.config.push.subject,
    allowLocalEndpoints: app.config.push.allowLocalEndpoints,
    log: app.log,
  });
  app.addHook("onReady", async () => {
    // Not fatal: the app serves without push, and the next call tries again.
    await vapid.keys().catch((error: unknown) => app.log.error({ err: error }, "push: the VAPID keys cannot be read"));
  });
  await app.register(pushRoutes);
}

const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/push/key",
    {
      preValidation: signedIn,
      schema: { tags, summary: "The server's VAPID public key: the browser's applicationServerKey when it subscribes", response: { 200: pushKeySchema } },
    },
    async () => ({ publicKey: (await app.vapidKeys.keys()).publicKey }),
  );

  app.get(
    "/api/push/subscriptions",
    { preValidation: signedIn, schema: { tags, summary: "The caller's devices that receive pushes", response: { 200: pushDevicesSchema } } },
    async (request) => ({ data: await listDevices(app.db, requireActor(request).id) }),
  );

  app.post(
    "/api/push/subscriptions",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Subscribe this browser (the body is its PushSubscription's toJSON()); the same endpoint again updates it, and moves it to the caller",
        body: pushSubscriptionInputSchema,
        response: { 200: pushDeviceSchema, 201: pushDeviceSchema },
      },
    },
    async (request, reply) => {
      const { device, created } = await subscribeDevice(
        app.db,
        requireActor(request).id,
        request.body,
        request.headers["user-agent"],
        app.config.push.allowLocalEndpoints,
      );
      return reply.status(created ? 201 : 200).send(device);
    },
  );

  app.delete(
    "/api/push/subscriptions",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Stop pushes to one of the caller's devices, named by its endpoint (another user's is not found)",
        body: pushEndpointSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await unsubscribeDevice(app.db, requireActor(request).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/push/test",
    { preValidation: signedIn, schema: { tags, summary: "Send a test push to every device of the caller", response: { 200: pushTestResultSchema } } },
    async (request) => {
      const actor = requireActor(request);
      return { queued: await sendTestPush(app.db, app.jobs, actor.id, actor.language) };
    },
  );

  app.get(
    "/api/push/daily-exercises",
    {
      preValidation: [requireAuth, requirePatient],
      schema: {
        tags,
        summary: "The patient's daily push of the day's exercises: its time (null: off) and time zone",
        response: { 200: dailyExercisesPushSchema },
      },
    },
    async (request) => getDailyExercisesPush(app.db, requireActor(request).id),
  );

  app.put(
    "/api/push/daily-exercises",
    {
      preValidation: [requireAuth, requirePatient],
      schema: {
        tags,
        summary: "Set the time (HH:MM, in the browser's time zone) of the daily push of the day's exercises; null switches it off",
        body: dailyExercisesPushUpdateSchema,
        response: { 200: dailyExercisesPushSchema },
      },
    },
    async (request) => setDailyExercisesPush(app.db, requireActor(request).id, request.body),
  );
};
