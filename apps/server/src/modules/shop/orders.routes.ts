import {
  cartCodeInputSchema,
  cartLineInputSchema,
  checkoutInputSchema,
  checkoutResultSchema,
  FULFILMENTS,
  orderNoteSchema,
  pagedSchema,
  refundInputSchema,
  shopBundleSchema,
  shopCartSchema,
  shopCategorySchema,
  shopIdParamSchema,
  shopOrderRowSchema,
  shopOrderSchema,
  shopOrdersQuerySchema,
  shopStoreSchema,
  storefrontItemSchema,
  storefrontProductSchema,
  storefrontQuerySchema,
  storeIdParamSchema,
} from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor, requireAuth, requireModule, requirePermission } from "../../platform/access.ts";
import { audited } from "../../platform/audit.ts";
import { notFound } from "../../platform/errors.ts";
import { keptAnswer } from "../../platform/kept-answers.ts";
import { getCart, setCartCode, setCartLine } from "./cart.service.ts";
import { applyShopEvent, cancelOrder, cancelOwnOrder, getManagedOrder, markFulfilled, markPaid, refundOrder, registerExpiry } from "./order-states.ts";
import { checkout, ordersWhere, orderWhere, publicOrder, type ShopDeps } from "./orders.service.ts";
import { renderPackingSlip } from "./packing-slip.ts";
import { managedStores, shoppableStores, storeOf } from "./shop-scope.ts";
import { storefrontBundle, storefrontItems, storefrontProduct } from "./storefront.service.ts";
import { categoriesOf, storesWhere } from "./stores.service.ts";
import { sendPdf } from "../../platform/pdf.ts";

const tags = ["shop"];
const shop = requireModule("virtual_shop");
const customer = [shop, requireAuth];
const orderManager = [shop, requirePermission("change_store")];
const cartQuerySchema = z.object({ fulfilment: z.enum(FULFILMENTS).default("ship") }).strict();

/**
 * The storefront, the cart, checkout and orders (issue 20.2–20.4). Customers buy at the open
 * stores of their own clinic and see only their own orders (another's answers 404); managers
 * (change_store) work the orders of their clinic's stores.
 */
