import {
  PRODUCT_QUOTE_CLIENT_KINDS,
  PRODUCT_QUOTE_LINE_KINDS,
  PRODUCT_QUOTE_STATES,
  type ProductQuoteCatalogueItem,
  type ProductQuoteDetail,
  type ProductQuoteFigures,
  type ProductQuoteRow,
  pagedSchema,
  productQuoteCatalogueQuerySchema,
  productQuoteClinicQuerySchema,
  productQuoteConvertSchema,
  productQuoteFiguresQuerySchema,
  productQuoteIdParamSchema,
  productQuoteInputSchema,
  productQuotesExportQuerySchema,
  productQuotesQuerySchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor } from "../../../platform/access.ts";
import { audited } from "../../../platform/audit.ts";
import { sendExport } from "../../../platform/exports.ts";
import { sendPdf } from "../../../platform/pdf.ts";
import { convertQuote } from "./product-quote-convert.ts";
import { registerQuoteExpiry, sendQuote } from "./product-quote-flow.ts";
import { searchCatalogue } from "./product-quote-lines.ts";
import { quotePdf } from "./product-quote-pdf.ts";
import { exportQuotes, quoteExportColumns, quoteFigures } from "./product-quote-reports.ts";
import { PRODUCT_QUOTE_TAGS as tags, managedQuote, productQuoteDepsOf, productQuoteStaff, quoteClinicFor } from "./product-quotes-scope.ts";
import { createQuote, deleteQuote, duplicateQuote, getQuote, listQuotes, reviseQuote, updateQuote } from "./product-quotes.service.ts";

// ---------------------------------------------------------------- response schemas (the views of packages/shared/src/quoters/products.ts)

const instant = z.string();
const person = z.object({ id: z.string(), name: z.string() });
const state = z.enum(PRODUCT_QUOTE_STATES);
const rowFields = {
  id: z.number().int(),
  rootId: z.number().int(),
  number: z.string(),
  revision: z.number().int(),
  label: z.string(),
  state,
  clientKind: z.enum(PRODUCT_QUOTE_CLIENT_KINDS),
  clientName: z.string(),
  clientEmail: z.string(),
  currency: z.string(),
  totalCents: z.number().int(),
  validUntil: z.string(),
  createdAt: instant,
  sentAt: instant.nullable(),
  createdBy: person.nullable(),
  clinic: person,
};
export const productQuoteRowSchema = z.object(rowFields) satisfies z.ZodType<ProductQuoteRow>;
export const productQuoteDetailSchema = z.object({
  ...rowFields,
  patientId: z.string().nullable(),
  crmClientId: z.number().int().nullable(),
  language: z.string(),
  taxRateBp: z.number().int(),
  discountCents: z.number().int(),
  linesCents: z.number().int(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  termsEn: z.string(),
  termsEs: z.string(),
  note: z.string(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      position: z.number().int(),
      kind: z.enum(PRODUCT_QUOTE_LINE_KINDS),
      refId: z.number().int().nullable(),
      description: z.string(),
      quantity: z.number().int(),
      unitCents: z.number().int(),
      discountCents: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
  viewedAt: instant.nullable(),
  decidedAt: instant.nullable(),
  acceptedName: z.string().nullable(),
  declineReason: z.string().nullable(),
  converted: z.object({ kind: z.enum(["shop", "membership"]), orderId: z.number().int(), at: instant }).nullable(),
  publicPath: z.string().nullable(),
  revisions: z.array(
    z.object({
      id: z.number().int(),
      revision: z.number().int(),
      state,
      totalCents: z.number().int(),
      createdAt: instant,
      sentAt: instant.nullable(),
      decidedAt: instant.nullable(),
    }),
  ),
  history: z.array(z.object({ action: z.string(), at: instant, by: person.nullable() })),
  updatedAt: instant,
}) satisfies z.ZodType<ProductQuoteDetail>;
const catalogueItemSchema = z.object({
  kind: z.enum(["product", "bundle", "service", "plan"]),
  refId: z.number().int(),
  description: z.string(),
  unitCents: z.number().int(),
  currency: z.string(),
  taxRateBp: z.number().int().nullable(),
}) satisfies z.ZodType<ProductQuoteCatalogueItem>;
const figuresSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string().nullable(),
  currencies: z.array(z.string()),
  rows: z.array(
    z.object({
      month: z.string(),
      staff: person.nullable(),
      sent: z.number().int(),
      quotedCents: z.number().int(),
      accepted: z.number().int(),
      acceptedCents: z.number().int(),
      converted: z.number().int(),
      conversionBp: z.number().int(),
    }),
  ),
}) satisfies z.ZodType<ProductQuoteFigures>;

