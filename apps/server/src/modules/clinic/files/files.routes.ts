import { fileQuerySchema, fileRecordSchema, numericIdParamSchema, pagedSchema } from "@clinic/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { catalogueOwnerFor, requireActor, requireModule, requirePermission } from "../../../platform/access.ts";
import { badRequest, type FieldErrors } from "../../../platform/errors.ts";
import { stageUpload } from "../../../platform/uploads.ts";
import { createFile, deleteFile, listFiles, type ReceivedFileForm, uploadCapFor } from "./files.service.ts";

const tags = ["files"];
const canRead = [requireModule("clinic"), requirePermission("view_activity", "change_activity")];
const canChange = [requireModule("clinic"), requirePermission("change_activity")];

/**
 * Reads the multipart form: text fields, and the `file` part streamed to a staging file
 * (capped by the declared type when that field came first, as the web app sends it).
 * Any refusal of the multipart layer (too many parts, too large) becomes a 400.
 */
async function receiveForm(request: FastifyRequest, stagingDir: string): Promise<ReceivedFileForm> {
  if (!request.isMultipart()) throw badRequest("Send the file form as multipart/form-data.");
  const form: ReceivedFileForm = { fields: {}, staged: null, errors: {} };
  const error = (field: string, message: string) => {
    form.errors[field] ??= [];
    form.errors[field].push(message);
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (part.fieldname in form.fields) error(part.fieldname, "Given more than once.");
        else if (typeof part.value === "string") form.fields[part.fieldname] = part.value;
        else error(part.fieldname, "Must be text.");
        continue;
      }
      if (part.fieldname !== "file") {
        part.file.resume();
        error(part.fieldname, "Unknown field.");
        continue;
      }
      const cap = uploadCapFor(form.fields.type);
      const staged = await stageUpload(stagingDir, part.file, cap, part.mimetype, part.filename);
      // A file input left empty still sends a nameless, empty part: no file.
      if (staged.size === 0 && !part.filename) {
        await staged.discard();
        continue;
      }
      form.staged = staged;
      if (staged.tooLarge) error("file", `The file is too large: at most ${cap / (1024 * 1024)} MiB for this type.`);
    }
  } catch (caught) {
    await form.staged?.discard();
    const status = (caught as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const message = (caught as Error).message;
      throw badRequest((/file/i.test(message) ? { file: [message] } : { detail: message }) as FieldErrors);
    }
    throw caught;
  }
  return form;
}

/** Spec §7's file calls: list, add (multipart: the bytes or a link), delete. Files are never updated (spec §3). */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/files/",
    {
      preValidation: canRead,
      schema: {
        tags,
        summary: "Files the caller can see (5 a page by default)",
        querystring: fileQuerySchema,
        response: { 200: pagedSchema(fileRecordSchema) },
      },
    },
    async (request) => listFiles(app.db, requireActor(request), request.query),
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
      const form = await receiveForm(request, app.uploads.stagingDir);
      try {
        return reply.status(201).send(await createFile(app.db, app.uploads, actor, form));
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
};
