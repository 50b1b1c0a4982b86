import { catalogueQuerySchema, numericIdParamSchema, pagedSchema, recommendationInputSchema, recommendationSchema } from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireModule, requirePermission } from "../../../platform/access.ts";
import { keptAnswer } from "../../../platform/kept-answers.ts";
import { createRecommendation, deleteRecommendation, getRecommendation, listRecommendations, updateRecommendation } from "./recommendations.service.ts";

const tags = ["recommendations"];
const canRead = [requireModule("clinic"), requirePermission("view_recommendation", "change_recommendation")];
const canChange = [requireModule("clinic"), requirePermission("change_recommendation")];

export const recommendationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/recommendations/",
    {
      preValidation: canRead,
      config: { keptAnswer: true },
      schema: {
        tags,
        summary: "Recommendations the caller can see (`name` = field to search, `value` = text; `category` filters)",
        querystring: catalogueQuerySchema,
        response: { 200: pagedSchema(recommendationSchema) },
      },
    },
    async (request, reply) => keptAnswer(app.db, request, reply, () => listRecommendations(app.db, requireActor(request), request.query)),
  );

  app.post(
    "/api/recommendations/",
    {
      preValidation: canChange,
      schema: { tags, summary: "Create a recommendation", body: recommendationInputSchema, response: { 201: recommendationSchema } },
    },
    async (request, reply) => reply.status(201).send(await createRecommendation(app.db, requireActor(request), request.body)),
  );

  app.get(
    "/api/recommendation/:id",
    { preValidation: canRead, schema: { tags, summary: "One recommendation", params: numericIdParamSchema, response: { 200: recommendationSchema } } },
    async (request) => getRecommendation(app.db, requireActor(request), request.params.id),
  );

  app.put(
    "/api/recommendation/:id",
    {
      preValidation: canChange,
      schema: {
        tags,
        summary: "Update a recommendation",
        params: numericIdParamSchema,
        body: recommendationInputSchema,
        response: { 200: recommendationSchema },
      },
    },
    async (request) => updateRecommendation(app.db, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    "/api/recommendation/:id",
    { preValidation: canChange, schema: { tags, summary: "Delete a recommendation", params: numericIdParamSchema } },
    async (request, reply) => {
      await deleteRecommendation(app.db, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
