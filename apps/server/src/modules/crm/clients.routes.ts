import {
  crmClientDetailSchema,
  crmClientInputSchema,
  crmClientSchema,
  crmClientsQuerySchema,
  crmClientsClinicQuerySchema,
  crmDocumentSchema,
  crmDocumentsQuerySchema,
  crmIdParamSchema,
  crmListClientsChangeSchema,
  crmListInputSchema,
  crmListSchema,
  crmListsQuerySchema,
  crmListUpdateSchema,
  crmNoteInputSchema,
  crmNoteSchema,
  crmNotesQuerySchema,
  crmNoteUpdateSchema,
  crmTagSchema,
  crmTagsQuerySchema,
  crmTimelineEntrySchema,
  crmTimelineQuerySchema,
  pagedSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor, requireModule, requirePermission } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { receiveMultipart } from "../../platform/multipart.ts";
import { sendPrivateUpload } from "../../platform/uploads.ts";
import { createClient, deleteClient, getClient, listClients, listTags, listTimeline, updateClient } from "./clients.service.ts";
import { crmClinicFor } from "./crm-scope.ts";
import { CRM_DOCUMENT_CAP, createDocument, deleteDocument, documentUpload, listDocuments } from "./documents.service.ts";
import { changeListClients, createList, deleteList, getList, listLists, updateList } from "./lists.service.ts";
import { createNote, deleteNote, listNotes, updateNote } from "./notes.service.ts";

const tags = ["crm"];
const crm = requireModule("crm_manager");
/** Agents and CRM admins: the clinic's clients, notes and documents, and reading its lists. */
const workers = [crm, requirePermission("is_admin", "is_crm_agent")];
/** CRM admins only: deleting clients, writing lists. */
const admins = [crm, requirePermission("is_admin")];
const idParams = crmIdParamSchema;
const noContent = { 204: z.null() };

/**
 * The CRM's clients, user lists, notes, documents and each client's timeline (issue 36.2).
 * Everything is the caller's clinic's (platform admins: any clinic's, naming it to create);
 * another clinic's rows answer 404. Guards run before the body is read, scope in the services.
 */
