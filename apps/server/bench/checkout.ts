// The shop's checkout under concurrent buyers (issues 20, 34.2): every buyer puts an item of its
// own in their cart (a product each, as buyers of a large catalogue mostly do), then all check
// out at once, round after round. A checkout writes, and its cart must be filled again first, so
// this is not an autocannon target. The baseline is the same buyers reading their carts at once,
// just before: the same session and store checks, without the writes.
import { type Latency, latencyOf } from "./latency.ts";

export interface CheckoutFigures {
  buyers: number;
  rounds: number;
  checkout: Latency;
  cartRead: Latency;
  /** Checkouts completed per second of checkout rounds. */
  perSecond: number;
  /** Answers other than 201 (there should be none: the stock is ample). */
  failures: number;
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function timed(run: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await run();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

export async function measureCheckouts(
  baseUrl: string,
  buyers: readonly { email: string; password: string }[],
  storeId: number,
  /** The variant each buyer buys, by the buyer's index. */
  variantIds: readonly number[],
  rounds: number,
  log: (line: string) => void,
): Promise<CheckoutFigures> {
  const cookies = [];
  for (const buyer of buyers) cookies.push(await signIn(baseUrl, buyer.email, buyer.password));
  const call = (cookie: string, method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { cookie, origin: baseUrl, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const checkouts: number[] = [];
  const reads: number[] = [];
  let failures = 0;
  let checkoutSeconds = 0;
  for (let round = 1; round <= rounds; round += 1) {
    await Promise.all(
      cookies.map((cookie, index) =>
        call(cookie, "PUT", `/api/shop/cart/${storeId}/lines`, { variantId: variantIds[index % variantIds.length], quantity: 1 }).then((r) => r.arrayBuffer()),
      ),
    );
    const read = await Promise.all(cookies.map((cookie) => timed(() => call(cookie, "GET", `/api/shop/cart/${storeId}?fulfilment=collect`))));
    reads.push(...read.map((one) => one.ms));
    const started = performance.now();
    const placed = await Promise.all(
      cookies.map((cookie) => timed(() => call(cookie, "POST", `/api/shop/cart/${storeId}/checkout`, { provider: "manual", fulfilment: "collect" }))),
    );
    checkoutSeconds += (performance.now() - started) / 1000;
    checkouts.push(...placed.map((one) => one.ms));
    failures += placed.filter((one) => one.status !== 201).length;
  }
  log(`checkout: ${checkouts.length} checkouts by ${buyers.length} buyers in ${rounds} rounds, ${failures} refused`);
  return {
    buyers: buyers.length,
    rounds,
    checkout: latencyOf(checkouts),
    cartRead: latencyOf(reads),
    perSecond: checkouts.length / checkoutSeconds,
    failures,
  };
}
