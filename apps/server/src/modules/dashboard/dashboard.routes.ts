import { dashboardSummaryQuerySchema, dashboardSummarySchema } from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireAuth, requireModule } from "../../platform/access.ts";
import { dashboardSummary } from "./dashboard.service.ts";

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/dashboard/summary",
    {
      // Every staff member has a home; what it holds follows the role (patients: 403).
      preValidation: [requireModule("clinic"), requireAuth],
      schema: {
        tags: ["dashboard"],
        summary: "The staff home by role: admin counts; clinic seats and membership; today's assignments and adherence (`days` before today)",
        querystring: dashboardSummaryQuerySchema,
        response: { 200: dashboardSummarySchema },
      },
    },
    async (request) => dashboardSummary(app.db, requireActor(request), request.query.days),
  );
};