export const shopOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const deps: ShopDeps = {
    db,
    mailer: app.mailer,
    jobs: app.jobs,
    providers: app.payments.providers,
    settings: app.config.shop,
    bankDetails: app.config.billing.bankDetails,
  };
  registerExpiry(deps);
  app.payments.targets.set("shop", { apply: (tx, event) => applyShopEvent(tx, deps, event) });
  const providers = app.config.billing.providers;

  // ------------------------------------------------------------ storefront
  app.get(
    "/api/shop/storefront/stores",
    { preValidation: customer, schema: { tags, summary: "The open stores the caller can buy at", response: { 200: z.array(shopStoreSchema) } } },
    async (request) => storesWhere(db, shoppableStores(requireActor(request))),
  );
  app.get(
    "/api/shop/storefront/stores/:storeId/categories",
    {
      preValidation: customer,
      schema: {
        tags,
        summary: "The store's categories that have something on sale",
        params: storeIdParamSchema,
        response: { 200: z.array(shopCategorySchema) },
      },
    },
    async (request) => {
      await storeOf(db, shoppableStores(requireActor(request)), { storeId: request.params.storeId });
      return categoriesOf(db, request.params.storeId, true);
    },
  );
  app.get(
    "/api/shop/storefront/stores/:storeId/items",
    {
      preValidation: customer,
      config: { keptAnswer: true },
      schema: {
        tags,
        summary: "What is on sale: bundles first, then products by name (`q` searches names; `category` shows its products)",
        params: storeIdParamSchema,
        querystring: storefrontQuerySchema,
        response: { 200: pagedSchema(storefrontItemSchema) },
      },
    },
    // Kept while the store, its products, categories, pictures and bundles are unchanged (a sale
    // that leaves a product in stock changes none of them: migration 0031). Nothing in it depends
    // on the clock: what is on sale is what is active with an active variant.
    async (request, reply) => keptAnswer(db, request, reply, () => storefrontItems(db, requireActor(request), request.params.storeId, request.query)),
  );
  app.get(
    "/api/shop/storefront/products/:id",
    { preValidation: customer, schema: { tags, summary: "A product on sale", params: shopIdParamSchema, response: { 200: storefrontProductSchema } } },
    async (request) => storefrontProduct(db, requireActor(request), request.params.id),
  );
  app.get(
    "/api/shop/storefront/bundles/:id",
    { preValidation: customer, schema: { tags, summary: "A bundle on sale", params: shopIdParamSchema, response: { 200: shopBundleSchema } } },
    async (request) => storefrontBundle(db, requireActor(request), request.params.id),
  );

  // ------------------------------------------------------------ cart and checkout
  app.get(
    "/api/shop/cart/:storeId",
    {
      preValidation: customer,
      schema: {
        tags,
        summary: "The caller's cart at a store, priced by the server (`fulfilment=collect`: without shipping)",
        params: storeIdParamSchema,
        querystring: cartQuerySchema,
        response: { 200: shopCartSchema },
      },
    },
    async (request) => getCart(db, requireActor(request), request.params.storeId, providers, request.query.fulfilment),
  );
  app.put(
    "/api/shop/cart/:storeId/lines",
    {
      preValidation: customer,
      schema: {
        tags,
        summary: "Set how many of a variant or a bundle the cart holds (0 removes it; 409 off sale or beyond stock)",
        params: storeIdParamSchema,
        body: cartLineInputSchema,
        response: { 200: shopCartSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await setCartLine(db, actor, request.params.storeId, request.body);
      return getCart(db, actor, request.params.storeId, providers);
    },
  );
  app.put(
    "/api/shop/cart/:storeId/code",
    {
      preValidation: customer,
      schema: {
        tags,
        summary: "Enter a discount code (400 on `code` when unknown, expired, used up or not applicable) or remove it (null)",
        params: storeIdParamSchema,
        body: cartCodeInputSchema,
        response: { 200: shopCartSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await setCartCode(db, actor, request.params.storeId, request.body.code);
      return getCart(db, actor, request.params.storeId, providers);
    },
  );
  app.post(
    "/api/shop/cart/:storeId/checkout",
    {
      preValidation: customer,
      schema: {
        tags,
        summary:
          "Place the cart as a pending order: totals computed by the server, stock reserved (409 when short), the confirmation emailed; `redirectUrl` is the card payment page (Stripe) or null (transfer)",
        params: storeIdParamSchema,
        body: checkoutInputSchema,
        response: { 201: checkoutResultSchema },
      },
    },
    async (request, reply) => {
      const placed = await audited(
        request,
        { action: "shop.order.checkout", detail: { storeId: request.params.storeId, provider: request.body.provider } },
        () => checkout(deps, requireActor(request), request.params.storeId, request.body),
      );
      return reply.status(201).send(placed);
    },
  );

  // ------------------------------------------------------------ the customer's orders
  app.get(
    "/api/shop/orders/mine",
    {
      preValidation: customer,
      schema: { tags, summary: "The caller's orders, newest first", querystring: shopOrdersQuerySchema, response: { 200: pagedSchema(shopOrderRowSchema) } },
    },
    async (request) => ordersWhere(db, sql`o.customer_id = ${requireActor(request).id}`, request.query),
  );
  app.get(
    "/api/shop/orders/mine/:id",
    {
      preValidation: customer,
      schema: { tags, summary: "One of the caller's orders (404 for anyone else's)", params: shopIdParamSchema, response: { 200: shopOrderSchema } },
    },
    async (request) => {
      const order = await orderWhere(db, sql`o.id = ${request.params.id} and o.customer_id = ${requireActor(request).id}`);
      if (!order) throw notFound();
      return publicOrder(order, deps);
    },
  );
  app.post(
    "/api/shop/orders/mine/:id/cancel",
    {
      preValidation: customer,
      schema: {
        tags,
        summary: "Cancel one's own order while it waits for its payment; its stock goes back",
        params: shopIdParamSchema,
        response: { 200: shopOrderSchema },
      },
    },
    async (request) =>
      audited(request, { action: "shop.order.cancel", detail: { id: request.params.id, by: "customer" } }, () =>
        cancelOwnOrder(deps, requireActor(request), request.params.id),
      ),
  );

  // ------------------------------------------------------------ managing orders
  app.get(
    "/api/shop/stores/:storeId/orders",
    {
      preValidation: orderManager,
      schema: {
        tags,
        summary: "A store's orders, newest first (`state`; `from`/`to` YYYY-MM-DD; `q`: order number, customer name or email)",
        params: storeIdParamSchema,
        querystring: shopOrdersQuerySchema,
        response: { 200: pagedSchema(shopOrderRowSchema) },
      },
    },
    async (request) => {
      const scope = managedStores(requireActor(request));
      // The store's check rides in the page's statement (it joins the store as `s`); only an empty
      // page asks whether the store is the caller's at all (404 otherwise).
      const page = await ordersWhere(db, sql`o.store_id = ${request.params.storeId} and ${scope}`, request.query);
      if (page.data.length === 0) await storeOf(db, scope, { storeId: request.params.storeId });
      return page;
    },
  );
  app.get(
    "/api/shop/orders/:id",
    { preValidation: orderManager, schema: { tags, summary: "One order of a managed store", params: shopIdParamSchema, response: { 200: shopOrderSchema } } },
    async (request) => getManagedOrder(db, requireActor(request), request.params.id),
  );
  const transition = (path: string, action: string, summary: string, run: typeof markPaid) =>
    app.post(
      `/api/shop/orders/:id/${path}`,
      { preValidation: orderManager, schema: { tags, summary, params: shopIdParamSchema, body: orderNoteSchema, response: { 200: shopOrderSchema } } },
      async (request) =>
        audited(request, { action, detail: { id: request.params.id, note: request.body.note } }, () =>
          run(deps, requireActor(request), request.params.id, request.body.note),
        ),
    );
  transition("pay", "shop.order.pay", "Record the payment of a pending order (a transfer arrived); emailed to the customer", markPaid);
  transition("fulfil", "shop.order.fulfil", "Mark a paid order sent or collected; emailed to the customer", markFulfilled);
  transition("cancel", "shop.order.cancel", "Cancel a pending or paid order (a paid one is refunded in full); its stock goes back", cancelOrder);
  app.post(
    "/api/shop/orders/:id/refund",
    {
      preValidation: orderManager,
      schema: {
        tags,
        summary: "Refund part or all of what is left of a paid or fulfilled order (`restock`: its units go back to stock)",
        params: shopIdParamSchema,
        body: refundInputSchema,
        response: { 200: shopOrderSchema },
      },
    },
    async (request) =>
      audited(request, { action: "shop.order.refund", detail: { id: request.params.id, amountCents: request.body.amountCents } }, () =>
        refundOrder(deps, requireActor(request), request.params.id, request.body),
      ),
  );
  app.get(
    "/api/shop/orders/:id/packing-slip",
    { preValidation: orderManager, schema: { tags, summary: "An order's packing slip as a PDF", params: shopIdParamSchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      const order = await getManagedOrder(db, actor, request.params.id);
      const pdf = await renderPackingSlip(order, actor.language);
      return sendPdf(reply, `${order.number}.pdf`, pdf);
    },
  );
};
