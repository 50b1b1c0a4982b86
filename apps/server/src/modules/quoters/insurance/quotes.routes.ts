import {
  bindQuoteSchema,
  declineQuoteSchema,
  policiesQuerySchema,
  policyIdParamSchema,
  quoteIdParamSchema,
  quoteInputSchema,
  quoterFiguresQuerySchema,
  quotesExportQuerySchema,
  quotesQuerySchema,
  rateInputSchema,
  recordAcceptanceSchema,
  sendQuoteSchema,
  pagedSchema,
  rateResultSchema,
  quoteRowSchema,
  quoteDetailSchema,
  policyDetailSchema,
  policyRowSchema,
  quoterFiguresSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Actor, requireActor } from "../../../platform/access.ts";
import { audited } from "../../../platform/audit.ts";
import { sendPdf } from "../../../platform/pdf.ts";
import { QUOTER_TAGS as tags, quoterDepsOf, quoterStaff } from "./insurance-scope.ts";
import { policyDetail, listPolicies } from "./policies.service.ts";
import { quotePdf } from "./quote-documents.ts";
import { registerQuoteExpiry } from "./quote-expiry.ts";
import { bindQuote, decideByAgent, sendQuote } from "./quote-lifecycle.ts";
import { currentVersions, rateOptions } from "./quote-rating.ts";
import { exportQuotes, quoterFigures } from "./quoter-reports.ts";
import { createQuote, deleteQuote, listQuotes, quoteDetail, updateQuote } from "./quotes.service.ts";

/**
 * The agents' side of the insurance quoter (issue 38.3–38.4): rating, quotes and their
 * lifecycle, policies, exports and figures. Agents (view_quoter) work their own quotes, admins
 * every one; another agent's quote answers 404.
 */
