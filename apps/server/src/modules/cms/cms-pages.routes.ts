import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const cmsPagesRoutes: FastifyPluginAsyncZod = async (_app) => {};
