import {
  CMS_API,
  cmsPageDetailSchema,
  cmsPageInputSchema,
  cmsPageListSchema,
  cmsPagesQuerySchema,
  cmsPublishSchema,
  cmsVersionRowSchema,
  cmsVersionViewSchema,
  rowIdParam,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor, requireModule, requirePermission } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { createPage, deletePage, listPages, pageDetail, savePage } from "./cms-pages.service.ts";
import { publishNow, registerCmsPublishing, schedulePublish, unpublish } from "./cms-publishing.ts";
import { listVersions, restoreVersion, versionView } from "./cms-versions.service.ts";

/** Every call here: the module on (404 off) and view_pagina (the Website editors group; admins pass). */
const cmsEditor = [requireModule("navegacion"), requirePermission("view_pagina")];
const tags = ["cms"];

const pageParams = z.object({ pageId: rowIdParam() }).strict();
const versionParams = z.object({ pageId: rowIdParam(), version: rowIdParam() }).strict();
const saveQuery = z
  .object({ autosave: z.enum(["true", "false"]).transform((value) => value === "true") })
  .partial()
  .strict();

/** The registered form of a CMS_API path: its page and version numbers as the `:pageId` and `:version` placeholders. */
const route = (path: string) => path.replace("/0", "/:pageId").replace("/versions/1", "/versions/:version");

/**
 * The pages, their versions and their publishing (issue 39, module `navegacion`). One public
 * site per deployment: an editor works on every page. Every write is audited as
 * `cms.page.<verb>` and answers the page as the editor shows it.
 */
export const cmsPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  registerCmsPublishing({ db, jobs: app.jobs, log: app.log });

  app.get(
    CMS_API.pages,
    {
      preValidation: cmsEditor,
      schema: {
        tags,
        summary: "The site's pages, newest-updated first; by title or slug, state and language",
        querystring: cmsPagesQuerySchema,
        response: { 200: cmsPageListSchema },
      },
    },
    async (request) => listPages(db, request.query),
  );
  app.post(
    CMS_API.pages,
    {
      preValidation: cmsEditor,
      schema: {
        tags,
        summary: "Add a page (a draft at version 1); linking a translation links both pages",
        body: cmsPageInputSchema,
        response: { 201: cmsPageDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { slug, language } = request.body;
      const made = await audited(request, { action: "cms.page.create", detail: { slug, language } }, async () =>
        pageDetail(db, await createPage(db, actor, request.body)),
      );
      return reply.status(201).send(made);
    },
  );
  app.get(
    route(CMS_API.page(0)),
    {
      preValidation: cmsEditor,
      schema: { tags, summary: "A page with its draft, as the editor opens it", params: pageParams, response: { 200: cmsPageDetailSchema } },
    },
    async (request) => pageDetail(db, request.params.pageId),
  );
  app.put(
    route(CMS_API.page(0)),
    {
      preValidation: cmsEditor,
      schema: {
        tags,
        summary:
          "Save the draft as a new version (`autosave=true` flags it; an autosave identical to the draft writes nothing). The public page changes only when published",
        params: pageParams,
        querystring: saveQuery,
        body: cmsPageInputSchema,
        response: { 200: cmsPageDetailSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { pageId } = request.params;
      const autosave = request.query.autosave ?? false;
      return audited(request, { action: "cms.page.update", detail: { id: pageId, slug: request.body.slug, autosave } }, async () => {
        await savePage(db, actor, pageId, request.body, autosave);
        return pageDetail(db, pageId);
      });
    },
  );
  app.delete(
    route(CMS_API.page(0)),
    {
      preValidation: cmsEditor,
      schema: {
        tags,
        summary: "Delete a page and its versions; its translation is unlinked and menu items pointing to it are flagged as missing",
        params: pageParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { pageId } = request.params;
      await audited(request, { action: "cms.page.delete", detail: { id: pageId } }, () => deletePage(db, pageId));
      return reply.status(204).send(null);
    },
  );

  app.get(
    route(CMS_API.versions(0)),
    {
      preValidation: cmsEditor,
      schema: {
        tags,
        summary: "A page's versions, newest first: who saved each, when, and which fields it changed",
        params: pageParams,
        response: { 200: z.array(cmsVersionRowSchema) },
      },
    },
    async (request) => listVersions(db, request.params.pageId),
  );
  app.get(
    route(CMS_API.version(0, 1)),
    {
      preValidation: cmsEditor,
      schema: { tags, summary: "One version of a page with its whole content", params: versionParams, response: { 200: cmsVersionViewSchema } },
    },
    async (request) => versionView(db, request.params.pageId, request.params.version),
  );
  app.post(
    route(CMS_API.restore(0, 1)),
    {
      preValidation: cmsEditor,
      schema: {
        tags,
        summary: "Restore a version as the draft (a new version; publishing is separate). 409 when its slug or home is another page's now",
        params: versionParams,
        response: { 200: cmsPageDetailSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { pageId, version } = request.params;
      const event = { action: "cms.page.restore", detail: { id: pageId, restoredFrom: version } as Record<string, unknown> };
      return audited(request, event, async () => {
        event.detail.version = await restoreVersion(db, actor, pageId, version);
        return pageDetail(db, pageId);
      });
    },
  );
  app.post(
    route(CMS_API.publish(0)),
    {
      preValidation: cmsEditor,
      schema: {
        tags,
        summary: "Publish the draft now, or schedule it (`at`, a future time): the public keeps the page as last published until then",
        params: pageParams,
        body: cmsPublishSchema,
        response: { 200: cmsPageDetailSchema },
      },
    },
    async (request) => {
      const { pageId } = request.params;
      const at = request.body.at;
      const event = { action: at ? "cms.page.schedule" : "cms.page.publish", detail: { id: pageId, ...(at ? { at } : {}) } as Record<string, unknown> };
      return audited(request, event, async () => {
        // The version that goes (or will go) public, in the audit record.
        event.detail.version = at ? await schedulePublish(db, app.jobs, pageId, new Date(at)) : await publishNow(db, pageId);
        return pageDetail(db, pageId);
      });
    },
  );
  app.post(
    route(CMS_API.unpublish(0)),
    {
      preValidation: cmsEditor,
      schema: {
        tags,
        summary: "Take a published or scheduled page off the site, back to a draft (409 for a draft)",
        params: pageParams,
        response: { 200: cmsPageDetailSchema },
      },
    },
    async (request) => {
      const { pageId } = request.params;
      return audited(request, { action: "cms.page.unpublish", detail: { id: pageId } }, async () => {
        await unpublish(db, pageId);
        return pageDetail(db, pageId);
      });
    },
  );
};
