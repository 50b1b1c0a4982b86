import {
  activityCategoryQuerySchema,
  activityCategorySchema,
  activityInputSchema,
  activityQuerySchema,
  activitySchema,
  clinicSummarySchema,
  numericIdParamSchema,
  pagedSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireAuth, requireModule, requirePermission } from "../../../platform/access.ts";
import { keptAnswer } from "../../../platform/kept-answers.ts";
import { createActivity, deleteActivity, getActivity, listActivities, listActivityCategories, listClinics, updateActivity } from "./activities.service.ts";

const tags = ["activities"];
const canRead = [requireModule("clinic"), requirePermission("view_activity", "change_activity")];
const canChange = [requireModule("clinic"), requirePermission("change_activity")];

/** Spec §7's activity calls, paths and verbs as the spec writes them. */
export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/activities/",
    {
      preValidation: canRead,
      config: { keptAnswer: true },
      schema: {
        tags,
        summary: "Activities the caller can see (`name` = field to search, `value` = text; `type`, `category` filter)",
        querystring: activityQuerySchema,
        response: { 200: pagedSchema(activitySchema) },
      },
    },
    async (request, reply) => keptAnswer(app.db, request, reply, () => listActivities(app.db, requireActor(request), request.query)),
  );

  app.post(
    "/api/activities/",
    { preValidation: canChange, schema: { tags, summary: "Create an activity", body: activityInputSchema, response: { 201: activitySchema } } },
    async (request, reply) => reply.status(201).send(await createActivity(app.db, requireActor(request), request.body)),
  );

  app.get(
    "/api/activity/:id",
    { preValidation: canRead, schema: { tags, summary: "One activity", params: numericIdParamSchema, response: { 200: activitySchema } } },
    async (request) => getActivity(app.db, requireActor(request), request.params.id),
  );

  app.put(
    "/api/activity/:id",
    {
      preValidation: canChange,
      schema: { tags, summary: "Update an activity", params: numericIdParamSchema, body: activityInputSchema, response: { 200: activitySchema } },
    },
    async (request) => updateActivity(app.db, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    "/api/activity/:id",
    { preValidation: canChange, schema: { tags, summary: "Delete an activity", params: numericIdParamSchema } },
    async (request, reply) => {
      await deleteActivity(app.db, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/activityCategories/",
    {
      preValidation: canRead,
      config: { keptAnswer: true },
      schema: {
        tags,
        summary: "Activity–category links of the activities the caller can see",
        querystring: activityCategoryQuerySchema,
        response: { 200: pagedSchema(activityCategorySchema) },
      },
    },
    async (request, reply) => keptAnswer(app.db, request, reply, () => listActivityCategories(app.db, requireActor(request), request.query)),
  );

  app.get(
    "/api/clinic/",
    {
      preValidation: [requireModule("clinic"), requireAuth],
      schema: {
        tags: ["clinics"],
        summary: "Clinics the caller may name: every clinic for admins, else their own",
        response: { 200: pagedSchema(clinicSummarySchema) },
      },
    },
    async (request) => listClinics(app.db, requireActor(request)),
  );
};
