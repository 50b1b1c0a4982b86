import fastifyMultipart from "@fastify/multipart";
import {
  EDITOR_UPLOAD_KINDS,
  editorUploadFieldsSchema,
  pagedSchema,
  UPLOAD_LIMITS,
  uploadedSchema,
  uploadIdParamSchema,
  uploadListQuerySchema,
  uploadSummarySchema,
} from "@clinic/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../config.ts";
import { catalogueOwnerFor, requireActor, requireAuth, requirePermission } from "./access.ts";
import { badRequest, type FieldErrors, forbidden, notFound } from "./errors.ts";
import { receiveMultipart } from "./multipart.ts";
import {
  type BlobStore,
  canDownload,
  checkContent,
  contentDisposition,
  createBlobStore,
  MAX_UPLOAD_BYTES,
  keepUpload,
  parseRange,
  S3Store,
} from "./uploads.ts";
import { listUploads } from "./uploads.gallery.ts";
import { uploads } from "./uploads.table.ts";

declare module "fastify" {
  interface FastifyInstance {
    uploads: BlobStore;
  }
}

/** Kinds a browser may show in place (audio: the chat's voice notes play in the page); anything else (zip) only downloads. */
const INLINE_MIME = /^(image|video|audio)\/|^application\/pdf$/;

/**
 * The uploads platform on the root app: multipart parsing for every module's upload route
 * (bounded: one file, a few short fields), the byte store, and the one download route
 * through which every upload is served after its access check.
 */
export async function registerUploads(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, fieldSize: 4096, parts: 11, headerPairs: 100 },
  });
  const store: BlobStore = createBlobStore(config);
  app.decorate("uploads", store);
  app.addHook("onClose", async () => {
    if (store instanceof S3Store) store.destroy();
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/uploads/",
    {
      preValidation: [requirePermission("change_activity", "change_recommendation", "view_pagina")],
      schema: {
        tags: ["uploads"],
        summary:
          "Upload an image for the catalogue (activity pictures, the rich-text editor) or the website's pages: multipart archivo, nombre, archivo_tipo=image",
        consumes: ["multipart/form-data"],
        response: { 201: uploadedSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // The website is the deployment's, not a clinic's: an editor of it alone uploads for no clinic.
      const siteEditorOnly = !actor.permissions.has("change_activity") && !actor.permissions.has("change_recommendation");
      const clinicId = siteEditorOnly && !actor.isAdmin ? null : catalogueOwnerFor(actor);
      const form = await receiveMultipart(request, store.stagingDir, "archivo", () => Math.max(...EDITOR_UPLOAD_KINDS.map((kind) => UPLOAD_LIMITS[kind])));
      try {
        const errors: FieldErrors = { ...form.errors };
        const add = (field: string, ...messages: string[]) => {
          errors[field] = [...(errors[field] ?? []), ...messages];
        };
        const parsed = editorUploadFieldsSchema.safeParse(form.fields);
        if (!parsed.success) for (const issue of parsed.error.issues) add(String(issue.path[0] ?? "detail"), issue.message);
        if (!form.staged) add("archivo", "Choose a file to upload.");
        const content = form.staged && !form.staged.tooLarge && parsed.success ? checkContent(form.staged, [parsed.data.archivo_tipo]) : null;
        if (content && !content.ok) add("archivo", ...content.errors);
        if (Object.keys(errors).length > 0 || !parsed.success || !form.staged || !content?.ok) throw badRequest(errors);
        const staged = form.staged;
        const name = parsed.data.nombre || staged.originalName;
        const id = await keepUpload(app.db, store, staged, content, { name, clinicId, createdBy: actor.id });
        return reply.status(201).send({ id, url: `/api/uploads/${id}`, name, mime: content.mime, size: staged.size });
      } finally {
        await form.staged?.discard();
      }
    },
  );

  // A static path: the router prefers it to `/api/uploads/:id` (whose id must be a uuid anyway).
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/uploads/",
    {
      preValidation: [requirePermission("change_activity", "change_recommendation")],
      schema: {
        tags: ["uploads"],
        summary: "The editor picker's gallery: uploads of one kind in the caller's catalogue, newest first; q searches their names",
        querystring: uploadListQuerySchema,
        response: { 200: pagedSchema(uploadSummarySchema) },
      },
    },
    async (request) => listUploads(app.db, requireActor(request), request.query),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/uploads/:id",
    {
      preValidation: [requireAuth],
      schema: {
        tags: ["uploads"],
        summary: "The bytes of one upload, after its access check; single byte ranges answer 206",
        params: uploadIdParamSchema,
        querystring: z.object({ download: z.enum(["1", "true"]).optional() }),
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const [upload] = await app.db.select().from(uploads).where(eq(uploads.id, request.params.id));
      if (!upload) throw notFound();
      if (!(await canDownload(app.db, actor, upload))) throw forbidden();

      const disposition = request.query.download || !INLINE_MIME.test(upload.mime) ? "attachment" : "inline";
      reply
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", contentDisposition(disposition, upload.originalName))
        .header("accept-ranges", "bytes")
        .header("cache-control", "private, no-cache")
        .header("etag", `"${upload.sha256}"`)
        .header("cross-origin-resource-policy", "same-origin");
      // A stored file never runs as a page of this site (the PDF viewer needs no sandbox of ours).
      if (upload.mime !== "application/pdf") reply.header("content-security-policy", "sandbox; default-src 'none'; img-src 'self'; media-src 'self'");

      const range = parseRange(request.headers.range, upload.size);
      if (range === "unsatisfiable") {
        return reply.status(416).header("content-range", `bytes */${upload.size}`).send({ detail: "Range not satisfiable." });
      }
      let body: NodeJS.ReadableStream;
      try {
        body = await store.read(upload.storageKey, range === "none" ? undefined : range);
      } catch (error) {
        request.log.error({ err: error, upload: upload.id }, "upload bytes missing");
        throw notFound();
      }
      reply.header("content-type", upload.mime);
      if (range === "none") return reply.header("content-length", upload.size).send(body);
      return reply
        .status(206)
        .header("content-range", `bytes ${range.start}-${range.end}/${upload.size}`)
        .header("content-length", range.end - range.start + 1)
        .send(body);
    },
  );
}