export const insuranceQuotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = quoterDepsOf(app);
  const { db } = deps;
  registerQuoteExpiry({ db, jobs: app.jobs, enabled: () => app.flags.isEnabled("quoter") });

  /**
   * A change to one quote (edit, send, accept, decline, bind), its id in the URL: agents only,
   * audited under `action` with the quote's id (and `detail`), then answered with the quote as it
   * now stands unless `answer` says otherwise.
   */
  function quoteAction<Body extends z.ZodType, Done>(
    method: "PUT" | "POST",
    url: `/api/quoter/quotes/:quoteId${string}`,
    route: {
      summary: string;
      body: Body;
      action: string;
      detail?: (body: z.infer<Body>) => Record<string, unknown>;
      answer?: { status: 201; schema: z.ZodType; read: (actor: Actor, done: Done) => Promise<unknown> };
    },
    act: (actor: Actor, quoteId: number, body: z.infer<Body>) => Promise<Done>,
  ) {
    const { summary, body, action, detail, answer } = route;
    app.route({
      method,
      url,
      preValidation: quoterStaff,
      schema: { response: answer ? { [answer.status]: answer.schema } : { 200: quoteDetailSchema }, tags, summary, params: quoteIdParamSchema, body },
      handler: async (request, reply) => {
        const actor = requireActor(request);
        const { quoteId } = request.params;
        const input = request.body as z.infer<Body>;
        const done = await audited(request, { action, detail: { quoteId, ...detail?.(input) } }, () => act(actor, quoteId, input));
        if (!answer) return quoteDetail(db, actor, quoteId);
        return reply.status(answer.status).send(await answer.read(actor, done));
      },
    });
  }
  /** Decisions recorded by the agent (by phone), apart from the applicant's own by link. */
  const byAgent = () => ({ by: "agent" });

  app.post(
    "/api/quoter/rate",
    {
      preValidation: quoterStaff,
      schema: {
        response: { 200: rateResultSchema },
        tags,
        summary: "Rate one to three options for an applicant (premium and breakdown each); nothing is saved",
        body: rateInputSchema,
      },
    },
    async (request) => {
      const { answers, options } = request.body;
      const versions = await currentVersions(
        db,
        options.map((option) => option.productId),
      );
      return { options: rateOptions(versions, answers, options) };
    },
  );

  app.get(
    "/api/quoter/quotes",
    {
      preValidation: quoterStaff,
      schema: {
        response: { 200: pagedSchema(quoteRowSchema) },
        tags,
        summary: "Quotes, newest first, with filters (agents: their own)",
        querystring: quotesQuerySchema,
      },
    },
    async (request) => listQuotes(db, requireActor(request), request.query),
  );
  app.get(
    "/api/quoter/quotes/export",
    { preValidation: quoterStaff, schema: { tags, summary: "The quotes list as CSV or XLSX, with its filters", querystring: quotesExportQuerySchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      return audited(request, { action: "quoter.quotes.export", detail: { ...request.query } }, () =>
        exportQuotes(reply, db, actor, request.query, app.config.exports.maxRows),
      );
    },
  );
  app.post(
    "/api/quoter/quotes",
    {
      preValidation: quoterStaff,
      schema: { response: { 201: quoteDetailSchema }, tags, summary: "Save a draft quote; its options are rated on the server", body: quoteInputSchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const id = await audited(request, { action: "quoter.quote.create", detail: { applicant: request.body.applicantEmail } }, () =>
        createQuote(db, actor, request.body),
      );
      return reply.status(201).send(await quoteDetail(db, actor, id));
    },
  );
  app.get(
    "/api/quoter/quotes/:quoteId",
    {
      preValidation: quoterStaff,
      schema: { response: { 200: quoteDetailSchema }, tags, summary: "A quote with its options, breakdowns and coverage", params: quoteIdParamSchema },
    },
    async (request) => quoteDetail(db, requireActor(request), request.params.quoteId),
  );
  quoteAction(
    "PUT",
    "/api/quoter/quotes/:quoteId",
    { summary: "Change a draft (re-rated); any other state: 409", body: quoteInputSchema, action: "quoter.quote.update" },
    (actor, quoteId, body) => updateQuote(db, actor, quoteId, body),
  );
  app.delete(
    "/api/quoter/quotes/:quoteId",
    { preValidation: quoterStaff, schema: { tags, summary: "Delete a draft; any other state: 409", params: quoteIdParamSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const { quoteId } = request.params;
      await audited(request, { action: "quoter.quote.delete", detail: { quoteId } }, () => deleteQuote(db, requireActor(request), quoteId));
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/api/quoter/quotes/:quoteId/pdf",
    { preValidation: quoterStaff, schema: { tags, summary: "The quote's PDF (the chosen option once sent, else every option)", params: quoteIdParamSchema } },
    async (request, reply) => {
      const { filename, pdf } = await quotePdf(await quoteDetail(db, requireActor(request), request.params.quoteId));
      return sendPdf(reply, filename, pdf);
    },
  );
  quoteAction(
    "POST",
    "/api/quoter/quotes/:quoteId/send",
    {
      summary: "Send the quote with its chosen option (PDF and private link by email); sending again re-sends",
      body: sendQuoteSchema,
      action: "quoter.quote.send",
      detail: (body) => ({ option: body.option }),
    },
    (actor, quoteId, body) => sendQuote(deps, actor, quoteId, body.option),
  );
  quoteAction(
    "POST",
    "/api/quoter/quotes/:quoteId/accept",
    { summary: "Record the applicant's acceptance (by phone): sent → accepted", body: recordAcceptanceSchema, action: "quoter.quote.accept", detail: byAgent },
    (actor, quoteId, body) => decideByAgent(db, actor, quoteId, { accepted: true, name: body.name }),
  );
  quoteAction(
    "POST",
    "/api/quoter/quotes/:quoteId/decline",
    { summary: "Record the applicant's decline: sent → declined", body: declineQuoteSchema, action: "quoter.quote.decline", detail: byAgent },
    (actor, quoteId, body) => decideByAgent(db, actor, quoteId, { accepted: false, reason: body.reason }),
  );
  quoteAction(
    "POST",
    "/api/quoter/quotes/:quoteId/bind",
    {
      summary: "Bind an accepted quote into its policy (one year from startsOn, default today); twice: 409",
      body: bindQuoteSchema,
      action: "quoter.quote.bind",
      detail: (body) => ({ startsOn: body.startsOn ?? null }),
      answer: { status: 201, schema: policyDetailSchema, read: (actor, policyId: number) => policyDetail(db, actor, policyId) },
    },
    (actor, quoteId, body) => bindQuote(db, actor, quoteId, body.startsOn),
  );

  app.get(
    "/api/quoter/policies",
    {
      preValidation: quoterStaff,
      schema: {
        response: { 200: pagedSchema(policyRowSchema) },
        tags,
        summary: "Policies, newest first (agents: their own)",
        querystring: policiesQuerySchema,
      },
    },
    async (request) => listPolicies(db, requireActor(request), request.query),
  );
  app.get(
    "/api/quoter/policies/:policyId",
    {
      preValidation: quoterStaff,
      schema: { response: { 200: policyDetailSchema }, tags, summary: "A policy with its option's coverage and rating", params: policyIdParamSchema },
    },
    async (request) => policyDetail(db, requireActor(request), request.params.policyId),
  );
  app.get(
    "/api/quoter/figures",
    {
      preValidation: quoterStaff,
      schema: {
        response: { 200: quoterFiguresSchema },
        tags,
        summary: "Quotes made, quoted and accepted amounts, bound and conversion per month and per agent (agents: their own)",
        querystring: quoterFiguresQuerySchema,
      },
    },
    async (request) => quoterFigures(db, requireActor(request), request.query),
  );
};
