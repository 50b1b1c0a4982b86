import { platformExportQuerySchema, platformStatisticsQuerySchema, platformStatisticsSchema } from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireAdmin, requireModule } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { sendExport } from "../../platform/exports.ts";
import { platformStatistics, platformTable } from "./statistics-app.service.ts";

const tags = ["statistics app"];
// The module's switch first: switched off, the app does not exist for anyone (404), as other modules.
const adminOnly = [requireModule("statistics"), requireAdmin];

/** The statistics app (issue 18.3, spec §6 module `statistics`): the platform's figures for admins. */
export const statisticsAppRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/statistics/platform",
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary:
          "The platform's figures over [since, to] (UTC days): active clinics, therapists and patients, sessions per day, the most played activities and games, accepted appointments per week, memberships paid; `clinic` narrows them to one clinic (404 when no such clinic)",
        querystring: platformStatisticsQuerySchema,
        response: { 200: platformStatisticsSchema },
      },
    },
    async (request) => {
      const { membershipSales: _sales, ...figures } = await audited(request, { action: "statistics.platform.read", detail: { ...request.query } }, () =>
        platformStatistics(app.db, request.query),
      );
      return figures;
    },
  );

  app.get(
    "/api/statistics/platform/export",
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: "One table of the statistics app (`table`) over the same range and clinic, as CSV or XLSX, headers in `language` (default: the caller's)",
        querystring: platformExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { table, format, language, ...query } = request.query;
      const figures = await audited(request, { action: "statistics.platform.export", detail: { ...query, table, format } }, () =>
        platformStatistics(app.db, query),
      );
      const lang = language ?? (requireActor(request).language === "es" ? "es" : "en");
      const { name, columns, rows } = platformTable(figures, table, lang);
      return sendExport(reply, format, name, columns, rows);
    },
  );
};
