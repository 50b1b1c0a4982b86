import { CART_MESSAGES, ORDER_MESSAGES, PRODUCT_QUOTE_MESSAGES, type ProductQuoteConvertKind, productQuoteLabel } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { type Actor, loadActor } from "../../../platform/access.ts";
import { conflict, HttpError } from "../../../platform/errors.ts";
import { createOrder } from "../../clinic/billing/orders.service.ts";
import { agreedKey, setCartLine } from "../../shop/cart.service.ts";
import { checkout } from "../../shop/orders.service.ts";
import { shareOut } from "../../shop/pricing.ts";
import { managedQuote, type ProductQuoteDeps } from "./product-quotes-scope.ts";

/**
 * An accepted quote becomes an order, by the shop's and billing's own code (issue 38.1):
 * - `shop`: a patient's quote whose lines are all products and bundles of one shop. The lines go
 *   into the patient's (empty) cart of that shop and the shop's own checkout places a pending
 *   order, paid by transfer, collected at the clinic, at the quote's prices: each line's unit
 *   price and discount, the overall discount shared out over the lines, no store discount, tax
 *   at the shop's rate. The quote must be in the shop's currency and at its tax rate (else 409:
 *   revise it), so the order's total is the quote's to the cent.
 * - `membership`: a patient's quote of exactly one plan line (the clinic's own plan); billing's
 *   own createOrder starts a pending membership order, paid by transfer, priced by the plan.
 * The quote's row is locked and moved accepted → converted in the same transaction as the order:
 * two calls at once make one order; the second answers 409.
 */

const tx = async <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> => db.transaction((raw) => work(raw as unknown as Db));

type QuoteFacts = {
  number: string;
  revision: number;
  state: string;
  client_kind: string;
  patient_id: string | null;
  currency: string;
  tax_rate_bp: number;
  discount_cents: number;
  lines: {
    kind: string;
    ref_id: number | null;
    description: string;
    quantity: number;
    unit_cents: number;
    discount_cents: number;
    total_cents: number;
    store_id: number | null;
  }[];
};

export async function convertQuote(deps: ProductQuoteDeps, actor: Actor, quoteId: number, kind: ProductQuoteConvertKind): Promise<{ orderId: number }> {
  return tx(deps.db, async (db) => {
    const quote = await managedQuote(db, actor, quoteId, true);
    if (quote.state === "converted") throw conflict(PRODUCT_QUOTE_MESSAGES.alreadyConverted);
    if (quote.state !== "accepted") throw conflict(PRODUCT_QUOTE_MESSAGES.notAccepted);
    const read = await db.execute<QuoteFacts & Record<string, unknown>>(sql`
      select q.number, q.revision, q.state, q.client_kind, q.patient_id, q.currency, q.tax_rate_bp, q.discount_cents,
        coalesce((select json_agg(json_build_object('kind', l.kind, 'ref_id', l.ref_id, 'description', l.description, 'quantity', l.quantity,
            'unit_cents', l.unit_cents, 'discount_cents', l.discount_cents, 'total_cents', l.total_cents,
            'store_id', case l.kind when 'product' then (select v.store_id from shop_variants v where v.id = l.ref_id)
              when 'bundle' then (select b.store_id from shop_bundles b where b.id = l.ref_id) end) order by l.position)
          from product_quote_lines l where l.quote_id = q.id), '[]') as lines
      from product_quotes q where q.id = ${quoteId}`);
    const facts = read.rows[0] as QuoteFacts;
    const patient = facts.client_kind === "patient" && facts.patient_id ? await loadActor(db, facts.patient_id) : null;
    if (!deps.providers.manual) throw conflict(PRODUCT_QUOTE_MESSAGES.manualPaymentOff);
    const label = productQuoteLabel(facts.number, Number(facts.revision));
    const orderId = kind === "shop" ? await shopOrder(db, deps, facts, patient, label) : await membershipOrder(db, deps, facts, patient);
    const converted = await db.execute(sql`
      update product_quotes set state = 'converted', converted_kind = ${kind}, converted_order_id = ${orderId}, converted_at = now(), updated_at = now()
      where id = ${quoteId} and state = 'accepted' returning id`);
    if (converted.rows.length === 0) throw conflict(PRODUCT_QUOTE_MESSAGES.alreadyConverted);
    return { orderId };
  });
}

