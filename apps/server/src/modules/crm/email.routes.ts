import {
  CRM_EMAIL_MESSAGES,
  crmCampaignCreatedSchema,
  crmCampaignInputSchema,
  crmCampaignSchema,
  crmCampaignsQuerySchema,
  crmClickQuerySchema,
  crmClinicQuerySchema,
  crmEmailFormatInputSchema,
  crmEmailFormatSchema,
  crmEmailFormatsQuerySchema,
  crmEmailTestResultSchema,
  crmEmailTestSchema,
  crmIdParamSchema,
  crmTokenParamSchema,
  crmUnsubscribeInputSchema,
  crmUnsubscribeViewSchema,
  pagedSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor, requireModule, requirePermission } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { badRequest, notFound } from "../../platform/errors.ts";
import { type CampaignDeps, cancelCampaign, createCampaign, getCampaign, listCampaigns, registerCampaignDelivery } from "./campaigns.service.ts";
import { crmClinicFor } from "./crm-scope.ts";
import { createFormat, deleteFormat, formatRow, listFormats, sendTest, toFormat, updateFormat } from "./email-formats.service.ts";
import { recordClick, recordOpen, unsubscribe, unsubscribeView } from "./unsubscribe.service.ts";

const tags = ["crm"];
const crm = requireModule("crm_manager");
/** Email formats and mass email are the CRM admin's (the clinic, platform admins); agents get 403. */
const admins = [crm, requirePermission("is_admin")];
/** The recipient's links: no session, the token is the key. */
const open = [crm];
const idParams = crmIdParamSchema;
const noContent = { 204: z.null() };

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * The CRM's email (issue 36.5): email formats with a test send, mass email to a list (scheduled,
 * paced, each recipient once), and the recipient's unsubscribe link, open pixel and tracked
 * links. Everything but the recipient's links is the clinic's CRM admin's; another clinic's
 * rows answer 404.
 */
