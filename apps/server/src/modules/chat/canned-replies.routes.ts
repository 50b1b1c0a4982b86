import { cannedReplyInputSchema, cannedReplySchema, chatClinicQuerySchema, chatSettingIdParamSchema } from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { CHAT_TAGS as tags, chatAgents, chatClinicFor } from "./chat-scope.ts";
import { createCannedReply, deleteCannedReply, listCannedReplies, updateCannedReply } from "./canned-replies.service.ts";

/**
 * A clinic's canned replies (issue 41): every agent reads and manages their clinic's (see
 * canned-replies.service.ts for why); admins name the clinic (`clinicId`). Another clinic's
 * reply is 404.
 */
export const cannedRepliesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    "/api/chat/canned-replies",
    {
      preValidation: chatAgents,
      schema: {
        tags,
        summary: "The clinic's canned replies by shortcut (admins name the clinic: clinicId)",
        querystring: chatClinicQuerySchema,
        response: { 200: z.array(cannedReplySchema) },
      },
    },
    async (request) => listCannedReplies(db, await chatClinicFor(db, requireActor(request), request.query.clinicId)),
  );
  app.post(
    "/api/chat/canned-replies",
    {
      preValidation: chatAgents,
      schema: {
        tags,
        summary: "A new canned reply (a shortcut the clinic already has, in any case: 409)",
        body: cannedReplyInputSchema,
        response: { 201: cannedReplySchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const clinicId = await chatClinicFor(db, actor, request.body.clinicId);
      const made = await audited(request, { action: "chat.canned.create", detail: { clinicId, shortcut: request.body.shortcut } }, () =>
        createCannedReply(db, clinicId, request.body),
      );
      return reply.status(201).send(made);
    },
  );
  app.put(
    "/api/chat/canned-replies/:id",
    {
      preValidation: chatAgents,
      schema: {
        tags,
        summary: "Change a canned reply's shortcut and text (it stays with its clinic)",
        params: chatSettingIdParamSchema,
        body: cannedReplyInputSchema,
        response: { 200: cannedReplySchema },
      },
    },
    async (request) =>
      audited(request, { action: "chat.canned.update", detail: { id: request.params.id, shortcut: request.body.shortcut } }, () =>
        updateCannedReply(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.delete(
    "/api/chat/canned-replies/:id",
    {
      preValidation: chatAgents,
      schema: { tags, summary: "Delete a canned reply", params: chatSettingIdParamSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await audited(request, { action: "chat.canned.delete", detail: { id: request.params.id } }, () =>
        deleteCannedReply(db, requireActor(request), request.params.id),
      );
      return reply.status(204).send(null);
    },
  );
};
