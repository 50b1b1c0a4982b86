import {
  globalActivitiesExportQuerySchema,
  globalActivitiesQuerySchema,
  globalActivitiesSchema,
  patientStatisticsSchema,
  statisticsExportQuerySchema,
  statisticsQuerySchema,
  statisticsReportInputSchema,
} from "@clinic/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireModule, requirePermission } from "../../../platform/access.ts";
import { audited } from "../../../platform/audit.ts";
import { forbidden } from "../../../platform/errors.ts";
import { sendExport } from "../../../platform/exports.ts";
import { isPatientCaller } from "../forms/form-assignments.service.ts";
import { renderStatisticsReport } from "./statistics-report.ts";
import { globalActivitiesTable, statisticsTable } from "./statistics.exports.ts";
import { languageOf } from "./statistics.labels.ts";
import { globalActivities, patientStatistics, patientStatisticsBody } from "./statistics.service.ts";
import { sendPdf } from "../../../platform/pdf.ts";

const tags = ["statistics"];

/** Staff with view_statistics; patients read only their own card (`/api/statistics/me`), never these. */
async function requireStaff(request: FastifyRequest): Promise<void> {
  if (isPatientCaller(requireActor(request))) throw forbidden();
}
const staffOnly = [requireModule("clinic"), requirePermission("view_statistics"), requireStaff];

/** Bytes the route's own serializer made already (a plain reply: they are not serialized again). */
const sendSerialized = (reply: FastifyReply, body: Buffer) => reply.type("application/json; charset=utf-8").send(body);

/** The signed-in staff member as the report names its author. */
const authorOf = (actor: { nombres: string; apellidos: string; email: string }) => `${actor.nombres} ${actor.apellidos}`.trim() || actor.email;

/**
 * A patient's statistics (spec §2 `statistics`, §7) and the activities' figures across
 * patients: therapists for their patients, clinics for theirs, admins for all. Every read of a
 * patient's figures is audited. `/api/statistics/me` and `/api/statistics/platform` are other
 * routes files' (static paths: nothing here clashes with them).
 */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/statistics/",
    {
      preValidation: staffOnly,
      schema: {
        tags,
        summary:
          "Patient {user}'s statistics over the days [since, to] (at most 5 years; optionally one activity and/or one game family): " +
          "adherence per day and week, each family's main measures per session with their trend, dizziness per session, the latest " +
          "sessions and per-activity figures. Staff with view_statistics and the patient in scope; 404 otherwise",
        querystring: statisticsQuerySchema,
        response: { 200: patientStatisticsSchema },
      },
    },
    async (request, reply) => {
      // The route's own serializer makes the bytes (checked against the schema), which are kept while the patient's data holds.
      const body = await audited(request, { action: "patient.statistics.read", subjectUserId: request.query.user, detail: { ...request.query } }, () =>
        patientStatisticsBody(app.db, requireActor(request), request.query, (statistics) => String(reply.serialize(statistics))),
      );
      return sendSerialized(reply, body);
    },
  );

  app.get(
    "/api/statistics/export",
    {
      preValidation: staffOnly,
      schema: {
        tags,
        summary:
          "One table of a patient's statistics (adherence, weeks, measures, dizziness, sessions, activities) as CSV or XLSX, headers in `language` (else the caller's)",
        querystring: statisticsExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { table, format, language, ...query } = request.query;
      const actor = requireActor(request);
      const stats = await audited(request, { action: "patient.statistics.export", subjectUserId: query.user, detail: { ...query, table, format } }, () =>
        patientStatistics(app.db, actor, query),
      );
      const { columns, rows } = statisticsTable(stats, table, languageOf(language ?? actor.language));
      return sendExport(reply, format, `statistics-${table}`, columns, rows);
    },
  );

  app.post(
    "/api/statistics/report",
    {
      preValidation: staffOnly,
      schema: {
        tags,
        summary: "A patient's progress report over [since, to] as a PDF in the patient's language, with the figures and the therapist's note",
        body: statisticsReportInputSchema,
      },
    },
    async (request, reply) => {
      const { note, ...query } = request.body;
      const actor = requireActor(request);
      const stats = await audited(request, { action: "patient.statistics.report", subjectUserId: query.user, detail: { ...query } }, () =>
        patientStatistics(app.db, actor, query),
      );
      const pdf = await renderStatisticsReport(stats, { note, author: authorOf(actor), date: new Date().toISOString().slice(0, 10) });
      return sendPdf(reply, `progress-report-${query.since}-${query.to}.pdf`, pdf);
    },
  );

  app.get(
    "/api/global-activities/",
    {
      preValidation: staffOnly,
      schema: {
        tags,
        summary:
          "Per activity over the days [date_start, date_end]: assigned, done, sessions, played time and patients, across patient {patient_id} " +
          "(404 unless in scope) or every patient in the caller's scope",
        querystring: globalActivitiesQuerySchema,
        response: { 200: globalActivitiesSchema },
      },
    },
    async (request) =>
      audited(request, { action: "statistics.global-activities.read", subjectUserId: request.query.patient_id ?? null, detail: { ...request.query } }, () =>
        globalActivities(app.db, requireActor(request), request.query),
      ),
  );

  app.get(
    "/api/global-activities/export",
    {
      preValidation: staffOnly,
      schema: {
        tags,
        summary: "The global activities' rows as CSV or XLSX, headers in `language` (else the caller's)",
        querystring: globalActivitiesExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, language, ...filters } = request.query;
      const actor = requireActor(request);
      const page = await audited(
        request,
        { action: "statistics.global-activities.export", subjectUserId: filters.patient_id ?? null, detail: { ...filters, format } },
        () => globalActivities(app.db, actor, filters),
      );
      const { columns, rows } = globalActivitiesTable(page.data, languageOf(language ?? actor.language));
      return sendExport(reply, format, "global-activities", columns, rows);
    },
  );
};
