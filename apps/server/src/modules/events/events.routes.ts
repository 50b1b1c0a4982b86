import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The events module's events, ticket types and the public event page (helper 1). */
export const eventsRoutes: FastifyPluginAsyncZod = async (_app) => {};
