import { accessLogPageSchema, accessLogQuerySchema, auditExportQuerySchema, auditPageSchema, auditQuerySchema } from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireAuth } from "../../platform/access.ts";
import { type AuditEvent, audited } from "../../platform/audit.ts";
import { sendExport } from "../../platform/exports.ts";
import { auditExportColumns } from "./audit-export.ts";
import { accessLog, assertAuditReader, exportAudit, listAudit } from "./audit.service.ts";

/** Admins and clinic accounts read the audit trail; therapists and patients are refused before anything is read. */
const auditReaders = async (request: Parameters<typeof requireAuth>[0]) => assertAuditReader(requireActor(request));

/**
 * An audit event whose person concerned is set only once the work has passed its scope checks:
 * a refused look at another clinic's person must not name that person in the records the
 * refused clinic can read (its own actions). The id asked for stays in the detail.
 */
function inScopeSubject(event: { action: string; detail: Record<string, unknown> }) {
  const held: AuditEvent & { scoped<T>(subject: string | undefined, work: Promise<T>): Promise<T> } = {
    ...event,
    subjectUserId: null,
    async scoped(subject, work) {
      const result = await work;
      held.subjectUserId = subject ?? null;
      return result;
    },
  };
  return held;
}

/** The audit trail's screen and each person's access log (issue 33.2); every use of them is itself audited. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["audit"];

  app.get(
    "/api/audit/",
    {
      preValidation: auditReaders,
      schema: {
        tags,
        summary:
          "Audit records, newest first (admins every record, a clinic those of its own people): actor, person concerned, action (or its start), outcome, UTC days (at most a year)",
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { page, rowsPerPage, ...filters } = request.query;
      const event = inScopeSubject({ action: "audit.list", detail: { ...filters, page } });
      return audited(request, event, () => event.scoped(filters.subject, listAudit(app.db, requireActor(request), { page, rowsPerPage, ...filters })));
    },
  );

  app.get(
    "/api/audit/export",
    {
      preValidation: auditReaders,
      schema: { tags, summary: "The audit records of a filter as CSV or XLSX (the same filters and scope as the list)", querystring: auditExportQuerySchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { format, ...filters } = request.query;
      const event = inScopeSubject({ action: "audit.export", detail: { format, ...filters } });
      const rows = await audited(request, event, () => event.scoped(filters.subject, exportAudit(app.db, actor, filters, app.config.exports.maxRows)));
      return sendExport(reply, format, "audit-trail", auditExportColumns(actor.language), rows);
    },
  );

  app.get(
    "/api/audit/access-log",
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary:
          "Who has looked at my record: other people's accesses to the caller's data in the last 90 days, newest first; `patient` (admins, a clinic for its people) reads someone else's",
        querystring: accessLogQuerySchema,
        response: { 200: accessLogPageSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const actor = requireActor(request);
      const patient = request.query.patient ?? actor.id;
      const event = inScopeSubject({ action: "audit.access-log.read", detail: { patient } });
      return audited(request, event, () => event.scoped(patient, accessLog(app.db, actor, request.query)));
    },
  );
};
