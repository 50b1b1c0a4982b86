import { myProgressSchema } from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireModule } from "../../../platform/access.ts";
import { forbidden } from "../../../platform/errors.ts";
import { myProgress } from "./progress.service.ts";

/**
 * The patient's own progress card (issue 18.5): the signed-in patient only, staff 403 (they read
 * a patient's statistics through GET /api/statistics/, audited). Not audited itself: it is the
 * patient reading their own figures, as they read their own assignments.
 */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/statistics/me",
    {
      preValidation: [requireModule("clinic")],
      schema: {
        tags: ["statistics"],
        summary: "The signed-in patient's own progress: this week's sessions and activities, the streak of days, one improving measure of the last 30 days",
        response: { 200: myProgressSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      if (actor.role !== "patient") throw forbidden("Only patients have a progress card.");
      return myProgress(app.db, actor.id, actor.language === "es" ? "es" : "en");
    },
  );
};
