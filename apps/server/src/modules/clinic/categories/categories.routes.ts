import { catalogueQuerySchema, categoryInputSchema, categorySchema, numericIdParamSchema, pagedSchema } from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireModule, requirePermission } from "../../../platform/access.ts";
import { keptAnswer } from "../../../platform/kept-answers.ts";
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from "./categories.service.ts";

const tags = ["categories"];
const canRead = [requireModule("clinic"), requirePermission("view_activity", "change_activity", "view_recommendation", "change_recommendation")];
const canChange = [requireModule("clinic"), requirePermission("change_activity", "change_recommendation")];

/** Spec §7's category calls, verbs as the spec has them (PUT creates, POST updates). */
export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/categories/",
    {
      preValidation: canRead,
      config: { keptAnswer: true },
      schema: { tags, summary: "Categories the caller can see", querystring: catalogueQuerySchema, response: { 200: pagedSchema(categorySchema) } },
    },
    async (request, reply) => keptAnswer(app.db, request, reply, () => listCategories(app.db, requireActor(request), request.query)),
  );

  app.put(
    "/api/categories/",
    { preValidation: canChange, schema: { tags, summary: "Create a category", body: categoryInputSchema, response: { 201: categorySchema } } },
    async (request, reply) => reply.status(201).send(await createCategory(app.db, requireActor(request), request.body)),
  );

  app.get(
    "/api/category/:id",
    { preValidation: canRead, schema: { tags, summary: "One category", params: numericIdParamSchema, response: { 200: categorySchema } } },
    async (request) => getCategory(app.db, requireActor(request), request.params.id),
  );

  app.post(
    "/api/category/:id",
    {
      preValidation: canChange,
      schema: { tags, summary: "Update a category", params: numericIdParamSchema, body: categoryInputSchema, response: { 200: categorySchema } },
    },
    async (request) => updateCategory(app.db, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    "/api/category/:id",
    { preValidation: canChange, schema: { tags, summary: "Delete a category; its recommendations stay, uncategorised", params: numericIdParamSchema } },
    async (request, reply) => {
      await deleteCategory(app.db, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
