import { flagParamSchema, flagsSchema, flagUpdateSchema, isModuleBuilt } from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor, requireAdmin, requireAuth } from "../../platform/access.ts";

const tags = ["flags"];

export const flagsRoutes: FastifyPluginAsyncZod = async (app) => {
  // An environment written for the whole product must not stop the clinic from starting: the
  // modules it names that are not built yet stay off, and the log says so once.
  const unbuilt = app.config.defaultFlags.filter((flag) => !isModuleBuilt(flag));
  if (unbuilt.length > 0) app.log.warn(`FEATURE_FLAGS names modules not available yet, which stay off: ${unbuilt.join(", ")}`);

  app.get("/api/flags/", { preValidation: [requireAuth], schema: { tags, summary: "Module flags", response: { 200: flagsSchema } } }, async () =>
    app.flags.all(),
  );

  app.put(
    "/api/flags/:flag",
    {
      preValidation: [requireAdmin],
      schema: {
        tags,
        summary: "Switch a module on or off (admins); 409 for a module not available yet",
        params: flagParamSchema,
        body: flagUpdateSchema,
        response: { 200: flagsSchema },
      },
    },
    async (request) => app.flags.set(request.params.flag, request.body.enabled, requireActor(request).id),
  );
};
