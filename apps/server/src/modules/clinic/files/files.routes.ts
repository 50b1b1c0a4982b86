import { fileQuerySchema, fileRecordSchema, numericIdParamSchema, pagedSchema } from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { catalogueOwnerFor, requireActor, requireModule, requirePermission } from "../../../platform/access.ts";
import { keptAnswer } from "../../../platform/kept-answers.ts";
import { receiveMultipart } from "../../../platform/multipart.ts";
import { registerBundleRoutes } from "./bundles.routes.ts";
import { createFile, deleteFile, listFiles, uploadCapFor } from "./files.service.ts";

const tags = ["files"];
const canRead = [requireModule("clinic"), requirePermission("view_activity", "change_activity")];
const canChange = [requireModule("clinic"), requirePermission("change_activity")];

/** Spec §7's file calls: list, add (multipart: the bytes or a link), delete. Files are never updated (spec §3). */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/files/",
    {
      preValidation: canRead,
      config: { keptAnswer: true },
      schema: {
        tags,
        summary: "Files the caller can see (5 a page by default)",
        querystring: fileQuerySchema,
        response: { 200: pagedSchema(fileRecordSchema) },
      },
    },
    async (request, reply) => keptAnswer(app.db, request, reply, () => listFiles(app.db, requireActor(request), request.query)),
  );

  app.post(
    "/api/files/",
    {
      preValidation: canChange,
      schema: {
        tags,
        summary: "Add a file: multipart fields name, type, and either a `file` part or a `link`",
        consumes: ["multipart/form-data"],
        response: { 201: fileRecordSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // Refuse who may not add before reading a single uploaded byte.
      catalogueOwnerFor(actor);
      const form = await receiveMultipart(request, app.uploads.stagingDir, "file", (fields) => uploadCapFor(fields.type));
      try {
        return reply.status(201).send(await createFile(app.db, app.uploads, actor, form, app.config.bundles));
      } finally {
        await form.staged?.discard();
      }
    },
  );

  app.delete(
    "/api/file/:id",
    { preValidation: canChange, schema: { tags, summary: "Delete a file and its stored bytes", params: numericIdParamSchema } },
    async (request, reply) => {
      await deleteFile(app.db, app.uploads, requireActor(request), request.params.id, request.log);
      return reply.status(204).send();
    },
  );

  registerBundleRoutes(app);
};
