import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { insuranceProductsRoutes } from "./products.routes.ts";
import { insuranceLinkRoutes } from "./quote-links.routes.ts";
import { insuranceQuotesRoutes } from "./quotes.routes.ts";

/** The insurance quoter (module `quoter`, issue 38): products, quotes and policies, and the applicant's link, in one registration. */
export const insuranceQuoterRoutes: FastifyPluginAsyncZod = async (app, options) => {
  await insuranceProductsRoutes(app, options);
  await insuranceQuotesRoutes(app, options);
  await insuranceLinkRoutes(app, options);
};
