import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const cmsSiteRoutes: FastifyPluginAsyncZod = async (_app) => {};
