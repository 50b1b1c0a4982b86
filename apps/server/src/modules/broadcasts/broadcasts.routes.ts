import { activeBroadcastsSchema, broadcastInputSchema, broadcastParamSchema, broadcastQuerySchema, broadcastSchema, pagedSchema } from "@clinic/shared";
import type { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireAdmin, requireAuth } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { activeBroadcasts, createBroadcast, deleteBroadcast, dismissBroadcast, listBroadcasts, updateBroadcast } from "./broadcasts.service.ts";

const tags = ["broadcasts"];

/** What the audit trail keeps of a banner written: its settings, not its text. */
const auditDetail = (body: z.output<typeof broadcastInputSchema>) => ({
  severity: body.severity,
  roles: body.roles,
  clinics: body.clinics,
  startsAt: body.startsAt,
  endsAt: body.endsAt,
  dismissible: body.dismissible,
});

/**
 * The global messages app (spec §2 `/messages/app/`, issue 19.3): admins write broadcast
 * banners; every signed-in user reads the ones for them and dismisses the dismissible ones.
 */
export const broadcastsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/broadcasts/",
    {
      preValidation: [requireAdmin],
      schema: {
        tags,
        summary: "Every banner (admins), newest start first, each with its state now: scheduled, active or ended (`state` keeps one)",
        querystring: broadcastQuerySchema,
        response: { 200: pagedSchema(broadcastSchema) },
      },
    },
    async (request) => listBroadcasts(app.db, request.query),
  );

  app.post(
    "/api/broadcasts/",
    {
      preValidation: [requireAdmin],
      schema: {
        tags,
        summary:
          "Publish a banner (admins): text in English and Spanish (rich text, at least one; scripts refused, images dropped), severity, audience (`roles` and `clinics`, none meaning all), start and end (the end after the start), dismissible",
        body: broadcastInputSchema,
        response: { 201: broadcastSchema },
      },
    },
    async (request, reply) => {
      const created = await audited(request, { action: "broadcast.create", detail: auditDetail(request.body) }, () =>
        createBroadcast(app.db, requireActor(request), request.body),
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    "/api/broadcasts/:id",
    {
      preValidation: [requireAdmin],
      schema: {
        tags,
        summary: "Change a banner (admins), with the same fields as when publishing; dismissals stay",
        params: broadcastParamSchema,
        body: broadcastInputSchema,
        response: { 200: broadcastSchema },
      },
    },
    async (request) =>
      audited(request, { action: "broadcast.update", detail: { id: request.params.id, ...auditDetail(request.body) } }, () =>
        updateBroadcast(app.db, request.params.id, request.body),
      ),
  );

  app.delete(
    "/api/broadcasts/:id",
    {
      preValidation: [requireAdmin],
      schema: { tags, summary: "Delete a banner and its dismissals (admins)", params: broadcastParamSchema },
    },
    async (request, reply) => {
      await audited(request, { action: "broadcast.delete", detail: { id: request.params.id } }, () => deleteBroadcast(app.db, request.params.id));
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/broadcasts/active",
    {
      preValidation: [requireAuth],
      schema: {
        tags,
        summary:
          "The banners shown to the caller now (their role and clinic, between start and end), most severe first, less the dismissible ones they dismissed",
        response: { 200: activeBroadcastsSchema },
      },
    },
    async (request) => activeBroadcasts(app.db, requireActor(request)),
  );

  app.post(
    "/api/broadcasts/:id/dismiss",
    {
      preValidation: [requireAuth],
      schema: {
        tags,
        summary: "Dismiss a banner for the caller, on every device: 404 unless it is shown to them now, 409 when it is not dismissible",
        params: broadcastParamSchema,
      },
    },
    async (request, reply) => {
      await dismissBroadcast(app.db, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
