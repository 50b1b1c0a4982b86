import {
  PRODUCT_QUOTE_STATES,
  type PublicProductQuote,
  productQuoteAcceptSchema,
  productQuoteDeclineSchema,
  productQuoteTokenParamSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { audited } from "../../../platform/audit.ts";
import { sendPdf } from "../../../platform/pdf.ts";
import { answerByLink, viewByLink } from "./product-quote-flow.ts";
import { quotePdf } from "./product-quote-pdf.ts";
import { PRODUCT_QUOTE_TAGS as tags, productQuoteDepsOf, productQuotePublic } from "./product-quotes-scope.ts";

const publicQuoteSchema = z.object({
  label: z.string(),
  state: z.enum(PRODUCT_QUOTE_STATES),
  clinicName: z.string(),
  clientName: z.string(),
  language: z.string(),
  currency: z.string(),
  lines: z.array(
    z.object({
      position: z.number().int(),
      description: z.string(),
      quantity: z.number().int(),
      unitCents: z.number().int(),
      discountCents: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
  linesCents: z.number().int(),
  discountCents: z.number().int(),
  subtotalCents: z.number().int(),
  taxRateBp: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  validUntil: z.string(),
  termsEn: z.string(),
  termsEs: z.string(),
  open: z.boolean(),
  decidedAt: z.string().nullable(),
  acceptedName: z.string().nullable(),
}) satisfies z.ZodType<PublicProductQuote>;

const params = productQuoteTokenParamSchema;

/**
 * The client's private link (`/quotes/<token>` on the web; issue 38.1), no account needed: the
 * quote (the first view marks it viewed and tells its author), its PDF, accept (name and ticked
 * box) and decline. A forged link answers 404; a revised, expired, declined or decided quote 409.
 */
export const productQuotePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = productQuoteDepsOf(app);

  app.get(
    "/api/product-quoter/public/:token",
    {
      preValidation: productQuotePublic,
      schema: { tags, summary: "The quote its private link opens (the first view marks it viewed)", params, response: { 200: publicQuoteSchema } },
    },
    async (request) => {
      const seen = await viewByLink(deps, request.params.token);
      if (seen.firstView) await audited(request, { action: "product_quote.view", detail: { id: seen.id } }, async () => undefined);
      return seen.quote;
    },
  );
  app.get(
    "/api/product-quoter/public/:token/pdf",
    { preValidation: productQuotePublic, schema: { tags, summary: "The quote's PDF by its private link", params } },
    async (request, reply) => {
      const seen = await viewByLink(deps, request.params.token);
      const file = await quotePdf(deps.db, seen.id);
      return sendPdf(reply, file.filename, file.pdf);
    },
  );
  app.post(
    "/api/product-quoter/public/:token/accept",
    {
      preValidation: productQuotePublic,
      schema: {
        tags,
        summary: "Accept the quote: the client's name and the ticked box (agree: true)",
        params,
        body: productQuoteAcceptSchema,
        response: { 200: publicQuoteSchema },
      },
    },
    async (request) => {
      const answered = await answerByLink(deps, request.params.token, { kind: "accepted", ...request.body });
      await audited(request, { action: "product_quote.accept", detail: { id: answered.id, name: request.body.name } }, async () => undefined);
      return answered.quote;
    },
  );
  app.post(
    "/api/product-quoter/public/:token/decline",
    {
      preValidation: productQuotePublic,
      schema: {
        tags,
        summary: "Decline the quote, with a reason if the client gives one",
        params,
        body: productQuoteDeclineSchema,
        response: { 200: publicQuoteSchema },
      },
    },
    async (request) => {
      const answered = await answerByLink(deps, request.params.token, { kind: "declined", reason: request.body.reason });
      await audited(request, { action: "product_quote.decline", detail: { id: answered.id } }, async () => undefined);
      return answered.quote;
    },
  );
};
