import { acceptByLinkSchema, declineQuoteSchema, publicQuoteSchema, quoteTokenParamSchema } from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { audited } from "../../../platform/audit.ts";
import { sendPdf } from "../../../platform/pdf.ts";
import { QUOTER_TAGS as tags, quoterDepsOf, quoterPublic } from "./insurance-scope.ts";
import { quotePdf } from "./quote-documents.ts";
import { decideByLink, publicQuote, quoteIdOfToken } from "./quote-lifecycle.ts";
import { quoteDetail } from "./quotes.service.ts";

/**
 * The applicant's private link (issue 38.3), no account needed: the secret is the key (a forged
 * or unknown one answers 404). They see the chosen option and accept (name and the box ticked)
 * or decline, while the quote is sent and valid; otherwise 409 and nothing written.
 */
export const insuranceLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = quoterDepsOf(app);
  const { db } = deps;
  const ADMIN_VIEW = { isAdmin: true } as Parameters<typeof quoteDetail>[1];

  app.get(
    "/api/quoter/public/quotes/:token",
    {
      preValidation: quoterPublic,
      schema: { response: { 200: publicQuoteSchema }, tags, summary: "A quote by its private link", params: quoteTokenParamSchema },
    },
    async (request) => publicQuote(db, await quoteIdOfToken(db, request.params.token)),
  );
  app.get(
    "/api/quoter/public/quotes/:token/pdf",
    { preValidation: quoterPublic, schema: { tags, summary: "The quote's PDF by its private link", params: quoteTokenParamSchema } },
    async (request, reply) => {
      const { filename, pdf } = await quotePdf(await quoteDetail(db, ADMIN_VIEW, await quoteIdOfToken(db, request.params.token)));
      return sendPdf(reply, filename, pdf);
    },
  );
  app.post(
    "/api/quoter/public/quotes/:token/accept",
    {
      preValidation: quoterPublic,
      schema: {
        response: { 200: publicQuoteSchema },
        tags,
        summary: "The applicant accepts (name, agree: true)",
        params: quoteTokenParamSchema,
        body: acceptByLinkSchema,
      },
    },
    async (request) => {
      const id = await audited(request, { action: "quoter.quote.accept", detail: { by: "applicant" } }, () =>
        decideByLink(deps, request.params.token, { accepted: true, name: request.body.name }),
      );
      return publicQuote(db, id);
    },
  );
  app.post(
    "/api/quoter/public/quotes/:token/decline",
    {
      preValidation: quoterPublic,
      schema: {
        response: { 200: publicQuoteSchema },
        tags,
        summary: "The applicant declines, with a reason or none",
        params: quoteTokenParamSchema,
        body: declineQuoteSchema,
      },
    },
    async (request) => {
      const id = await audited(request, { action: "quoter.quote.decline", detail: { by: "applicant" } }, () =>
        decideByLink(deps, request.params.token, { accepted: false, reason: request.body.reason }),
      );
      return publicQuote(db, id);
    },
  );
};
