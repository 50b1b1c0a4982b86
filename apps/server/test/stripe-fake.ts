import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { isEntryPoint } from "./entry-point.ts";

/**
 * A small local stand-in for Stripe's REST API and its hosted Checkout page, on 127.0.0.1,
 * for the calls the Stripe payment provider makes through the real SDK (STRIPE_API_URL points
 * the SDK here). It keeps sessions, payments and refunds in memory, records every request for
 * assertions, honours idempotency keys as Stripe does (same key and body: the first answer
 * again; same key, other body: 400 idempotency_error), and signs the webhooks it sends with
 * the SDK's own test signer, so the server verifies them exactly as it verifies Stripe's.
 *
 * Run on its own for end-to-end tests: `tsx apps/server/test/stripe-fake.ts` with
 * STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, and optionally STRIPE_FAKE_PORT and
 * STRIPE_FAKE_WEBHOOK_URL; it prints its url on one line.
 */

export interface StripeFakeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where Stripe would post events (the server's /api/billing/stripe/webhook); unset: nothing is posted. */
  webhookUrl?: string;
  /** 0 (the default): any free port. */
  port?: number;
}

/** A form-encoded body as Stripe reads it: `a[b][0][c]=1` becomes { a: { b: [{ c: "1" }] } }; every leaf stays a string. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormBody = { [key: string]: FormValue };

export interface StripeFakeRequest {
  method: string;
  /** Without the query string. */
  path: string;
  body: FormBody;
  idempotencyKey: string | null;
}

/** The fields of a Stripe Checkout Session this fake keeps (as Stripe's API answers them). */
export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  /** The hosted page while the session is open; null after, as Stripe answers. */
  url: string | null;
  mode: string;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string | null;
  expires_at: number;
  created: number;
  livemode: false;
  /** What the hosted page shows (the first line's product name); not a field of Stripe's. */
  description: string;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  reason: string | null;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
}

/** A payment as the fake keeps it after the hosted page (or `complete`) pays a session. */
export interface FakePayment {
  paymentIntent: string;
  charge: string;
  sessionId: string;
  amount: number;
  currency: string;
  amountRefunded: number;
  metadata: Record<string, string>;
}

/** An event's exact body and its Stripe-Signature header. */
export interface SignedEvent {
  body: string;
  signature: string;
}

/** One webhook the fake posted, and how the server answered. */
export interface WebhookDelivery {
  eventId: string;
  type: string;
  status: number | null;
  error: string | null;
}

export interface StripeFake {
  /** http://127.0.0.1:<port>, for STRIPE_API_URL. */
  url: string;
  requests: StripeFakeRequest[];
  sessions: Map<string, FakeCheckoutSession>;
  /** By PaymentIntent id. */
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  deliveries: WebhookDelivery[];
  /** Pays an open session (as its hosted page would) and answers its signed checkout.session.completed, without posting it. */
  complete(sessionId: string): Promise<SignedEvent>;
  /** Any event around `object`, signed now (or at `timestamp`, Unix seconds, to sign a stale one). */
  event(type: string, object: object, options?: { timestamp?: number }): SignedEvent;
  close(): Promise<void>;
}

const MINUTE_S = 60;
const BODY_LIMIT = 1 << 20;

function stripeId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString("hex")}`;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Objects whose keys are 0..n-1 were arrays before the SDK encoded them. */
function arraysBack(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arraysBack(value[key] as FormValue)] as const);
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) return entries.map(([, item]) => item);
  return Object.fromEntries(entries);
}

export function parseForm(raw: string): FormBody {
  const root: { [key: string]: FormValue } = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [match[1] as string, ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] as string)];
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next !== "object" || Array.isArray(next)) node[part] = {};
      node = node[part] as { [key: string]: FormValue };
    });
  }
  return arraysBack(root) as FormBody;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; message: string; code?: string; param?: string },
  ) {
    super(error.message);
  }
}

function invalid(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, { type: "invalid_request_error", message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
}

function missing(kind: string, id: string, param: string): StripeApiError {
  return new StripeApiError(404, { type: "invalid_request_error", code: "resource_missing", param, message: `No such ${kind}: '${id}'` });
}

function text(value: FormValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function record(value: FormValue | undefined): Record<string, string> {
  if (value === undefined || typeof value === "string" || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

function integer(value: FormValue | undefined, param: string): number {
  const raw = text(value);
  if (raw === undefined || !/^-?\d+$/.test(raw)) throw invalid(`Invalid integer: ${raw ?? ""}`, param);
  return Number(raw);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() });
  // Stripe counts in the currency's smallest unit: cents for EUR, whole yen for JPY.
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f9fc; color: #1a1f36; }
  main { max-width: 28rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
  button { font: inherit; padding: .75rem 2rem; border: 0; border-radius: 6px; background: #4b3fce; color: #fff; cursor: pointer; }
  a { color: #3a2fb0; }
  .actions { display: flex; gap: 1.5rem; align-items: center; margin-top: 2rem; }
</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
}

function checkoutPage(session: FakeCheckoutSession): string {
  const amount = formatAmount(session.amount_total, session.currency);
  const orderNumber = session.metadata.orderNumber;
  return page(
    `Pay ${amount}: test checkout`,
    `<h1>Pay ${escapeHtml(amount)}</h1>
