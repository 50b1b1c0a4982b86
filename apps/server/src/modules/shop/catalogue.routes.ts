import {
  bundleInputSchema,
  importProgressParamSchema,
  importProgressSchema,
  SHOP_IMPORT_FAILED,
  shopExportQuerySchema,
  shopImportFormSchema,
  shopImportResultSchema,
  discountInputSchema,
  inventoryQuerySchema,
  inventoryRowSchema,
  pageQuerySchema,
  pagedSchema,
  productInputSchema,
  productsQuerySchema,
  shopBundleSchema,
  shopCategoryInputSchema,
  shopCategorySchema,
  shopDiscountSchema,
  shopIdParamSchema,
  shopProductRowSchema,
  shopProductSchema,
  shopStoreSchema,
  stockAdjustmentSchema,
  stockMoveSchema,
  storeIdParamSchema,
  storeInputSchema,
  thresholdInputSchema,
} from "@clinic/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor, requireModule, requirePermission } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { badRequest, type FieldErrors } from "../../platform/errors.ts";
import { sendExport } from "../../platform/exports.ts";
import { keptAnswer } from "../../platform/kept-answers.ts";
import { receiveMultipart } from "../../platform/multipart.ts";
import { readSheet } from "../people/import-file.ts";
import { importProgress, progressReporter } from "../people/import.service.ts";
import { exportColumns, exportRows, importProducts } from "./product-import.ts";
import {
  createBundle,
  createDiscount,
  deleteBundle,
  deleteDiscount,
  getBundle,
  listBundles,
  listDiscounts,
  updateBundle,
  updateDiscount,
} from "./offers.service.ts";
import {
  adjustVariant,
  createProduct,
  deleteProduct,
  getProduct,
  listInventory,
  listMoves,
  listProducts,
  setThreshold,
  updateProduct,
} from "./products.service.ts";
import { managedStores, storeOf } from "./shop-scope.ts";
import { createCategory, createStore, deleteCategory, listManagedCategories, listManagedStores, updateCategory, updateStore } from "./stores.service.ts";

const tags = ["shop"];
const shop = requireModule("virtual_shop");
const discountRights = ["add_orderdiscount", "change_orderdiscount", "delete_orderdiscount"] as const;
const bundleRights = ["add_bundle", "change_bundle", "delete_bundle"] as const;
/** Whoever manages any part of a shop reads its stores and categories (the screens' store and category choices). */
const anyManager = [shop, requirePermission("change_store", "change_category", "change_product", ...discountRights, ...bundleRights)];
const stores = [shop, requirePermission("change_store")];
const categories = [shop, requirePermission("change_category")];
const products = [shop, requirePermission("change_product")];
/** The product list is also the discount dialog's product picker: discount managers read it too (and write no product). */
const productPicker = [shop, requirePermission("change_product", ...discountRights)];
/** The inventory's list is also the bundle dialog's variant picker: bundle managers read it too (and count no stock). */
const variantPicker = [shop, requirePermission("change_product", ...bundleRights)];
/** The bundle list is also the discount dialog's bundle picker: discount managers read it too. */
const bundlePicker = [shop, requirePermission(...bundleRights, ...discountRights)];
const discounts = [shop, requirePermission(...discountRights)];
const bundles = [shop, requirePermission(...bundleRights)];

/**
 * The shop's management (issue 20.1, spec §6 permissions): stores, categories, products with
 * their variants and images, inventory, discounts and bundles. Every call is also held to the
 * stores of the caller's own clinic (admins: every store); another clinic's rows answer 404.
 */
