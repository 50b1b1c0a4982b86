import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The events module's costs and checklists (helper 3). */
export const planningRoutes: FastifyPluginAsyncZod = async (_app) => {};
