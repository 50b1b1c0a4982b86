import {
  chatClinicQuerySchema,
  chatConversationIdParamSchema,
  chatMessageSchema,
  chatSettingIdParamSchema,
  chatTemplateInputSchema,
  chatTemplateSchema,
  chatTemplateSendSchema,
  whatsAppHandshakeSchema,
  whatsAppNumberPathSchema,
  whatsAppNumberInputSchema,
  whatsAppNumberSchema,
  whatsAppNumberUpdateSchema,
} from "@clinic/shared";
import type { FastifyPluginAsync, preValidationAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor, requireAdmin } from "../../../platform/access.ts";
import { audited } from "../../../platform/audit.ts";
import { badRequest, forbidden, notFound } from "../../../platform/errors.ts";
import { CHAT_TAGS as tags, chatAgents, chatDepsOf, chatModule, chatWebhook } from "../chat-scope.ts";
import { readMessage } from "../messages.service.ts";
import { createGraphClient, type GraphClient } from "./graph-client.ts";
import { registerWhatsAppSender } from "./whatsapp-sender.ts";
import {
  createNumber,
  createTemplate,
  deleteNumber,
  deleteTemplate,
  listNumbers,
  listTemplates,
  sendTemplate,
  updateNumber,
  updateTemplate,
} from "./whatsapp-settings.service.ts";
import { parseWebhook, receiveWebhook, sameSecret, signatureMatches, type WebhookDeps } from "./webhook.service.ts";

/**
 * The WhatsApp side of the chat (issue 41.3): Meta's webhook (the verification handshake and the
 * signed notifications), the clinic's approved templates and connected numbers, sending a
 * template in a conversation, and the sender job of outgoing messages.
 */

/** Meta's notifications are small; a body beyond this is not one. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** The clinic's account, or an admin: they manage the templates (therapists read them). */
const clinicOrAdmin: preValidationAsyncHookHandler = async (request) => {
  const actor = requireActor(request);
  if (!actor.isAdmin && actor.role !== "clinic") throw forbidden();
};
const templateManagers = [...chatAgents, clinicOrAdmin];
const numberReaders = [...chatAgents, clinicOrAdmin];
const numberManagers = [chatModule, requireAdmin];

/** The webhook, in a scope of its own: its JSON arrives as raw bytes, as the signature is over them. */
function webhookRoutes(deps: WebhookDeps | null, settings: { appSecret: string; verifyToken: string } | null): FastifyPluginAsync {
  return async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.get(
      "/api/chat/whatsapp/webhook",
      {
        preValidation: chatWebhook,
        schema: {
          tags,
          summary:
            "Meta's verification handshake: answers hub.challenge when hub.verify_token is WHATSAPP_VERIFY_TOKEN (403 otherwise; 404 when WhatsApp is not configured)",
          querystring: whatsAppHandshakeSchema,
        },
      },
      async (request, reply) => {
        if (!settings) throw notFound();
        const query = request.query as z.infer<typeof whatsAppHandshakeSchema>;
        const token = query["hub.verify_token"] ?? "";
        if (query["hub.mode"] !== "subscribe" || !sameSecret(token, settings.verifyToken)) throw forbidden("The verify token does not match.");
        return reply.type("text/plain; charset=utf-8").send(query["hub.challenge"] ?? "");
      },
    );

    scope.post(
      "/api/chat/whatsapp/webhook",
      {
        preValidation: chatWebhook,
        schema: {
          tags,
          summary:
            "WhatsApp's notifications (incoming messages, delivery states), verified by X-Hub-Signature-256; a bad signature or an unknown phone number id: 400, nothing stored",
        },
      },
      async (request, reply) => {
        if (!deps || !settings) throw notFound();
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers["x-hub-signature-256"];
        if (!signatureMatches(raw, Array.isArray(header) ? header[0] : header, settings.appSecret)) {
          throw badRequest("The webhook's signature does not verify.");
        }
        const payload = parseWebhook(raw);
        const result = await receiveWebhook({ ...deps, log: request.log }, payload);
        return reply.send({ received: true, ...result });
      },
    );
  };
}

