import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The events module's the dashboard, exports and the door list (helper 4). */
export const reportsRoutes: FastifyPluginAsyncZod = async (_app) => {};
