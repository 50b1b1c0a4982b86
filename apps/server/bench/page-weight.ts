// Page weight (issue 14): the scripts a page loads in Chromium, cold (a fresh context, so no
// cache), signed in through the session cookie of the role that sees it. "Transferred" is the
// bodies as they came over the wire (compressed when the server compressed them); "raw" the
// same bodies decoded; "gzip" the decoded bodies gzipped here (zlib's default level), the figure
// issue 14 states its limits in, whatever the server sent.
import { gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";
import { cookiesFor, launchChromium } from "./browser.ts";

export interface PagePlan {
  label: string;
  path: string;
  /** The Cookie header of the account that opens it; none for a signed-out page. */
  cookie?: string;
}

export interface PageWeight {
  label: string;
  path: string;
  scripts: number;
  transferredBytes: number;
  rawBytes: number;
  gzipBytes: number;
  /** What the server sent the scripts as ("br", "gzip", "identity"), with counts. */
  encodings: string;
}

const isScript = (type: string, url: string) => type === "script" || /\.m?js(\?|$)/.test(new URL(url).pathname);

async function weigh(browser: Browser, appUrl: string, plan: PagePlan): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "en-US" });
  try {
    if (plan.cookie) await context.addCookies(cookiesFor(plan.cookie, appUrl));
    const page = await context.newPage();
    const pending: Promise<{ transferred: number; raw: number; gzip: number; encoding: string } | null>[] = [];
    page.on("requestfinished", (request) => {
      if (!isScript(request.resourceType(), request.url())) return;
      pending.push(
        (async () => {
          const response = await request.response();
          if (!response) return null;
          const [sizes, body, encoding] = await Promise.all([request.sizes(), response.body(), response.headerValue("content-encoding")]);
          return { transferred: sizes.responseBodySize, raw: body.length, gzip: gzipSync(body).length, encoding: encoding ?? "identity" };
        })(),
      );
    });
    await page.goto(`${appUrl}${plan.path}`, { waitUntil: "networkidle" });
    // A signed-in page that sent us to the sign-in form would weigh the wrong page.
    const landed = new URL(page.url()).pathname;
    if (landed.replace(/\/$/, "") !== plan.path.replace(/\/$/, "")) throw new Error(`${plan.label}: ${plan.path} ended at ${landed}`);
    const scripts = (await Promise.all(pending)).filter((item) => item !== null);
    const encodings = new Map<string, number>();
    for (const item of scripts) encodings.set(item.encoding, (encodings.get(item.encoding) ?? 0) + 1);
    return {
      label: plan.label,
      path: plan.path,
      scripts: scripts.length,
      transferredBytes: scripts.reduce((sum, item) => sum + item.transferred, 0),
      rawBytes: scripts.reduce((sum, item) => sum + item.raw, 0),
      gzipBytes: scripts.reduce((sum, item) => sum + item.gzip, 0),
      encodings: [...encodings].map(([name, count]) => `${name} ${count}`).join(", "),
    };
  } finally {
    await context.close();
  }
}

/** Weighs each page in turn, in one browser. */
export async function measurePageWeight(appUrl: string, plans: PagePlan[], log: (line: string) => void): Promise<PageWeight[]> {
  const browser = await launchChromium("BENCH_PAGES=0 to skip page weight");
  try {
    const weights: PageWeight[] = [];
    for (const plan of plans) {
      log(`page weight: ${plan.label} (${plan.path})`);
      weights.push(await weigh(browser, appUrl, plan));
    }
    return weights;
  } finally {
    await browser.close();
  }
}