const params = productQuoteIdParamSchema;

/**
 * The product quoter's staff calls (issue 38.1, 38.4): quotes and their lifecycle, the line
 * picker's catalogue, the PDF, exports and figures. Staff with view_productquoter work their own
 * clinic's quotes, platform admins any clinic's (naming the clinic of a new one); another
 * clinic's quote answers 404; therapists and patients 403.
 */
export const productQuotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = productQuoteDepsOf(app);
  const db = deps.db;
  registerQuoteExpiry({ db, jobs: app.jobs, enabled: () => app.flags.isEnabled("product_quoter") });

  app.get(
    "/api/product-quoter/quotes",
    {
      preValidation: productQuoteStaff,
      schema: {
        tags,
        summary: "The caller's quotes, newest first: each quote's latest revision (allRevisions=true for all), by state, number or client, created days",
        querystring: productQuotesQuerySchema,
        response: { 200: pagedSchema(productQuoteRowSchema) },
      },
    },
    async (request) => listQuotes(db, requireActor(request), request.query),
  );
  app.post(
    "/api/product-quoter/quotes",
    {
      preValidation: productQuoteStaff,
      schema: {
        tags,
        summary:
          "A new draft quote with the next number of the clinic's year (admins name the clinic); descriptions and prices left empty come from the catalogue",
        querystring: productQuoteClinicQuerySchema,
        body: productQuoteInputSchema,
        response: { 201: productQuoteDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const clinicId = await quoteClinicFor(db, actor, request.query.clinicId);
      const made = await audited(request, { action: "product_quote.create", detail: { clinicId } }, async () => {
        const id = await createQuote(deps, actor, clinicId, request.body);
        return getQuote(deps, actor, id);
      });
      return reply.status(201).send(made);
    },
  );
  app.get(
    "/api/product-quoter/quotes/:quoteId",
    {
      preValidation: productQuoteStaff,
      schema: {
        tags,
        summary: "A quote with its lines, totals, the revisions of its number and its history",
        params,
        response: { 200: productQuoteDetailSchema },
      },
    },
    async (request) => getQuote(deps, requireActor(request), request.params.quoteId),
  );
  app.put(
    "/api/product-quoter/quotes/:quoteId",
    {
      preValidation: productQuoteStaff,
      schema: {
        tags,
        summary: "Change a draft: its fields and lines as sent. A quote already sent answers 409: make a revision",
        params,
        body: productQuoteInputSchema,
        response: { 200: productQuoteDetailSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { quoteId } = request.params;
      return audited(request, { action: "product_quote.update", detail: { id: quoteId } }, async () => {
        await updateQuote(deps, actor, quoteId, request.body);
        return getQuote(deps, actor, quoteId);
      });
    },
  );
  app.delete(
    "/api/product-quoter/quotes/:quoteId",
    { preValidation: productQuoteStaff, schema: { tags, summary: "Delete a draft (409 for anything else)", params, response: { 204: z.null() } } },
    async (request, reply) => {
      const { quoteId } = request.params;
      await audited(request, { action: "product_quote.delete", detail: { id: quoteId } }, () => deleteQuote(db, requireActor(request), quoteId));
      return reply.status(204).send(null);
    },
  );

  const transition = (
    path: string,
    summary: string,
    action: string,
    status: 200 | 201,
    work: (actorQuote: { actor: ReturnType<typeof requireActor>; quoteId: number }) => Promise<number>,
  ) =>
    app.post(
      path,
      { preValidation: productQuoteStaff, schema: { tags, summary, params, response: { [status]: productQuoteDetailSchema } } },
      async (request, reply) => {
        const actor = requireActor(request);
        const { quoteId } = request.params;
        const answer = await audited(request, { action, detail: { id: quoteId } }, async () => getQuote(deps, actor, await work({ actor, quoteId })));
        return reply.status(status).send(answer);
      },
    );
  transition(
    "/api/product-quoter/quotes/:quoteId/send",
    "Email the quote to its client with the PDF and the private link (a draft becomes sent; sending again keeps the link)",
    "product_quote.send",
    200,
    async ({ actor, quoteId }) => {
      await sendQuote(deps, actor, quoteId);
      return quoteId;
    },
  );
  transition(
    "/api/product-quoter/quotes/:quoteId/duplicate",
    "A new draft with a new number, copied from this quote",
    "product_quote.duplicate",
    201,
    ({ actor, quoteId }) => duplicateQuote(db, actor, quoteId),
  );
  transition(
    "/api/product-quoter/quotes/:quoteId/revise",
    "A new draft revision (same number, next revision) of a sent, viewed, declined or expired quote; this one becomes revised",
    "product_quote.revise",
    201,
    ({ actor, quoteId }) => reviseQuote(db, actor, quoteId),
  );

  app.post(
    "/api/product-quoter/quotes/:quoteId/convert",
    {
      preValidation: productQuoteStaff,
      schema: {
        tags,
        summary: "Turn an accepted patient's quote into a shop order (product and bundle lines) or a membership order (one plan line), once",
        params,
        body: productQuoteConvertSchema,
        response: { 200: productQuoteDetailSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { quoteId } = request.params;
      const { kind } = request.body;
      return audited(request, { action: "product_quote.convert", detail: { id: quoteId, kind } }, async () => {
        await convertQuote(deps, actor, quoteId, kind);
        return getQuote(deps, actor, quoteId);
      });
    },
  );

  app.get(
    "/api/product-quoter/quotes/:quoteId/pdf",
    { preValidation: productQuoteStaff, schema: { tags, summary: "The quote's PDF, in the client's language", params } },
    async (request, reply) => {
      await managedQuote(db, requireActor(request), request.params.quoteId);
      const file = await quotePdf(db, request.params.quoteId);
      return sendPdf(reply, file.filename, file.pdf);
    },
  );

  app.get(
    "/api/product-quoter/catalogue",
    {
      preValidation: productQuoteStaff,
      schema: {
        tags,
        summary: "The line picker: the clinic's active shop variants and bundles, booking services' variations and own plans matching the search (50 at most)",
        querystring: productQuoteCatalogueQuerySchema,
        response: { 200: z.array(catalogueItemSchema) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const clinicId = await quoteClinicFor(db, actor, request.query.clinicId);
      return searchCatalogue(db, clinicId, deps.billing.currency, request.query);
    },
  );

  app.get(
    "/api/product-quoter/exports/quotes",
    {
      preValidation: productQuoteStaff,
      schema: { tags, summary: "The quotes as CSV or XLSX, with the list's filters", querystring: productQuotesExportQuerySchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { format, language, ...filters } = request.query;
      const rows = await audited(request, { action: "product_quote.export", detail: { format, ...filters } }, () =>
        exportQuotes(db, actor, filters, app.config.exports.maxRows),
      );
      const headers = language ?? (actor.language === "es" ? "es" : "en");
      return sendExport(reply, format, headers === "es" ? "presupuestos" : "quotes", quoteExportColumns(headers), rows);
    },
  );

  app.get(
    "/api/product-quoter/figures",
    {
      preValidation: productQuoteStaff,
      schema: {
        tags,
        summary: "Per month and per author: quotes sent, quoted and accepted amounts, conversions and the conversion rate (the last 12 months by default)",
        querystring: productQuoteFiguresQuerySchema,
        response: { 200: figuresSchema },
      },
    },
    async (request) => quoteFigures(db, requireActor(request), request.query),
  );
};
