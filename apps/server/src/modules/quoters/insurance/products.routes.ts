import {
  insuranceProductIdParamSchema,
  insuranceProductInputSchema,
  insuranceProductsQuerySchema,
  insuranceProductUpdateSchema,
  insuranceVersionInputSchema,
  insuranceVersionParamSchema,
  pagedSchema,
  insuranceProductRowSchema,
  insuranceProductDetailSchema,
  insuranceVersionViewSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor } from "../../../platform/access.ts";
import { audited } from "../../../platform/audit.ts";
import { QUOTER_TAGS as tags, quoterAdmin, quoterStaff } from "./insurance-scope.ts";
import { addVersion, createProduct, listProducts, productDetail, updateProduct, versionView } from "./products.service.ts";

/**
 * Insurance products, the "policies list" (issue 38.2): platform admins create them, change
 * their names and state and save new rules (a new version each time); agents read the active
 * ones to quote with.
 */
export const insuranceProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    "/api/quoter/products",
    {
      preValidation: quoterStaff,
      schema: {
        response: { 200: pagedSchema(insuranceProductRowSchema) },
        tags,
        summary: "Insurance products by code (agents: the active ones)",
        querystring: insuranceProductsQuerySchema,
      },
    },
    async (request) => listProducts(db, requireActor(request), request.query),
  );
  app.post(
    "/api/quoter/products",
    {
      preValidation: quoterAdmin,
      schema: {
        response: { 201: insuranceProductDetailSchema },
        tags,
        summary: "A new insurance product; its rules become version 1 (a code already taken: 409)",
        body: insuranceProductInputSchema,
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const id = await audited(request, { action: "quoter.product.create", detail: { code: request.body.code } }, () => createProduct(db, actor, request.body));
      return reply.status(201).send(await productDetail(db, actor, id));
    },
  );
  app.get(
    "/api/quoter/products/:productId",
    {
      preValidation: quoterStaff,
      schema: {
        response: { 200: insuranceProductDetailSchema },
        tags,
        summary: "A product with its current rules and its versions",
        params: insuranceProductIdParamSchema,
      },
    },
    async (request) => productDetail(db, requireActor(request), request.params.productId),
  );
  app.put(
    "/api/quoter/products/:productId",
    {
      preValidation: quoterAdmin,
      schema: {
        response: { 200: insuranceProductDetailSchema },
        tags,
        summary: "A product's names, descriptions and state (rules change by a new version)",
        params: insuranceProductIdParamSchema,
        body: insuranceProductUpdateSchema,
      },
    },
    async (request) => {
      const { productId } = request.params;
      await audited(request, { action: "quoter.product.update", detail: { productId, state: request.body.state } }, () =>
        updateProduct(db, productId, request.body),
      );
      return productDetail(db, requireActor(request), productId);
    },
  );
  app.post(
    "/api/quoter/products/:productId/versions",
    {
      preValidation: quoterAdmin,
      schema: {
        response: { 201: insuranceProductDetailSchema },
        tags,
        summary: "Save new rules: a new version, current from now on (quotes keep theirs)",
        params: insuranceProductIdParamSchema,
        body: insuranceVersionInputSchema,
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { productId } = request.params;
      await audited(request, { action: "quoter.product.version", detail: { productId, note: request.body.note } }, () =>
        addVersion(db, actor, productId, request.body),
      );
      return reply.status(201).send(await productDetail(db, actor, productId));
    },
  );
  app.get(
    "/api/quoter/products/:productId/versions/:version",
    {
      preValidation: quoterStaff,
      schema: {
        response: { 200: insuranceVersionViewSchema },
        tags,
        summary: "One version of a product's rules, as saved",
        params: insuranceVersionParamSchema,
      },
    },
    async (request) => versionView(db, requireActor(request), request.params.productId, request.params.version),
  );
};