<p>${escapeHtml(session.description)}</p>
${orderNumber ? `<p>Order ${escapeHtml(orderNumber)}</p>` : ""}
<p>Test checkout: no card is charged.</p>
<div class="actions">
<form method="post" action="/pay/${encodeURIComponent(session.id)}"><button type="submit">Pay</button></form>
${session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancel</a>` : ""}
</div>`,
  );
}

/** Stripe fills {CHECKOUT_SESSION_ID} in the return URLs. */
function returnUrl(url: string, sessionId: string): string {
  return url.replaceAll("{CHECKOUT_SESSION_ID}", sessionId);
}

export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const requests: StripeFakeRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const deliveries: WebhookDelivery[] = [];
  const idempotent = new Map<string, { path: string; raw: string; status: number; answer: unknown }>();
  let baseUrl = "";

  function signEvent(type: string, object: object, timestamp?: number): SignedEvent {
    const event = {
      id: stripeId("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const body = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: options.webhookSecret,
      ...(timestamp === undefined ? {} : { timestamp }),
    });
    return { body, signature };
  }

  /** Posts a signed event as Stripe would; the outcome is kept in `deliveries`, never thrown. */
  async function deliver(type: string, object: object): Promise<void> {
    if (!options.webhookUrl) return;
    const { body, signature } = signEvent(type, object);
    const eventId = (JSON.parse(body) as { id: string }).id;
    try {
      const response = await fetch(options.webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": signature,
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body,
      });
      await response.arrayBuffer();
      deliveries.push({ eventId, type, status: response.status, error: null });
    } catch (error) {
      deliveries.push({ eventId, type, status: null, error: error instanceof Error ? error.message : String(error) });
    }
  }

  function pay(session: FakeCheckoutSession): FakeCheckoutSession {
    if (session.status !== "open") throw new Error(`Checkout session ${session.id} is ${session.status}, not open.`);
    const paymentIntent = stripeId("pi");
    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent = paymentIntent;
    session.url = null;
    payments.set(paymentIntent, {
      paymentIntent,
      charge: stripeId("ch"),
      sessionId: session.id,
      amount: session.amount_total,
      currency: session.currency,
      amountRefunded: 0,
      metadata: { ...session.metadata },
    });
    return session;
  }

  function createSession(body: FormBody): FakeCheckoutSession {
    if (text(body.mode) !== "payment") throw invalid("This fake supports mode=payment only.", "mode");
    const items = body.line_items;
    if (!Array.isArray(items) || items.length === 0) throw invalid("line_items is required in payment mode.", "line_items");
    let total = 0;
    let currency: string | undefined;
    let description = "";
    items.forEach((item, index) => {
      if (typeof item !== "object" || Array.isArray(item)) throw invalid("Invalid line item.", `line_items[${index}]`);
      const priceData = item.price_data;
      if (typeof priceData !== "object" || Array.isArray(priceData))
        throw invalid("This fake needs price_data on every line item.", `line_items[${index}][price_data]`);
      const itemCurrency = text(priceData.currency);
      if (!itemCurrency || !/^[a-z]{3}$/.test(itemCurrency))
        throw invalid("Invalid currency: a three-letter ISO code in lowercase.", `line_items[${index}][price_data][currency]`);
      if (currency && currency !== itemCurrency) throw invalid("All line items must share one currency.", `line_items[${index}][price_data][currency]`);
      currency = itemCurrency;
      const unitAmount = integer(priceData.unit_amount, `line_items[${index}][price_data][unit_amount]`);
      if (unitAmount < 0) throw invalid("unit_amount must be 0 or more.", `line_items[${index}][price_data][unit_amount]`);
      const quantity = integer(item.quantity, `line_items[${index}][quantity]`);
      if (quantity < 1) throw invalid("quantity must be 1 or more.", `line_items[${index}][quantity]`);
      const product = priceData.product_data;
      const name = typeof product === "object" && !Array.isArray(product) ? text(product.name) : undefined;
      if (!name) throw invalid("product_data[name] is required.", `line_items[${index}][price_data][product_data][name]`);
      if (index === 0) description = name;
      total += unitAmount * quantity;
    });
    const successUrl = text(body.success_url);
    if (!successUrl || !/^https?:\/\//.test(successUrl)) throw invalid("success_url must be an http(s) URL.", "success_url");
    const cancelUrl = text(body.cancel_url) ?? null;
    if (cancelUrl !== null && !/^https?:\/\//.test(cancelUrl)) throw invalid("cancel_url must be an http(s) URL.", "cancel_url");
    const created = nowSeconds();
    const expiresAt = body.expires_at === undefined ? created + 24 * 60 * MINUTE_S : integer(body.expires_at, "expires_at");
    // Stripe's own window for expires_at.
    if (expiresAt < created + 30 * MINUTE_S || expiresAt > created + 24 * 60 * MINUTE_S) {
      throw invalid("The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.", "expires_at");
    }
    const id = stripeId("cs");
    const session: FakeCheckoutSession = {
      id,
      object: "checkout.session",
      url: `${baseUrl}/pay/${id}`,
      mode: "payment",
      amount_subtotal: total,
      amount_total: total,
      currency: currency as string,
      status: "open",
      payment_status: "unpaid",
      client_reference_id: text(body.client_reference_id) ?? null,
      customer_email: text(body.customer_email) ?? null,
      metadata: record(body.metadata),
      payment_intent: null,
      success_url: successUrl,
      cancel_url: cancelUrl,
      expires_at: expiresAt,
      created,
      livemode: false,
      description,
    };
    sessions.set(id, session);
    return session;
  }

  function createRefund(body: FormBody): FakeRefund {
    const paymentIntent = text(body.payment_intent);
    if (!paymentIntent) throw invalid("This fake refunds by payment_intent only.", "payment_intent");
    const payment = payments.get(paymentIntent);
    if (!payment) throw invalid(`No such payment_intent: '${paymentIntent}'`, "payment_intent", "resource_missing");
    const left = payment.amount - payment.amountRefunded;
    if (left === 0) throw invalid(`Charge ${payment.charge} has already been refunded.`, undefined, "charge_already_refunded");
    const amount = body.amount === undefined ? left : integer(body.amount, "amount");
    if (amount < 1 || amount > left)
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, "amount", "amount_too_large");
    const reason = text(body.reason) ?? null;
    if (reason !== null && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason)) throw invalid(`Invalid reason: ${reason}`, "reason");
    payment.amountRefunded += amount;
    const refund: FakeRefund = {
      id: stripeId("re"),
      object: "refund",
      amount,
      currency: payment.currency,
      payment_intent: paymentIntent,
      charge: payment.charge,
      reason,
      status: "succeeded",
      metadata: record(body.metadata),
      created: nowSeconds(),
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function chargeOf(payment: FakePayment): object {
    return {
      id: payment.charge,
      object: "charge",
      amount: payment.amount,
      amount_captured: payment.amount,
      amount_refunded: payment.amountRefunded,
      currency: payment.currency,
      paid: true,
      refunded: payment.amountRefunded === payment.amount,
      payment_intent: payment.paymentIntent,
      metadata: payment.metadata,
      status: "succeeded",
      livemode: false,
      created: nowSeconds(),
    };
  }

  function sessionOf(id: string): FakeCheckoutSession {
    const session = sessions.get(id);
    if (!session) throw missing("checkout.session", id, "session");
    return session;
  }

  /** The API: answers [status, JSON] and what to post afterwards, as Stripe sends events after answering. */
  function api(method: string, path: string, body: FormBody): { status: number; answer: unknown; after?: () => Promise<void> } {
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (method === "POST" && path === "/v1/checkout/sessions") return { status: 200, answer: createSession(body) };
    if (method === "GET" && sessionPath && !sessionPath[2]) return { status: 200, answer: sessionOf(decodeURIComponent(sessionPath[1] as string)) };
    if (method === "POST" && sessionPath?.[2]) {
      const session = sessionOf(decodeURIComponent(sessionPath[1] as string));
      if (session.status !== "open") {
        throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
      }
      session.status = "expired";
      session.url = null;
      const snapshot = structuredClone(session);
      return { status: 200, answer: session, after: () => deliver("checkout.session.expired", snapshot) };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const refund = createRefund(body);
      const payment = payments.get(refund.payment_intent) as FakePayment;
      const charge = chargeOf(payment);
      return { status: 200, answer: refund, after: () => deliver("charge.refunded", charge) };
    }
    throw new StripeApiError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` });
  }

  function sendJson(res: ServerResponse, status: number, answer: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { "content-type": "application/json", "request-id": stripeId("req"), ...headers });
    res.end(JSON.stringify(answer));
  }

  function sendHtml(res: ServerResponse, status: number, html: string): void {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(html);
  }

  function redirect(res: ServerResponse, location: string): void {
    res.writeHead(303, { location });
    res.end();
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string, raw: string, body: FormBody, key: string | null): Promise<void> {
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      sendJson(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
      return;
    }
    const method = req.method ?? "GET";
    if (method === "POST" && key !== null) {
      const earlier = idempotent.get(key);
      if (earlier) {
        if (earlier.path !== path || earlier.raw !== raw) {
          const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
          sendJson(res, 400, { error: { type: "idempotency_error", message } });
          return;
        }
        sendJson(res, earlier.status, earlier.answer, { "idempotent-replayed": "true", "idempotency-key": key });
        return;
      }
    }
    let outcome: { status: number; answer: unknown; after?: () => Promise<void> };
    try {
      outcome = api(method, path, body);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      outcome = { status: error.status, answer: { error: error.error } };
    }
    // A snapshot: a replay answers what the first request answered, not today's state. As at
    // Stripe, a request refused before it ran (4xx) keeps no result under its key.
    const answer = structuredClone(outcome.answer);
    if (method === "POST" && key !== null && outcome.status < 400) idempotent.set(key, { path, raw, status: outcome.status, answer });
    sendJson(res, outcome.status, answer, key === null ? {} : { "idempotency-key": key });
    if (outcome.after) res.once("finish", () => void outcome.after?.());
  }

  async function handleCheckoutPage(req: IncomingMessage, res: ServerResponse, sessionId: string): Promise<void> {
    const session = sessions.get(sessionId);
    if (!session) {
      sendHtml(res, 404, page("Checkout not found", "<h1>This checkout does not exist</h1>"));
      return;
    }
    if (session.status === "complete") {
      redirect(res, returnUrl(session.success_url, session.id));
      return;
    }
    if (session.status === "expired") {
      sendHtml(res, 410, page("Checkout expired", "<h1>This checkout has expired</h1>"));
      return;
    }
    if (req.method === "GET") {
      sendHtml(res, 200, checkoutPage(session));
      return;
    }
    pay(session);
    // Posted before the payer is sent back, so the order is paid by the time the return page loads.
    await deliver("checkout.session.completed", structuredClone(session));
    redirect(res, returnUrl(session.success_url, session.id));
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) req.destroy();
      else chunks.push(chunk);
    });
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const method = req.method ?? "GET";
      const keyHeader = req.headers["idempotency-key"];
      const key = typeof keyHeader === "string" ? keyHeader : null;
      const body = method === "GET" ? parseForm(url.search.slice(1)) : parseForm(raw);
      requests.push({ method, path: url.pathname, body, idempotencyKey: key });
      const payPath = /^\/pay\/([^/]+)$/.exec(url.pathname);
      let handled: Promise<void>;
      if (url.pathname.startsWith("/v1/")) handled = handleApi(req, res, url.pathname, raw, body, key);
      else if (payPath && (method === "GET" || method === "POST")) handled = handleCheckoutPage(req, res, decodeURIComponent(payPath[1] as string));
      else if (url.pathname === "/" && method === "GET") {
        // Something for a start-up probe (Playwright's webServer) to get.
        sendHtml(res, 200, page("Stripe fake", "<h1>Stripe fake</h1>"));
        handled = Promise.resolve();
      } else {
        sendHtml(res, 404, page("Not found", "<h1>Not found</h1>"));
        handled = Promise.resolve();
      }
      handled.catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: { type: "api_error", message: error instanceof Error ? error.message : String(error) } });
        else res.destroy();
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    requests,
    sessions,
    payments,
    refunds,
    deliveries,
    async complete(sessionId) {
      const session = pay(sessionOf(sessionId));
      return signEvent("checkout.session.completed", structuredClone(session));
    },
    event(type, object, eventOptions) {
      return signEvent(type, object, eventOptions?.timestamp);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps connections alive; they would hold close() open.
        server.closeAllConnections();
      }),
  };
}

if (isEntryPoint(import.meta.url)) {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_FAKE_PORT, STRIPE_FAKE_WEBHOOK_URL } = process.env;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) {
    console.error("stripe-fake: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (and optionally STRIPE_FAKE_PORT, STRIPE_FAKE_WEBHOOK_URL).");
    process.exit(1);
  }
  const fake = await startStripeFake({
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    ...(STRIPE_FAKE_WEBHOOK_URL ? { webhookUrl: STRIPE_FAKE_WEBHOOK_URL } : {}),
    port: STRIPE_FAKE_PORT ? Number(STRIPE_FAKE_PORT) : 0,
  });
  console.log(fake.url);
  const stop = () => void fake.close().finally(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
