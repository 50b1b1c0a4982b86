import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The events module's registrations, payments and check-in (helper 2). */
export const registrationsRoutes: FastifyPluginAsyncZod = async (_app) => {};
