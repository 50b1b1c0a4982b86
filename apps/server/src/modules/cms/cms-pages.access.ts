import { type AccessTable, adminOnly, type MatrixFixtures } from "../../guardrails/access-matrix.ts";
import { makeCmsPage } from "./cms-pages.fixture.ts";

/**
 * The cells of the CMS pages (issue 39). Every call needs view_pagina, which only the Website
 * editors group holds (a custom group, no matrix role is in it) and admins pass: 401 signed
 * out, 403 for every other role. One site per deployment, so there is no other clinic's page.
 */

/** A page made afresh for the cell that reads, changes or deletes it. */
const freshPage = async (fx: MatrixFixtures, state: "draft" | "published" = "draft") => ({ params: { pageId: (await makeCmsPage(fx.db, { state })).id } });

/** A valid page with a unique slug. */
const pageBody = (fx: MatrixFixtures) => ({
  title: "Matrix page",
  slug: fx
    .unique("matrix-page")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, ""),
  language: "en",
  blocks: [{ kind: "text", html: "<p>Balance exercises.</p>" }],
});

export const cmsPagesAccess: AccessTable = {
  "GET /api/cms/pages": { expect: adminOnly(200) },
  "POST /api/cms/pages": { expect: adminOnly(201), request: (fx) => ({ body: pageBody(fx) }) },
  "GET /api/cms/pages/:pageId": { expect: adminOnly(200), request: (fx) => freshPage(fx) },
  "PUT /api/cms/pages/:pageId": { expect: adminOnly(200), request: async (fx) => ({ ...(await freshPage(fx)), body: pageBody(fx) }) },
  "DELETE /api/cms/pages/:pageId": { expect: adminOnly(204), request: (fx) => freshPage(fx) },
  "GET /api/cms/pages/:pageId/versions": { expect: adminOnly(200), request: (fx) => freshPage(fx) },
  "GET /api/cms/pages/:pageId/versions/:version": {
    expect: adminOnly(200),
    request: async (fx) => ({ params: { ...(await freshPage(fx)).params, version: 1 } }),
  },
  "POST /api/cms/pages/:pageId/versions/:version/restore": {
    expect: adminOnly(200),
    request: async (fx) => ({ params: { ...(await freshPage(fx)).params, version: 1 } }),
  },
  "POST /api/cms/pages/:pageId/publish": { expect: adminOnly(200), request: async (fx) => ({ ...(await freshPage(fx)), body: {} }) },
  "POST /api/cms/pages/:pageId/unpublish": { expect: adminOnly(200), request: (fx) => freshPage(fx, "published") },
};
