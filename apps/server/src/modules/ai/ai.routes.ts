import {
  aiAskSchema,
  aiConsoleSchema,
  aiConversationParamSchema,
  aiConversationSchema,
  aiConversationSummarySchema,
  aiFaqInputSchema,
  aiFaqParamSchema,
  aiFaqSchema,
  aiFeedbackSchema,
  aiIndexStateSchema,
  aiLogConversationSchema,
  aiLogExportQuerySchema,
  aiLogQuerySchema,
  aiLogRowSchema,
  aiMessageParamSchema,
  aiMessageSchema,
  aiReindexSchema,
  aiScopeQuerySchema,
  aiSettingsInputSchema,
  aiSettingsSchema,
  type AiStreamEvent,
  aiUsageQuerySchema,
  aiUsageSchema,
  pagedSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { sendEventStream } from "../../platform/event-stream.ts";
import { sendExport } from "../../platform/exports.ts";
import { prepareAsk, streamAnswer } from "./ai-answer.ts";
import { deleteAllMyConversations, deleteMyConversation, listMyConversations, rateAnswer, readMyConversation } from "./ai-conversations.service.ts";
import { registerEmbeddingsJob } from "./ai-embeddings.ts";
import { createFaq, deleteFaq, listFaqs, updateFaq } from "./ai-faqs.service.ts";
import { type LogExportRow, listLogs, logExportRows, readLog, usageOf } from "./ai-logs.service.ts";
import { AI_TAGS as tags, aiAdmins, aiDepsOf, aiUsers } from "./ai-scope.ts";
import { readSettings, reindex, saveSettings } from "./ai-settings.service.ts";

/** The AI chat widget (module `widget_chat_ai`, issue 42): the widget's calls for every signed-in user, `/ai/app`'s for admins. */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = aiDepsOf(app);
  const { db } = deps;
  registerEmbeddingsJob(deps);

  // ------------------------------------------------------------------ the widget
  app.post(
    "/api/ai/ask",
    {
      preValidation: aiUsers,
      schema: {
        tags,
        summary: "Ask the assistant: a text/event-stream of start, sources, delta… and done or error events (429 over the rate limits)",
        body: aiAskSchema,
      },
    },
    async (request, reply) => {
      const prepared = await prepareAsk(deps, requireActor(request), request.body);
      return sendEventStream<AiStreamEvent>(reply, (emit, signal) => streamAnswer(deps, prepared, emit, signal));
    },
  );
  app.get(
    "/api/ai/conversations",
    {
      preValidation: aiUsers,
      schema: { tags, summary: "The caller's conversations with the assistant, newest first", response: { 200: z.array(aiConversationSummarySchema) } },
    },
    async (request) => listMyConversations(db, requireActor(request)),
  );
  app.get(
    "/api/ai/conversations/:id",
    {
      preValidation: aiUsers,
      schema: {
        tags,
        summary: "One of the caller's conversations with its messages",
        params: aiConversationParamSchema,
        response: { 200: aiConversationSchema },
      },
    },
    async (request) => readMyConversation(db, requireActor(request), request.params.id),
  );
  app.delete(
    "/api/ai/conversations/:id",
    { preValidation: aiUsers, schema: { tags, summary: "Delete one of the caller's conversations", params: aiConversationParamSchema } },
    async (request, reply) => {
      await deleteMyConversation(db, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  );
  app.delete(
    "/api/ai/conversations",
    { preValidation: aiUsers, schema: { tags, summary: "Delete every conversation of the caller" } },
    async (request, reply) => {
      await deleteAllMyConversations(db, requireActor(request));
      return reply.status(204).send();
    },
  );
  app.put(
    "/api/ai/messages/:id/feedback",
    {
      preValidation: aiUsers,
      schema: {
        tags,
        summary: "Rate an answer in one of the caller's conversations (null clears)",
        params: aiMessageParamSchema,
        body: aiFeedbackSchema,
        response: { 200: aiMessageSchema },
      },
    },
    async (request) => rateAnswer(db, requireActor(request), request.params.id, request.body),
  );

  // ------------------------------------------------------------------ /ai/app
  app.get(
    "/api/ai/settings",
    {
      preValidation: aiAdmins,
      schema: {
        tags,
        summary: "A scope's settings (no clinic: the platform's); the API key is never returned",
        querystring: aiScopeQuerySchema,
        response: { 200: aiSettingsSchema },
      },
    },
    async (request) => readSettings(db, requireActor(request), request.query.clinic),
  );
  app.put(
    "/api/ai/settings",
    {
      preValidation: aiAdmins,
      schema: {
        tags,
        summary: "Save a scope's settings (apiKey absent keeps the stored key, null removes it)",
        body: aiSettingsInputSchema,
        response: { 200: aiSettingsSchema },
      },
    },
    async (request) =>
      audited(request, { action: "ai.settings.update", detail: { clinicId: request.body.clinicId, provider: request.body.provider?.baseUrl ?? null } }, () =>
        saveSettings(deps, requireActor(request), request.body),
      ),
  );
  app.post(
    "/api/ai/reindex",
    {
      preValidation: aiAdmins,
      schema: {
        tags,
        summary: "Queue the embeddings of a scope's documents; answers the index's state",
        body: aiReindexSchema,
        response: { 200: aiIndexStateSchema },
      },
    },
    async (request) => reindex(deps, requireActor(request), request.body.clinicId),
  );
  app.get(
    "/api/ai/faqs",
    { preValidation: aiAdmins, schema: { tags, summary: "A scope's FAQs", querystring: aiScopeQuerySchema, response: { 200: z.array(aiFaqSchema) } } },
    async (request) => listFaqs(db, requireActor(request), request.query.clinic),
  );
  app.post(
    "/api/ai/faqs",
    { preValidation: aiAdmins, schema: { tags, summary: "Add a FAQ (indexed at once)", body: aiFaqInputSchema, response: { 201: aiFaqSchema } } },
    async (request, reply) => reply.status(201).send(await createFaq(db, requireActor(request), request.body)),
  );
  app.put(
    "/api/ai/faqs/:id",
    {
      preValidation: aiAdmins,
      schema: { tags, summary: "Change a FAQ (within its scope)", params: aiFaqParamSchema, body: aiFaqInputSchema, response: { 200: aiFaqSchema } },
    },
    async (request) => updateFaq(db, requireActor(request), request.params.id, request.body),
  );
  app.delete("/api/ai/faqs/:id", { preValidation: aiAdmins, schema: { tags, summary: "Delete a FAQ", params: aiFaqParamSchema } }, async (request, reply) => {
    await deleteFaq(db, request.params.id);
    return reply.status(204).send();
  });
  app.get(
    "/api/ai/logs",
    {
      preValidation: aiAdmins,
      schema: {
        tags,
        summary: "A scope's conversations with their feedback counts",
        querystring: aiLogQuerySchema,
        response: { 200: pagedSchema(aiLogRowSchema) },
      },
    },
    async (request) => listLogs(db, requireActor(request), request.query),
  );
  app.get(
    "/api/ai/logs/export",
    { preValidation: aiAdmins, schema: { tags, summary: "Every message of a scope's conversations as CSV or XLSX", querystring: aiLogExportQuerySchema } },
    async (request, reply) => {
      const rows = await audited(request, { action: "ai.logs.export", detail: { clinicId: request.query.clinic ?? null } }, () =>
        logExportRows(db, requireActor(request), request.query.clinic),
      );
      return sendExport<LogExportRow>(reply, request.query.format, "assistant-conversations", EXPORT_COLUMNS, rows);
    },
  );
  app.get(
    "/api/ai/logs/:id",
    {
      preValidation: aiAdmins,
      schema: {
        tags,
        summary: "One conversation in full (audited: it is a user's data)",
        params: aiConversationParamSchema,
        response: { 200: aiLogConversationSchema },
      },
    },
    async (request) => {
      const log = await readLog(db, request.params.id);
      return audited(request, { action: "ai.conversation.read", subjectUserId: log.userId, detail: { conversationId: log.id } }, async () => log);
    },
  );
  app.get(
    "/api/ai/usage",
    {
      preValidation: aiAdmins,
      schema: { tags, summary: "Questions, tokens and estimated cost per day and per user", querystring: aiUsageQuerySchema, response: { 200: aiUsageSchema } },
    },
    async (request) => usageOf(db, requireActor(request), request.query),
  );
  app.post(
    "/api/ai/console",
    {
      preValidation: aiAdmins,
      schema: { tags, summary: "Test a scope's assistant: the same event stream as /api/ai/ask, nothing stored but the usage", body: aiConsoleSchema },
    },
    async (request, reply) => {
      const prepared = await prepareAsk(deps, requireActor(request), { question: request.body.question, console: { clinicId: request.body.clinicId } });
      return sendEventStream<AiStreamEvent>(reply, (emit, signal) => streamAnswer(deps, prepared, emit, signal));
    },
  );
};

const EXPORT_COLUMNS = [
  { header: "Date", value: (row: LogExportRow) => row.at, width: 24 },
  { header: "User", value: (row: LogExportRow) => row.user, width: 28 },
  { header: "Conversation", value: (row: LogExportRow) => row.conversation, width: 32 },
  { header: "Role", value: (row: LogExportRow) => row.role, width: 10 },
  { header: "Message", value: (row: LogExportRow) => row.content, width: 80 },
  { header: "Mode", value: (row: LogExportRow) => row.mode, width: 10 },
  { header: "Feedback", value: (row: LogExportRow) => row.feedback, width: 10 },
  { header: "Sources", value: (row: LogExportRow) => row.sources, width: 40 },
];
