import {
  messageAudienceSchema,
  messageFailedRecipientSchema,
  messageInputSchema,
  messageParamSchema,
  messageReachSchema,
  messageRecipientSchema,
  messageRecipientsQuerySchema,
  messageSchema,
  messagesQuerySchema,
  pagedSchema,
  pageQuerySchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireModule, requirePermission } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { keptAnswer } from "../../platform/kept-answers.ts";
import {
  cancelMessage,
  createMessage,
  getMessage,
  listFailedRecipients,
  listMessages,
  listRecipients,
  type MessageDeps,
  previewReach,
  registerMessageDelivery,
} from "./messages.service.ts";

const tags = ["messages"];

/**
 * §2 `message` (issue 19.2): staff write to the people they manage, now or at a time. Admins
 * reach anyone; a clinic its own therapists and patients; a therapist their patients (the
 * users scope of spec §6, read again when sending starts). Delivery runs as a job.
 */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: MessageDeps = { db: app.db, mailer: app.mailer, jobs: app.jobs, emailsPerSecond: app.config.mail.messagesPerSecond };
  registerMessageDelivery(deps);
  // Managing people is what lets staff write to them; patients never hold it.
  const guard = [requireModule("clinic"), requirePermission("change_user")];

  app.get(
    "/api/messages/",
    {
      preValidation: guard,
      config: { keptAnswer: true },
      schema: {
        tags,
        summary: "Sent and scheduled messages, newest first (admins: everyone's; others: their own), with delivery counts",
        querystring: messagesQuerySchema,
        response: { 200: pagedSchema(messageSchema) },
      },
    },
    async (request, reply) => keptAnswer(app.db, request, reply, () => listMessages(app.db, requireActor(request), request.query)),
  );

  app.post(
    "/api/messages/",
    {
      preValidation: guard,
      schema: {
        tags,
        summary:
          "Send a message now or at `sendAt` to roles, clinics, groups (admins only) and chosen people, within the sender's people; as a notification and, with `email`, by email at the configured pace",
        body: messageInputSchema,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const detail = { roles: body.roles, clinics: body.clinics, groups: body.groups, users: body.users.length, sendAt: body.sendAt, email: body.email };
      const created = await audited(request, { action: "message.create", detail }, () => createMessage(deps, requireActor(request), body));
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/api/messages/recipients",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "The active people the caller may write to (`q` searches name and email), for choosing recipients",
        querystring: messageRecipientsQuerySchema,
        response: { 200: pagedSchema(messageRecipientSchema) },
      },
    },
    async (request) => listRecipients(app.db, requireActor(request), request.query),
  );

  app.post(
    "/api/messages/reach",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "How many people an audience reaches now, with the same checks as sending (nothing is written)",
        body: messageAudienceSchema,
        response: { 200: messageReachSchema },
      },
    },
    async (request) => previewReach(app.db, requireActor(request), request.body),
  );

  app.get(
    "/api/messages/:id",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "One message with its delivery counts (404 unless the caller sent it, or is an admin)",
        params: messageParamSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => getMessage(app.db, requireActor(request), request.params.id),
  );

  app.get(
    "/api/messages/:id/failed",
    {
      preValidation: guard,
      schema: {
        tags,
        summary:
          "The recipients of message {id} whose email failed for good: name, address and the mail server's reason, in pages " +
          "(404 unless the caller sent it, or is an admin)",
        params: messageParamSchema,
        querystring: pageQuerySchema,
        response: { 200: pagedSchema(messageFailedRecipientSchema) },
      },
    },
    // It names people and their addresses: who read it is recorded, a refused read too.
    async (request) =>
      audited(request, { action: "message.failed.list", detail: { id: request.params.id } }, () =>
        listFailedRecipients(app.db, requireActor(request), request.params.id, request.query),
      ),
  );

  app.post(
    "/api/messages/:id/cancel",
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Cancel a scheduled message before it starts (409 once sending started)",
        params: messageParamSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) =>
      audited(request, { action: "message.cancel", detail: { id: request.params.id } }, () => cancelMessage(app.db, requireActor(request), request.params.id)),
  );
};
