import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The events module's payments: manual confirmation, Stripe checkout and its webhook events, refunds, invoices and expiry (helper 2b). */
export const eventPaymentsRoutes: FastifyPluginAsyncZod = async (_app) => {};