export const whatsAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = chatDepsOf(app);
  const { db } = deps;
  const settings = app.config.whatsapp;
  const graph: GraphClient | null = settings ? createGraphClient(settings) : null;
  const store = app.uploads;
  registerWhatsAppSender({ db, jobs: deps.jobs, store, graph });
  await app.register(webhookRoutes(graph ? { db, jobs: deps.jobs, store, graph, log: app.log } : null, settings));

  // ------------------------------------------------------------ templates
  app.get(
    "/api/chat/templates",
    {
      preValidation: chatAgents,
      schema: {
        tags,
        summary: "The clinic's approved WhatsApp templates (admins name clinicId)",
        querystring: chatClinicQuerySchema,
        response: { 200: z.array(chatTemplateSchema) },
      },
    },
    async (request) => listTemplates(db, requireActor(request), request.query.clinicId),
  );
  app.post(
    "/api/chat/templates",
    {
      preValidation: templateManagers,
      schema: {
        tags,
        summary: "Add a template as approved in WhatsApp Manager (the same name and language twice: 409)",
        body: chatTemplateInputSchema,
        response: { 201: chatTemplateSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const template = await audited(request, { action: "chat.template.create", detail: { name: request.body.name, language: request.body.language } }, () =>
        createTemplate(db, actor, request.body),
      );
      return reply.status(201).send(template);
    },
  );
  app.put(
    "/api/chat/templates/:id",
    {
      preValidation: templateManagers,
      schema: {
        tags,
        summary: "Change a template (another clinic's: 404)",
        params: chatSettingIdParamSchema,
        body: chatTemplateInputSchema,
        response: { 200: chatTemplateSchema },
      },
    },
    async (request) =>
      audited(request, { action: "chat.template.update", detail: { id: request.params.id } }, () =>
        updateTemplate(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.delete(
    "/api/chat/templates/:id",
    {
      preValidation: templateManagers,
      schema: { tags, summary: "Remove a template (messages sent with it keep their text)", params: chatSettingIdParamSchema },
    },
    async (request, reply) => {
      await audited(request, { action: "chat.template.delete", detail: { id: request.params.id } }, () =>
        deleteTemplate(db, requireActor(request), request.params.id),
      );
      return reply.status(204).send();
    },
  );

  // ------------------------------------------------------------ numbers
  app.get(
    "/api/chat/whatsapp-numbers",
    {
      preValidation: numberReaders,
      schema: {
        tags,
        summary: "The WhatsApp business numbers connected (a clinic's account: its own; admins: all, or clinicId's)",
        querystring: chatClinicQuerySchema,
        response: { 200: z.array(whatsAppNumberSchema) },
      },
    },
    async (request) => listNumbers(db, requireActor(request), request.query.clinicId),
  );
  app.post(
    "/api/chat/whatsapp-numbers",
    {
      preValidation: numberManagers,
      schema: {
        tags,
        summary: "Connect a WhatsApp business number (its Cloud API phone number id) to a clinic (connected already: 409)",
        body: whatsAppNumberInputSchema,
        response: { 201: whatsAppNumberSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const number = await audited(request, { action: "chat.whatsapp-number.create", detail: { id: request.body.id, clinicId: request.body.clinicId } }, () =>
        createNumber(db, actor, request.body),
      );
      return reply.status(201).send(number);
    },
  );
  app.put(
    "/api/chat/whatsapp-numbers/:id",
    {
      preValidation: numberManagers,
      schema: {
        tags,
        summary: "Change a connected number's clinic, shown number or label",
        params: whatsAppNumberPathSchema,
        body: whatsAppNumberUpdateSchema,
        response: { 200: whatsAppNumberSchema },
      },
    },
    async (request) =>
      audited(request, { action: "chat.whatsapp-number.update", detail: { id: request.params.id, clinicId: request.body.clinicId } }, () =>
        updateNumber(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.delete(
    "/api/chat/whatsapp-numbers/:id",
    {
      preValidation: numberManagers,
      schema: { tags, summary: "Disconnect a number (its conversations stay, and can no longer be answered)", params: whatsAppNumberPathSchema },
    },
    async (request, reply) => {
      await audited(request, { action: "chat.whatsapp-number.delete", detail: { id: request.params.id } }, () => deleteNumber(db, request.params.id));
      return reply.status(204).send();
    },
  );

  // ------------------------------------------------------------ sending a template
  app.post(
    "/api/chat/conversations/:id/template",
    {
      preValidation: chatAgents,
      schema: {
        tags,
        summary: "Send an approved template with its variables in a WhatsApp conversation (allowed outside the 24-hour window)",
        params: chatConversationIdParamSchema,
        body: chatTemplateSendSchema,
        response: { 201: chatMessageSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const id = await audited(
        request,
        { action: "chat.template.send", detail: { conversationId: request.params.id, templateId: request.body.templateId } },
        () => sendTemplate(deps, actor, request.params.id, request.body),
      );
      return reply.status(201).send(await readMessage(db, id));
    },
  );
};