async function shopOrder(db: Db, deps: ProductQuoteDeps, facts: QuoteFacts, patient: Actor | null, label: string): Promise<number> {
  if (patient?.role !== "patient") throw conflict(PRODUCT_QUOTE_MESSAGES.shopNeedsPatient);
  const others = facts.lines.filter((line) => line.kind !== "product" && line.kind !== "bundle");
  if (others.length > 0) throw conflict(PRODUCT_QUOTE_MESSAGES.shopLinesOnly.replace("{lines}", others.map((line) => line.description).join(", ")));
  if (facts.lines.length === 0) throw conflict(PRODUCT_QUOTE_MESSAGES.shopNoLines);
  const stores = new Set(facts.lines.map((line) => line.store_id));
  if (stores.has(null)) throw conflict(PRODUCT_QUOTE_MESSAGES.shopNoStore);
  if (stores.size > 1) throw conflict(PRODUCT_QUOTE_MESSAGES.shopOneStore);
  const storeId = Number([...stores][0]);
  const shop = (
    await db.execute<{ currency: string; tax_rate_bp: number; busy: boolean }>(sql`
      select s.currency, s.tax_rate_bp, exists (
          select 1 from shop_carts c join shop_cart_lines l on l.cart_id = c.id where c.user_id = ${patient.id} and c.store_id = s.id) as busy
      from shop_stores s where s.id = ${storeId}`)
  ).rows[0];
  if (!shop) throw conflict(PRODUCT_QUOTE_MESSAGES.shopNoStore);
  if (shop.currency !== facts.currency) throw conflict(PRODUCT_QUOTE_MESSAGES.currencyMismatch.replace("{currency}", shop.currency));
  if (Number(shop.tax_rate_bp) !== Number(facts.tax_rate_bp))
    throw conflict(PRODUCT_QUOTE_MESSAGES.shopTaxRate.replace("{quoteRate}", percent(facts.tax_rate_bp)).replace("{shopRate}", percent(shop.tax_rate_bp)));
  if (shop.busy) throw conflict(PRODUCT_QUOTE_MESSAGES.shopCartBusy);
  // The overall discount shared out over the lines by what each comes to, so the order's lines carry all of it.
  const overall = shareOut(
    Number(facts.discount_cents),
    facts.lines.map((line) => Number(line.total_cents)),
  );
  // The cart holds one line per variant or bundle: the quote's lines of the same item are added up, at one unit price.
  const agreed = new Map<string, { kind: string; refId: number; name: string; quantity: number; unitCents: number; discountCents: number }>();
  facts.lines.forEach((line, index) => {
    const refId = Number(line.ref_id);
    const key = agreedKey(line.kind === "bundle" ? { variantId: null, bundleId: refId } : { variantId: refId, bundleId: null });
    const entry = agreed.get(key) ?? { kind: line.kind, refId, name: line.description, quantity: 0, unitCents: Number(line.unit_cents), discountCents: 0 };
    if (entry.unitCents !== Number(line.unit_cents)) throw conflict(PRODUCT_QUOTE_MESSAGES.shopTwoPrices.replace("{item}", line.description));
    entry.quantity += Number(line.quantity);
    entry.discountCents += Number(line.discount_cents) + (overall[index] as number);
    agreed.set(key, entry);
  });
  for (const item of agreed.values()) {
    try {
      await setCartLine(
        db,
        patient,
        storeId,
        item.kind === "product" ? { variantId: item.refId, quantity: item.quantity } : { bundleId: item.refId, quantity: item.quantity },
      );
    } catch (error) {
      throw shopRefusalOfQuote(error, item.name);
    }
  }
  try {
    const placed = await checkout(
      { db, mailer: deps.mailer, jobs: deps.jobs, providers: deps.providers, settings: deps.shop, bankDetails: deps.bankDetails },
      patient,
      storeId,
      { provider: "manual", fulfilment: "collect", address: "", note: label, agreed },
    );
    return placed.order.id;
  } catch (error) {
    throw shopRefusalOfQuote(error);
  }
}

/** What fills `{placeholder}` of `template` in `message`, or null when the message is not that template's. */
function filledIn(message: string, template: string, placeholder: string): string | null {
  const [head = "", tail = ""] = template.split(`{${placeholder}}`);
  return message.length >= head.length + tail.length && message.startsWith(head) && message.endsWith(tail)
    ? message.slice(head.length, message.length - tail.length)
    : null;
}

/**
 * The shop's cart and checkout refusals speak to a customer about their cart; the quote's staff
 * read them as the quote's (`item`: the quote's line the cart refused).
 */
function shopRefusalOfQuote(error: unknown, item?: string): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 409) return error;
  const short =
    item !== undefined && filledIn(error.message, CART_MESSAGES.tooMany, "available") !== null
      ? item
      : filledIn(error.message, ORDER_MESSAGES.outOfStock, "names");
  if (short !== null) return conflict(PRODUCT_QUOTE_MESSAGES.shopOutOfStock.replace("{names}", short));
  if (error.message === ORDER_MESSAGES.offSale || error.message === CART_MESSAGES.offSale) return conflict(PRODUCT_QUOTE_MESSAGES.shopOffSale);
  if (error.message === ORDER_MESSAGES.cartChanged) return conflict(PRODUCT_QUOTE_MESSAGES.shopCartBusy);
  return error;
}

/** Basis points as the English messages write a rate: 2100 → "21%", 1050 → "10.5%". */
const percent = (basisPoints: number) => `${Number(basisPoints) / 100}%`;

async function membershipOrder(db: Db, deps: ProductQuoteDeps, facts: QuoteFacts, patient: Actor | null): Promise<number> {
  if (patient?.role !== "patient") throw conflict(PRODUCT_QUOTE_MESSAGES.membershipNeedsPatient);
  const [line] = facts.lines;
  if (facts.lines.length !== 1 || !line || line.kind !== "plan" || line.ref_id === null) throw conflict(PRODUCT_QUOTE_MESSAGES.membershipOnePlan);
  try {
    const order = await createOrder(
      { db, mailer: deps.mailer, jobs: deps.jobs, settings: deps.billing, providers: deps.providers },
      patient,
      { membershipId: Number(line.ref_id), billing: "period", provider: "manual" },
      { orderPage: (id) => deps.mailer.link(`/manager/admin/getMembership/invoice/${id}`) },
    );
    return order.id;
  } catch (error) {
    // Billing answers a 400 on its own form's fields (billing details, the plan); here they are the patient's state, not this call's input.
    if (error instanceof HttpError && error.statusCode === 400) {
      const body = error.body as Record<string, unknown>;
      throw conflict("legalName" in body ? PRODUCT_QUOTE_MESSAGES.membershipNeedsDetails : PRODUCT_QUOTE_MESSAGES.membershipOnePlan);
    }
    throw error;
  }
}
