import { flagParamSchema, flagsSchema, flagUpdateSchema } from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireAdmin, requireAuth } from "../../platform/access.ts";

const tags = ["flags"];

export const flagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/flags/", { preValidation: [requireAuth], schema: { tags, summary: "Module flags", response: { 200: flagsSchema } } }, async () =>
    app.flags.all(),
  );

  app.put(
    "/api/flags/:flag",
    {
      preValidation: [requireAdmin],
      schema: { tags, summary: "Switch a module on or off (admins)", params: flagParamSchema, body: flagUpdateSchema, response: { 200: flagsSchema } },
    },
    async (request) => app.flags.set(request.params.flag, request.body.enabled, requireActor(request).id),
  );
};
