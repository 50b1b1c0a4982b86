import {
  CRM_IMPORT_FAILED,
  CRM_IMPORT_MAX_ROWS,
  crmExportEntityParamSchema,
  crmExportQuerySchema,
  crmImportFormSchema,
  crmImportPreviewSchema,
  crmImportResultSchema,
  importProgressParamSchema,
  importProgressSchema,
} from "@clinic/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireModule, requirePermission } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { badRequest, type FieldErrors } from "../../platform/errors.ts";
import { sendExport } from "../../platform/exports.ts";
import { receiveMultipart } from "../../platform/multipart.ts";
import { readSheet } from "../people/import-file.ts";
import { importProgress, progressReporter } from "../people/import.service.ts";
import { crmPreviewOf, importClients } from "./client-import.ts";
import { crmExport } from "./crm-exports.ts";
import { crmClinicFor } from "./crm-scope.ts";

const tags = ["crm"];
const crmModule = requireModule("crm_manager");
/** Imports are the CRM admin's (agents, CRM clients and other staff: 403). */
const importers = [crmModule, requirePermission("is_admin")];
/** Exports: CRM admins, and agents within their scope. */
const exporters = [crmModule, requirePermission("is_admin", "is_crm_agent")];

/**
 * The uploaded sheet and the form's fields, checked; the staged file
 * is gone when this returns. The file is read by the people import's reader (CSV or XLSX, told
 * apart by its bytes), capped at CRM_IMPORT_MAX_ROWS.
 */
async function receiveSheet(app: FastifyInstance, request: FastifyRequest) {
  const form = await receiveMultipart(request, app.uploads.stagingDir, "file", () => app.config.imports.maxBytes);
  try {
    const errors: FieldErrors = { ...form.errors };
    const parsed = crmImportFormSchema.safeParse(form.fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "detail");
        errors[key] = [...(errors[key] ?? []), issue.message];
      }
    }
    if (!form.staged) errors.file = ["Choose a CSV or XLSX file."];
    if (Object.keys(errors).length > 0 || !parsed.success || !form.staged) throw badRequest(errors);
    const sheet = await readSheet(form.staged.tempPath, form.staged.head, CRM_IMPORT_MAX_ROWS);
    return { fields: parsed.data, sheet };
  } finally {
    await form.staged?.discard();
  }
}

/** Clients from CSV/XLSX (preview, then all-or-nothing import, with its progress) and the CRM's exports. */
export const crmImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/crm/import/preview",
    {
      preValidation: importers,
      schema: {
        tags,
        summary: "Read a clients file (multipart: `file`, `clinicId` for admins): its header row, a suggested column mapping, the first rows and the row count",
        consumes: ["multipart/form-data"],
        response: { 200: crmImportPreviewSchema },
      },
    },
    async (request) => crmPreviewOf((await receiveSheet(app, request)).sheet),
  );

  app.post(
    "/api/crm/import",
    {
      preValidation: importers,
      schema: {
        tags,
        summary: `Import clients (multipart: \`file\`, \`mapping\` as JSON, optional \`progressId\`, \`listId\`, \`clinicId\` for admins): all rows or none; 400 "${CRM_IMPORT_FAILED}" with \`rowErrors\``,
        consumes: ["multipart/form-data"],
        response: { 201: crmImportResultSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { fields, sheet } = await receiveSheet(app, request);
      const clinicId = await crmClinicFor(app.db, actor, fields.clinicId);
      if (!fields.mapping) throw badRequest({ mapping: ["Choose which column fills each field."] });
      const mapping = fields.mapping;
      const report = fields.progressId ? progressReporter(app.db, fields.progressId, actor.id, sheet.rows.length) : async () => {};
      const event = { action: "crm.clients.import", detail: { clinicId, rows: sheet.rows.length, listId: fields.listId ?? null } };
      try {
        const result = await audited(request, event, () => importClients(app.db, actor, { clinicId, mapping, listId: fields.listId }, sheet, report));
        return reply.status(201).send(result);
      } catch (error) {
        await report("failed", 0);
        throw error;
      }
    },
  );

  app.get(
    "/api/crm/import/:id/progress",
    {
      preValidation: importers,
      schema: {
        tags,
        summary: "How far the caller's own running clients import has got (the `progressId` it sent); 404 for anyone else's",
        params: importProgressParamSchema,
        response: { 200: importProgressSchema },
      },
    },
    async (request) => importProgress(app.db, requireActor(request), request.params.id),
  );

  app.get(
    "/api/crm/export/:entity",
    {
      preValidation: exporters,
      schema: {
        tags,
        summary:
          "Clients, lists, initiatives or calls of the clinic as CSV or XLSX, with the list's filters (clients: q, tag, listId, ownerId; lists: q; initiatives: q, salesmanId, state; calls: since, to, agentId); agents get their own initiatives and calls",
        params: crmExportEntityParamSchema,
        querystring: crmExportQuerySchema,
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { format, language, clinicId: named, ...filters } = request.query;
      const clinicId = await crmClinicFor(app.db, actor, named);
      const lang = language ?? (actor.language === "es" ? "es" : "en");
      const { entity } = request.params;
      const file = await audited(request, { action: `crm.${entity}.export`, detail: { clinicId, format, ...filters } }, () =>
        crmExport(app.db, actor, clinicId, entity, filters, lang, app.config.exports.maxRows),
      );
      return sendExport(reply, format, file.baseName, file.columns, file.rows as never[]);
    },
  );
};