export const crmEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const deps: CampaignDeps = {
    db,
    mailer: app.mailer,
    jobs: app.jobs,
    emailsPerSecond: app.config.mail.crmPerSecond,
    unsubscribeKey: app.deriveKey("crm-unsubscribe"),
    trackingKey: app.deriveKey("crm-tracking"),
  };
  registerCampaignDelivery(deps);

  // ------------------------------------------------------------ email formats
  app.get(
    "/api/crm/email-formats",
    {
      preValidation: admins,
      schema: {
        tags,
        summary: "The clinic's email formats, newest first (admins: every clinic's, or the one named)",
        querystring: crmEmailFormatsQuerySchema,
        response: { 200: pagedSchema(crmEmailFormatSchema) },
      },
    },
    async (request) => listFormats(db, requireActor(request), request.query),
  );
  app.post(
    "/api/crm/email-formats",
    {
      preValidation: admins,
      schema: {
        tags,
        summary: "Add an email format (admins name its clinic)",
        querystring: crmClinicQuerySchema,
        body: crmEmailFormatInputSchema,
        response: { 201: crmEmailFormatSchema },
      },
    },
    async (request, reply) => {
      const clinicId = await crmClinicFor(db, requireActor(request), request.query.clinicId);
      const made = await audited(request, { action: "crm.email-format.create", detail: { clinicId, name: request.body.name } }, () =>
        createFormat(db, clinicId, request.body),
      );
      return reply.status(201).send(made);
    },
  );
  app.get(
    "/api/crm/email-formats/:id",
    { preValidation: admins, schema: { tags, summary: "An email format", params: idParams, response: { 200: crmEmailFormatSchema } } },
    async (request) => toFormat(await formatRow(db, requireActor(request), request.params.id)),
  );
  app.put(
    "/api/crm/email-formats/:id",
    {
      preValidation: admins,
      schema: { tags, summary: "Change an email format", params: idParams, body: crmEmailFormatInputSchema, response: { 200: crmEmailFormatSchema } },
    },
    async (request) =>
      audited(request, { action: "crm.email-format.update", detail: { id: request.params.id } }, () =>
        updateFormat(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.delete(
    "/api/crm/email-formats/:id",
    {
      preValidation: admins,
      schema: { tags, summary: "Delete an email format (mass emails sent with it keep their copy)", params: idParams, response: noContent },
    },
    async (request, reply) => {
      await audited(request, { action: "crm.email-format.delete", detail: { id: request.params.id } }, () =>
        deleteFormat(db, requireActor(request), request.params.id),
      );
      return reply.status(204).send(null);
    },
  );
  app.post(
    "/api/crm/email-formats/:id/test",
    {
      preValidation: admins,
      schema: {
        tags,
        summary: 'Send the format now to one address, with sample values and "[Test]" before its subject',
        params: idParams,
        body: crmEmailTestSchema,
        response: { 200: crmEmailTestResultSchema },
      },
    },
    async (request) =>
      audited(request, { action: "crm.email-format.test", detail: { id: request.params.id, to: request.body.to } }, () =>
        sendTest(db, app.mailer, requireActor(request), request.params.id, request.body.to),
      ),
  );

  // ------------------------------------------------------------ mass email
  app.get(
    "/api/crm/campaigns",
    {
      preValidation: admins,
      schema: {
        tags,
        summary: "The clinic's mass emails, newest first, each with its progress",
        querystring: crmCampaignsQuerySchema,
        response: { 200: pagedSchema(crmCampaignSchema) },
      },
    },
    async (request) => listCampaigns(db, requireActor(request), request.query),
  );
  app.post(
    "/api/crm/campaigns",
    {
      preValidation: admins,
      schema: {
        tags,
        summary: "Send an email format to a list, now or at sendAt (the format is copied: later edits do not change it)",
        body: crmCampaignInputSchema,
        response: { 201: crmCampaignCreatedSchema },
      },
    },
    async (request, reply) => {
      const campaign = await audited(
        request,
        { action: "crm.campaign.create", detail: { formatId: request.body.formatId, listId: request.body.listId, sendAt: request.body.sendAt ?? null } },
        () => createCampaign(deps, requireActor(request), request.body),
      );
      return reply.status(201).send({ detail: CRM_EMAIL_MESSAGES.scheduled, campaign });
    },
  );
  app.get(
    "/api/crm/campaigns/:id",
    { preValidation: admins, schema: { tags, summary: "A mass email with its progress", params: idParams, response: { 200: crmCampaignSchema } } },
    async (request) => getCampaign(db, requireActor(request), request.params.id),
  );
  app.post(
    "/api/crm/campaigns/:id/cancel",
    {
      preValidation: admins,
      schema: { tags, summary: "Cancel a scheduled mass email (409 once it has started)", params: idParams, response: { 200: crmCampaignSchema } },
    },
    async (request) =>
      audited(request, { action: "crm.campaign.cancel", detail: { id: request.params.id } }, () =>
        cancelCampaign(db, requireActor(request), request.params.id),
      ),
  );

  // ------------------------------------------------------------ the recipient's links (no session)
  app.get(
    "/api/crm/unsubscribe/:token",
    {
      preValidation: open,
      schema: {
        tags,
        summary: "The unsubscribe page's address (partly hidden) and clinic; 404 for a token we did not sign",
        params: crmTokenParamSchema,
        response: { 200: crmUnsubscribeViewSchema },
      },
    },
    async (request) => unsubscribeView(db, deps.unsubscribeKey, request.params.token),
  );
  // Its own scope: the one route that takes a form body (RFC 8058's `List-Unsubscribe=One-Click`).
  await app.register(oneClickRoute(deps));
  app.get(
    "/api/crm/t/o/:token",
    { preValidation: open, schema: { tags, summary: "A mass email's open pixel (a 1×1 GIF); records the first open", params: crmTokenParamSchema } },
    async (request, reply) => {
      if (!(await recordOpen(db, deps.trackingKey, request.params.token))) throw notFound();
      return reply.header("cache-control", "no-store").type("image/gif").send(PIXEL);
    },
  );
  app.get(
    "/api/crm/t/c/:token",
    {
      preValidation: open,
      schema: {
        tags,
        summary: "A mass email's tracked link: redirects (302) to the address we signed, recording the first click; 404 otherwise",
        params: crmTokenParamSchema,
        querystring: crmClickQuerySchema,
      },
    },
    async (request, reply) => {
      const target = await recordClick(db, deps.trackingKey, request.params.token, request.query.u, request.query.s);
      if (target === null) throw notFound();
      return reply.header("cache-control", "no-store").redirect(target, 302);
    },
  );
};

/** The unsubscribe call: JSON from the page, or a mail provider's one-click form body. */
const oneClickRoute =
  (deps: CampaignDeps): FastifyPluginAsyncZod =>
  async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, body, done) => {
      try {
        done(null, Object.fromEntries(new URLSearchParams(body.toString())));
      } catch {
        done(badRequest("The form body could not be read."), undefined);
      }
    });
    scope.post(
      "/api/crm/unsubscribe/:token",
      {
        preValidation: open,
        schema: {
          tags,
          summary: "Unsubscribe the token's client from mass email (once); RFC 8058 one-click posts List-Unsubscribe=One-Click",
          params: crmTokenParamSchema,
          body: crmUnsubscribeInputSchema,
          response: { 200: crmUnsubscribeViewSchema },
        },
      },
      async (request) => unsubscribe(deps.db, deps.unsubscribeKey, request.params.token),
    );
  };
