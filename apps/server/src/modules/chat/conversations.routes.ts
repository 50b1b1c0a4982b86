import {
  chatAgentSchema,
  chatAssignSchema,
  chatClinicQuerySchema,
  chatConversationIdParamSchema,
  chatConversationQuerySchema,
  chatConversationSchema,
  chatLinkPatientSchema,
  chatMessageSchema,
  chatMessagesPageSchema,
  chatMessagesQuerySchema,
  chatMineSchema,
  chatStartSchema,
  chatStatusSchema,
  chatTextSchema,
  chatUnreadSchema,
  pagedSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { CHAT_TAGS as tags, chatAgents, chatClinicFor, chatDepsOf, chatMembers, chatPatients } from "./chat-scope.ts";
import {
  assignableAgents,
  assignConversation,
  linkPatient,
  listConversations,
  myChat,
  openAppConversation,
  readConversation,
  setConversationStatus,
  startConversation,
  unreadFor,
} from "./conversations.service.ts";
import { addNote, announceTyping, markConversationRead, messageHistory, readMessage, sendText } from "./messages.service.ts";

/**
 * The inbox and the patient's chat (issue 41.1, 41.2): conversations, their history, replies and
 * notes, read markers, typing, assignment and status. Attachments, templates and the WhatsApp
 * webhook have their own routes beside these.
 */
export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = chatDepsOf(app);
  const { db } = deps;
  const params = chatConversationIdParamSchema;

  app.get(
    "/api/chat/conversations",
    {
      preValidation: chatAgents,
      schema: {
        tags,
        summary: "The inbox: conversations by last activity with the caller's unread counts (filter mine, unassigned, all, closed; q searches)",
        querystring: chatConversationQuerySchema,
        response: { 200: pagedSchema(chatConversationSchema) },
      },
    },
    async (request) => listConversations(db, requireActor(request), request.query),
  );
  app.post(
    "/api/chat/conversations",
    {
      preValidation: chatAgents,
      schema: {
        tags,
        summary: "Open (or find) the in-app conversation with a patient of the clinic",
        body: chatStartSchema,
        response: { 200: chatConversationSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const id = await startConversation(db, actor, request.body.patientId);
      return readConversation(db, actor, id);
    },
  );
  app.get(
    "/api/chat/conversations/:id",
    { preValidation: chatMembers, schema: { tags, summary: "One conversation", params, response: { 200: chatConversationSchema } } },
    async (request) => readConversation(db, requireActor(request), request.params.id),
  );
  app.get(
    "/api/chat/conversations/:id/messages",
    {
      preValidation: chatMembers,
      schema: {
        tags,
        summary: "A page of the history, oldest first (`before`: older than that message); patients never see notes",
        params,
        querystring: chatMessagesQuerySchema,
        response: { 200: chatMessagesPageSchema },
      },
    },
    async (request) => messageHistory(db, requireActor(request), request.params.id, request.query),
  );
  app.post(
    "/api/chat/conversations/:id/messages",
    {
      preValidation: chatMembers,
      schema: {
        tags,
        summary: "Write a message: an agent's goes to the patient or contact (WhatsApp: queued and sent by a job), a patient's to the clinic",
        params,
        body: chatTextSchema,
        response: { 201: chatMessageSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const id = await audited(request, { action: "chat.message.send", detail: { conversationId: request.params.id } }, () =>
        sendText(deps, actor, request.params.id, request.body.body),
      );
      return reply.status(201).send(await readMessage(db, id));
    },
  );
  app.post(
    "/api/chat/conversations/:id/notes",
    {
      preValidation: chatAgents,
      schema: { tags, summary: "An internal note for the clinic's agents, never sent", params, body: chatTextSchema, response: { 201: chatMessageSchema } },
    },
    async (request, reply) => {
      const id = await audited(request, { action: "chat.note.add", detail: { conversationId: request.params.id } }, () =>
        addNote(deps, requireActor(request), request.params.id, request.body.body),
      );
      return reply.status(201).send(await readMessage(db, id));
    },
  );
  app.post(
    "/api/chat/conversations/:id/read",
    { preValidation: chatMembers, schema: { tags, summary: "The caller has read the conversation", params, response: { 200: chatUnreadSchema } } },
    async (request) => {
      const actor = requireActor(request);
      await markConversationRead(db, actor, request.params.id);
      return { unread: await unreadFor(db, actor) };
    },
  );
  app.post(
    "/api/chat/conversations/:id/typing",
    { preValidation: chatMembers, schema: { tags, summary: "The caller is typing (in-app conversations): the other side sees it", params } },
    async (request, reply) => {
      await announceTyping(db, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  );
  app.put(
    "/api/chat/conversations/:id/assignee",
    {
      preValidation: chatAgents,
      schema: {
        tags,
        summary: "Assign the conversation to an agent of its clinic (null: unassign)",
        params,
        body: chatAssignSchema,
        response: { 200: chatConversationSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await audited(request, { action: "chat.conversation.assign", detail: { conversationId: request.params.id, assigneeId: request.body.assigneeId } }, () =>
        assignConversation(db, actor, request.params.id, request.body.assigneeId),
      );
      return readConversation(db, actor, request.params.id);
    },
  );
  app.put(
    "/api/chat/conversations/:id/status",
    {
      preValidation: chatAgents,
      schema: { tags, summary: "Close or reopen the conversation", params, body: chatStatusSchema, response: { 200: chatConversationSchema } },
    },
    async (request) => {
      const actor = requireActor(request);
      await audited(
        request,
        { action: `chat.conversation.${request.body.status === "closed" ? "close" : "reopen"}`, detail: { conversationId: request.params.id } },
        () => setConversationStatus(db, actor, request.params.id, request.body.status),
      );
      return readConversation(db, actor, request.params.id);
    },
  );
  app.put(
    "/api/chat/conversations/:id/patient",
    {
      preValidation: chatAgents,
      schema: {
        tags,
        summary: "Link a WhatsApp contact to a patient of the clinic (null: unlink)",
        params,
        body: chatLinkPatientSchema,
        response: { 200: chatConversationSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await audited(request, { action: "chat.conversation.link", detail: { conversationId: request.params.id, patientId: request.body.patientId } }, () =>
        linkPatient(db, actor, request.params.id, request.body.patientId),
      );
      return readConversation(db, actor, request.params.id);
    },
  );
  app.get(
    "/api/chat/me",
    {
      preValidation: chatPatients,
      schema: { tags, summary: "A patient's chat with their clinic (conversation null until one is started)", response: { 200: chatMineSchema } },
    },
    async (request) => myChat(db, requireActor(request)),
  );
  app.post(
    "/api/chat/me",
    {
      preValidation: chatPatients,
      schema: { tags, summary: "A patient starts (or finds) their conversation with their clinic", response: { 200: chatConversationSchema } },
    },
    async (request) => {
      const actor = requireActor(request);
      const id = await openAppConversation(db, actor.clinicId as string, actor.id);
      return readConversation(db, actor, id);
    },
  );
  app.get(
    "/api/chat/unread",
    {
      preValidation: chatMembers,
      schema: { tags, summary: "Unread: a patient's unread messages; an agent's open conversations with unread messages", response: { 200: chatUnreadSchema } },
    },
    async (request) => ({ unread: await unreadFor(db, requireActor(request)) }),
  );
  app.get(
    "/api/chat/agents",
    {
      preValidation: chatAgents,
      schema: {
        tags,
        summary: "The staff a clinic's conversations may be assigned to (admins name the clinic)",
        querystring: chatClinicQuerySchema,
        response: { 200: z.array(chatAgentSchema) },
      },
    },
    async (request) => assignableAgents(db, await chatClinicFor(db, requireActor(request), request.query.clinicId)),
  );
};