export const crmClientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // ------------------------------------------------------------ clients
  app.get(
    "/api/crm/clients",
    {
      preValidation: workers,
      schema: {
        tags,
        summary: "The clinic's clients by name; q searches name, organisation, email and phone",
        querystring: crmClientsQuerySchema,
        response: { 200: pagedSchema(crmClientSchema) },
      },
    },
    async (request) => listClients(db, requireActor(request), request.query),
  );
  app.post(
    "/api/crm/clients",
    {
      preValidation: workers,
      schema: {
        tags,
        summary: "Add a client (admins name the clinic); an agent's is theirs unless another owner is named",
        querystring: crmClientsClinicQuerySchema,
        body: crmClientInputSchema,
        response: { 201: crmClientSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const clinicId = await crmClinicFor(db, actor, request.query.clinicId);
      const made = await audited(request, { action: "crm.client.create", detail: { clinicId } }, () => createClient(db, actor, clinicId, request.body));
      return reply.status(201).send(made);
    },
  );
  app.get(
    "/api/crm/clients/:id",
    {
      preValidation: workers,
      schema: { tags, summary: "A client, with the lists and initiatives it is in", params: idParams, response: { 200: crmClientDetailSchema } },
    },
    async (request) => getClient(db, requireActor(request), request.params.id),
  );
  app.put(
    "/api/crm/clients/:id",
    {
      preValidation: workers,
      schema: {
        tags,
        summary: "Change a client (the owner stays unless named)",
        params: idParams,
        body: crmClientInputSchema,
        response: { 200: crmClientSchema },
      },
    },
    async (request) =>
      audited(request, { action: "crm.client.update", detail: { id: request.params.id } }, () =>
        updateClient(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.delete(
    "/api/crm/clients/:id",
    {
      preValidation: admins,
      schema: { tags, summary: "Delete a client with its notes, calls, documents and timeline (CRM admins)", params: idParams, response: noContent },
    },
    async (request, reply) => {
      await audited(request, { action: "crm.client.delete", detail: { id: request.params.id } }, () =>
        deleteClient(db, app.uploads, requireActor(request), request.params.id),
      );
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/api/crm/clients/:id/timeline",
    {
      preValidation: workers,
      schema: {
        tags,
        summary: "Everything that happened to a client, newest first",
        params: idParams,
        querystring: crmTimelineQuerySchema,
        response: { 200: pagedSchema(crmTimelineEntrySchema) },
      },
    },
    async (request) => listTimeline(db, requireActor(request), request.params.id, request.query),
  );
  app.get(
    "/api/crm/tags",
    {
      preValidation: workers,
      schema: {
        tags,
        summary: "The clinic's tags, with how many clients carry each",
        querystring: crmTagsQuerySchema,
        response: { 200: z.array(crmTagSchema) },
      },
    },
    async (request) => listTags(db, requireActor(request), request.query.clinicId),
  );

  // ------------------------------------------------------------ user lists
  app.get(
    "/api/crm/lists",
    {
      preValidation: workers,
      schema: {
        tags,
        summary: "The clinic's user lists by title, with their client counts",
        querystring: crmListsQuerySchema,
        response: { 200: pagedSchema(crmListSchema) },
      },
    },
    async (request) => listLists(db, requireActor(request), request.query),
  );
  app.post(
    "/api/crm/lists",
    {
      preValidation: admins,
      schema: {
        tags,
        summary: "Add a user list with its clients (CRM admins; admins name the clinic)",
        querystring: crmClientsClinicQuerySchema,
        body: crmListInputSchema,
        response: { 201: crmListSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const clinicId = await crmClinicFor(db, actor, request.query.clinicId);
      const made = await audited(request, { action: "crm.list.create", detail: { clinicId, title: request.body.title } }, () =>
        createList(db, actor, clinicId, request.body),
      );
      return reply.status(201).send(made);
    },
  );
  app.get(
    "/api/crm/lists/:id",
    { preValidation: workers, schema: { tags, summary: "A user list", params: idParams, response: { 200: crmListSchema } } },
    async (request) => getList(db, requireActor(request), request.params.id),
  );
  app.put(
    "/api/crm/lists/:id",
    {
      preValidation: admins,
      schema: {
        tags,
        summary: "Change a user list's title and description (its clients: PUT …/clients)",
        params: idParams,
        body: crmListUpdateSchema,
        response: { 200: crmListSchema },
      },
    },
    async (request) =>
      audited(request, { action: "crm.list.update", detail: { id: request.params.id } }, () =>
        updateList(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.delete(
    "/api/crm/lists/:id",
    { preValidation: admins, schema: { tags, summary: "Delete a user list (its clients stay)", params: idParams, response: noContent } },
    async (request, reply) => {
      await audited(request, { action: "crm.list.delete", detail: { id: request.params.id } }, () => deleteList(db, requireActor(request), request.params.id));
      return reply.status(204).send(null);
    },
  );
  app.put(
    "/api/crm/lists/:id/clients",
    {
      preValidation: admins,
      schema: {
        tags,
        summary: "Add and remove a user list's clients (all the clinic's, or nothing is written)",
        params: idParams,
        body: crmListClientsChangeSchema,
        response: { 200: crmListSchema },
      },
    },
    async (request) =>
      audited(
        request,
        { action: "crm.list.clients", detail: { id: request.params.id, added: request.body.add.length, removed: request.body.remove.length } },
        () => changeListClients(db, requireActor(request), request.params.id, request.body),
      ),
  );

  // ------------------------------------------------------------ notes
  app.get(
    "/api/crm/clients/:id/notes",
    {
      preValidation: workers,
      schema: {
        tags,
        summary: "A client's notes, latest date first",
        params: idParams,
        querystring: crmNotesQuerySchema,
        response: { 200: pagedSchema(crmNoteSchema) },
      },
    },
    async (request) => listNotes(db, requireActor(request), request.params.id, request.query),
  );
  app.post(
    "/api/crm/notes",
    { preValidation: workers, schema: { tags, summary: "Add a note on a client", body: crmNoteInputSchema, response: { 201: crmNoteSchema } } },
    async (request, reply) => {
      const made = await audited(request, { action: "crm.note.create", detail: { clientId: request.body.clientId } }, () =>
        createNote(db, requireActor(request), request.body),
      );
      return reply.status(201).send(made);
    },
  );
  app.put(
    "/api/crm/notes/:id",
    {
      preValidation: workers,
      schema: { tags, summary: "Change a note (its author or a CRM admin)", params: idParams, body: crmNoteUpdateSchema, response: { 200: crmNoteSchema } },
    },
    async (request) =>
      audited(request, { action: "crm.note.update", detail: { id: request.params.id } }, () =>
        updateNote(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.delete(
    "/api/crm/notes/:id",
    { preValidation: workers, schema: { tags, summary: "Delete a note (its author or a CRM admin)", params: idParams, response: noContent } },
    async (request, reply) => {
      await audited(request, { action: "crm.note.delete", detail: { id: request.params.id } }, () => deleteNote(db, requireActor(request), request.params.id));
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ documents
  app.get(
    "/api/crm/documents",
    {
      preValidation: workers,
      schema: {
        tags,
        summary: "A client's or an initiative's documents (an initiative's: its salesman or a CRM admin)",
        querystring: crmDocumentsQuerySchema,
        response: { 200: z.array(crmDocumentSchema) },
      },
    },
    async (request) => {
      const { clientId, initiativeId } = request.query;
      return listDocuments(db, requireActor(request), clientId !== undefined ? { clientId } : { initiativeId: initiativeId as number });
    },
  );
  app.post(
    "/api/crm/documents",
    {
      preValidation: workers,
      schema: {
        tags,
        summary: "Add a document: multipart fields name (≤ 200) and clientId or initiativeId, and a `file` part (PDF or picture)",
        consumes: ["multipart/form-data"],
        response: { 201: crmDocumentSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const form = await receiveMultipart(request, app.uploads.stagingDir, "file", () => CRM_DOCUMENT_CAP);
      try {
        const made = await audited(request, { action: "crm.document.create", detail: { name: form.fields.name?.slice(0, 200) ?? null } }, () =>
          createDocument(db, app.uploads, actor, form),
        );
        return reply.status(201).send(made);
      } finally {
        await form.staged?.discard();
      }
    },
  );
  app.get(
    "/api/crm/documents/:id/file",
    { preValidation: workers, schema: { tags, summary: "A document's file, after the CRM's access check", params: idParams } },
    async (request, reply) => {
      return sendPrivateUpload(request, reply, app.uploads, await documentUpload(db, requireActor(request), request.params.id));
    },
  );
  app.delete(
    "/api/crm/documents/:id",
    {
      preValidation: workers,
      schema: {
        tags,
        summary: "Delete a document and its file (who added it, the initiative's salesman, or a CRM admin)",
        params: idParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await audited(request, { action: "crm.document.delete", detail: { id: request.params.id } }, () =>
        deleteDocument(db, app.uploads, requireActor(request), request.params.id, request.log),
      );
      return reply.status(204).send(null);
    },
  );
};