export const shopCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const noContent = { 204: z.null() };

  // ------------------------------------------------------------ stores
  app.get(
    "/api/shop/stores",
    {
      preValidation: anyManager,
      config: { keptAnswer: true },
      schema: { tags, summary: "The stores the caller manages, by name", response: { 200: z.array(shopStoreSchema) } },
    },
    async (request, reply) => keptAnswer(db, request, reply, () => listManagedStores(db, requireActor(request))),
  );
  app.post(
    "/api/shop/stores",
    {
      preValidation: stores,
      schema: {
        tags,
        summary: "Open a store (administrators name its clinic; a clinic opens its own)",
        body: storeInputSchema,
        response: { 201: shopStoreSchema },
      },
    },
    async (request, reply) => {
      const created = await audited(request, { action: "shop.store.create", detail: { name: request.body.name } }, () =>
        createStore(db, requireActor(request), request.body),
      );
      return reply.status(201).send(created);
    },
  );
  app.put(
    "/api/shop/stores/:id",
    {
      preValidation: stores,
      schema: { tags, summary: "A store's settings", params: shopIdParamSchema, body: storeInputSchema, response: { 200: shopStoreSchema } },
    },
    async (request) =>
      audited(request, { action: "shop.store.update", detail: { id: request.params.id } }, () =>
        updateStore(db, requireActor(request), request.params.id, request.body),
      ),
  );

  // ------------------------------------------------------------ categories
  app.get(
    "/api/shop/stores/:storeId/categories",
    {
      preValidation: anyManager,
      config: { keptAnswer: true },
      schema: { tags, summary: "A store's categories with their product counts", params: storeIdParamSchema, response: { 200: z.array(shopCategorySchema) } },
    },
    async (request, reply) => keptAnswer(db, request, reply, () => listManagedCategories(db, requireActor(request), request.params.storeId)),
  );
  app.post(
    "/api/shop/stores/:storeId/categories",
    {
      preValidation: categories,
      schema: { tags, summary: "Add a category", params: storeIdParamSchema, body: shopCategoryInputSchema, response: { 201: shopCategorySchema } },
    },
    async (request, reply) => reply.status(201).send(await createCategory(db, requireActor(request), request.params.storeId, request.body)),
  );
  app.put(
    "/api/shop/categories/:id",
    {
      preValidation: categories,
      schema: { tags, summary: "Rename or move a category", params: shopIdParamSchema, body: shopCategoryInputSchema, response: { 200: shopCategorySchema } },
    },
    async (request) => updateCategory(db, requireActor(request), request.params.id, request.body),
  );
  app.delete(
    "/api/shop/categories/:id",
    {
      preValidation: categories,
      schema: { tags, summary: "Delete a category (its products stay, uncategorised)", params: shopIdParamSchema, response: noContent },
    },
    async (request, reply) => {
      await deleteCategory(db, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ products
  app.get(
    "/api/shop/stores/:storeId/products",
    {
      preValidation: productPicker,
      schema: {
        tags,
        summary: "A store's products by name (`q`: name or exact SKU; `category`; `active`)",
        params: storeIdParamSchema,
        querystring: productsQuerySchema,
        response: { 200: pagedSchema(shopProductRowSchema) },
      },
    },
    async (request) => listProducts(db, requireActor(request), request.params.storeId, request.query),
  );
  app.post(
    "/api/shop/stores/:storeId/products",
    {
      preValidation: products,
      schema: {
        tags,
        summary: "Add a product with its variants and images",
        params: storeIdParamSchema,
        body: productInputSchema,
        response: { 201: shopProductSchema },
      },
    },
    async (request, reply) => {
      const created = await audited(request, { action: "shop.product.create", detail: { storeId: request.params.storeId, name: request.body.name } }, () =>
        createProduct(db, requireActor(request), request.params.storeId, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  app.get(
    "/api/shop/products/:id",
    {
      preValidation: products,
      schema: { tags, summary: "One product as its manager edits it", params: shopIdParamSchema, response: { 200: shopProductSchema } },
    },
    async (request) => getProduct(db, requireActor(request), request.params.id),
  );
  app.put(
    "/api/shop/products/:id",
    {
      preValidation: products,
      schema: {
        tags,
        summary:
          "Save a product: variants with an id are updated (their stock moves only by adjustments and orders), new ones added with their opening stock, missing ones removed (409 while in a bundle)",
        params: shopIdParamSchema,
        body: productInputSchema,
        response: { 200: shopProductSchema },
      },
    },
    async (request) =>
      audited(request, { action: "shop.product.update", detail: { id: request.params.id } }, () =>
        updateProduct(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.delete(
    "/api/shop/products/:id",
    { preValidation: products, schema: { tags, summary: "Delete a product (409 while sold in a bundle)", params: shopIdParamSchema, response: noContent } },
    async (request, reply) => {
      await audited(request, { action: "shop.product.delete", detail: { id: request.params.id } }, () =>
        deleteProduct(db, requireActor(request), request.params.id),
      );
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ inventory
  app.get(
    "/api/shop/stores/:storeId/inventory",
    {
      preValidation: variantPicker,
      schema: {
        tags,
        summary: "Stock per variant (`low=true`: at or below its threshold; `q`: SKU, product or variant name)",
        params: storeIdParamSchema,
        querystring: inventoryQuerySchema,
        response: { 200: pagedSchema(inventoryRowSchema) },
      },
    },
    async (request) => listInventory(db, requireActor(request), request.params.storeId, request.query),
  );
  app.post(
    "/api/shop/variants/:id/adjustments",
    {
      preValidation: products,
      schema: {
        tags,
        summary: "Count stock in or out with a reason (409 when it would go below zero)",
        params: shopIdParamSchema,
        body: stockAdjustmentSchema,
        response: { 200: inventoryRowSchema },
      },
    },
    async (request) =>
      audited(request, { action: "shop.stock.adjust", detail: { variantId: request.params.id, delta: request.body.delta } }, () =>
        adjustVariant(db, requireActor(request), request.params.id, request.body.delta, request.body.note),
      ),
  );
  app.put(
    "/api/shop/variants/:id/threshold",
    {
      preValidation: products,
      schema: {
        tags,
        summary: "A variant's low-stock threshold",
        params: shopIdParamSchema,
        body: thresholdInputSchema,
        response: { 200: inventoryRowSchema },
      },
    },
    async (request) => setThreshold(db, requireActor(request), request.params.id, request.body.lowStockThreshold),
  );
  app.get(
    "/api/shop/variants/:id/moves",
    {
      preValidation: products,
      schema: {
        tags,
        summary: "A variant's stock history, newest first",
        params: shopIdParamSchema,
        querystring: pageQuerySchema,
        response: { 200: pagedSchema(stockMoveSchema) },
      },
    },
    async (request) => listMoves(db, requireActor(request), request.params.id, request.query),
  );

  // ------------------------------------------------------------ discounts
  app.get(
    "/api/shop/stores/:storeId/discounts",
    {
      preValidation: discounts,
      schema: { tags, summary: "A store's discounts with their uses", params: storeIdParamSchema, response: { 200: z.array(shopDiscountSchema) } },
    },
    async (request) => listDiscounts(db, requireActor(request), request.params.storeId),
  );
  app.post(
    "/api/shop/stores/:storeId/discounts",
    {
      preValidation: [shop, requirePermission("add_orderdiscount")],
      schema: {
        tags,
        summary: "Add a discount (a code, or automatic)",
        params: storeIdParamSchema,
        body: discountInputSchema,
        response: { 201: shopDiscountSchema },
      },
    },
    async (request, reply) => {
      const created = await audited(request, { action: "shop.discount.create", detail: { storeId: request.params.storeId, code: request.body.code } }, () =>
        createDiscount(db, requireActor(request), request.params.storeId, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  app.put(
    "/api/shop/discounts/:id",
    {
      preValidation: [shop, requirePermission("change_orderdiscount")],
      schema: { tags, summary: "Change a discount", params: shopIdParamSchema, body: discountInputSchema, response: { 200: shopDiscountSchema } },
    },
    async (request) =>
      audited(request, { action: "shop.discount.update", detail: { id: request.params.id } }, () =>
        updateDiscount(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.delete(
    "/api/shop/discounts/:id",
    {
      preValidation: [shop, requirePermission("delete_orderdiscount")],
      schema: { tags, summary: "Delete a discount no order used (409 otherwise: switch it off)", params: shopIdParamSchema, response: noContent },
    },
    async (request, reply) => {
      await audited(request, { action: "shop.discount.delete", detail: { id: request.params.id } }, () =>
        deleteDiscount(db, requireActor(request), request.params.id),
      );
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ bundles
  app.get(
    "/api/shop/stores/:storeId/bundles",
    {
      preValidation: bundlePicker,
      schema: { tags, summary: "A store's bundles with their parts and stock", params: storeIdParamSchema, response: { 200: z.array(shopBundleSchema) } },
    },
    async (request) => listBundles(db, requireActor(request), request.params.storeId),
  );
  app.post(
    "/api/shop/stores/:storeId/bundles",
    {
      preValidation: [shop, requirePermission("add_bundle")],
      schema: {
        tags,
        summary: "Add a bundle of this store's variants at a price of its own",
        params: storeIdParamSchema,
        body: bundleInputSchema,
        response: { 201: shopBundleSchema },
      },
    },
    async (request, reply) => {
      const created = await audited(request, { action: "shop.bundle.create", detail: { storeId: request.params.storeId, name: request.body.name } }, () =>
        createBundle(db, requireActor(request), request.params.storeId, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  app.get(
    "/api/shop/bundles/:id",
    { preValidation: bundles, schema: { tags, summary: "One bundle", params: shopIdParamSchema, response: { 200: shopBundleSchema } } },
    async (request) => getBundle(db, requireActor(request), request.params.id),
  );
  app.put(
    "/api/shop/bundles/:id",
    {
      preValidation: [shop, requirePermission("change_bundle")],
      schema: { tags, summary: "Change a bundle", params: shopIdParamSchema, body: bundleInputSchema, response: { 200: shopBundleSchema } },
    },
    async (request) =>
      audited(request, { action: "shop.bundle.update", detail: { id: request.params.id } }, () =>
        updateBundle(db, requireActor(request), request.params.id, request.body),
      ),
  );
  app.delete(
    "/api/shop/bundles/:id",
    {
      preValidation: [shop, requirePermission("delete_bundle")],
      schema: { tags, summary: "Delete a bundle (orders keep their lines)", params: shopIdParamSchema, response: noContent },
    },
    async (request, reply) => {
      await audited(request, { action: "shop.bundle.delete", detail: { id: request.params.id } }, () =>
        deleteBundle(db, requireActor(request), request.params.id),
      );
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ import and export
  app.get(
    "/api/shop/stores/:storeId/products/export",
    {
      preValidation: products,
      schema: {
        tags,
        summary: "The store's variants as CSV or XLSX, in the columns an import reads",
        params: storeIdParamSchema,
        querystring: shopExportQuerySchema,
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const rows = await exportRows(db, actor, request.params.storeId, app.config.exports.maxRows);
      const language = request.query.language ?? (actor.language === "es" ? "es" : "en");
      return sendExport(reply, request.query.format, "products", exportColumns(language), rows);
    },
  );
  app.post(
    "/api/shop/stores/:storeId/products/import",
    {
      preValidation: products,
      schema: {
        tags,
        summary: `Import products and stock from CSV or XLSX (multipart: \`file\`, optional \`progressId\`): known SKUs updated (stock set as counted), others added; all rows or none; 400 "${SHOP_IMPORT_FAILED}" with \`rowErrors\``,
        consumes: ["multipart/form-data"],
        params: storeIdParamSchema,
        response: { 201: shopImportResultSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // The store is checked before a byte of the file is read.
      await storeOf(db, managedStores(actor), { storeId: request.params.storeId });
      const { maxBytes, maxRows } = app.config.imports;
      const form = await receiveMultipart(request, app.uploads.stagingDir, "file", () => maxBytes);
      try {
        const errors: FieldErrors = { ...form.errors };
        const fields = shopImportFormSchema.safeParse(form.fields);
        if (!fields.success) for (const issue of fields.error.issues) errors[String(issue.path[0] ?? "detail")] = [issue.message];
        if (!form.staged) errors.file = ["Choose a CSV or XLSX file."];
        if (Object.keys(errors).length > 0 || !fields.success || !form.staged) throw badRequest(errors);
        const sheet = await readSheet(form.staged.tempPath, form.staged.head, maxRows);
        const report = fields.data.progressId ? progressReporter(db, fields.data.progressId, actor.id, sheet.rows.length) : async () => {};
        try {
          const result = await audited(request, { action: "shop.products.import", detail: { storeId: request.params.storeId, rows: sheet.rows.length } }, () =>
            importProducts(db, actor, request.params.storeId, sheet, report),
          );
          return reply.status(201).send(result);
        } catch (error) {
          await report("failed", 0);
          throw error;
        }
      } finally {
        await form.staged?.discard();
      }
    },
  );
  app.get(
    "/api/shop/imports/:id/progress",
    {
      preValidation: products,
      schema: {
        tags,
        summary: "How far the caller's own running product import has got (the `progressId` it sent); 404 for anyone else's",
        params: importProgressParamSchema,
        response: { 200: importProgressSchema },
      },
    },
    async (request) => importProgress(db, requireActor(request), request.params.id),
  );
};
