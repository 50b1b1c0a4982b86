// Lighthouse (issue 34, point 6): performance and accessibility of the pages people open most,
// signed in, on the bench's server with its demo data, with Lighthouse's desktop preset. It drives
// the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium) through chrome-launcher and
// never downloads a browser. A signed-in page gets its account's session cookie on every request
// (extraHeaders); a page that lands anywhere else (the sign-in form) fails the step. The public
// site's page (issue 39) is opened signed out and scored for SEO as well.
//
// Alone, against a server already running with the demo accounts, the shop and the CMS on (a fresh
// DATA_DIR, FEATURE_FLAGS=clinic,statistics,virtual_shop,navegacion as the bench sets it):
//   npx tsx apps/server/bench/lighthouse.ts [http://127.0.0.1:8000]
// It prints the scores and exits 1 when the server cannot be reached or a page does not load;
// a score under its target is reported, not failed.
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { GROUP, homePathOf } from "@clinic/shared";
import { signIn } from "./sign-in.ts";

export interface LighthousePlan {
  label: string;
  path: string;
  /** The Cookie header of the account that opens it; none for a signed-out page. */
  cookie?: string;
  /** A page of the public site: scored for SEO too (issue 39). */
  seo?: boolean;
}

export interface LighthouseFigures {
  label: string;
  path: string;
  /** The category scores, 0–100. */
  performance: number;
  accessibility: number;
  /** The SEO score, 0–100, of the pages planned with `seo`; null for the others. */
  seo: number | null;
  /** Lab metrics of the same load, in ms (CLS unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; speedIndex: number };
  /** What cost points: failed accessibility audits, and performance audits below 0.9 that carry weight or name savings. */
  misses: string[];
}

export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, seo: 95 } as const;

/** The public site's page Lighthouse opens: the demo website's services page (cms-demo.ts), signed out. */
export const PUBLIC_SITE_PAGE = "/site/en/services";

/** The pages issue 34 names, each opened by the account that uses it. */
export async function lighthousePlans(cookieOf: (role: "patient" | "therapist") => Promise<string>): Promise<LighthousePlan[]> {
  const patient = await cookieOf("patient");
  return [
    { label: "sign-in", path: "/accounts/login/" },
    { label: "patient home", path: homePathOf({ isAdmin: false, groups: [GROUP.patient] }), cookie: patient },
    { label: "assign (therapist)", path: "/manager/admin/assign", cookie: await cookieOf("therapist") },
    { label: "storefront (patient)", path: "/shop/app/store", cookie: patient },
    { label: "public site page", path: PUBLIC_SITE_PAGE, seo: true },
  ];
}

/** Fails, saying so, when nothing answers at `appUrl`: a score of an unreachable server means nothing. */
export async function assertReachable(appUrl: string): Promise<void> {
  let status: number;
  try {
    status = (await fetch(`${appUrl}/api/health/live`, { signal: AbortSignal.timeout(10_000) })).status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error instanceof Error ? error.message : String(error));
    throw new Error(`Lighthouse: the server at ${appUrl} cannot be reached (${cause})`);
  }
  if (status !== 200) throw new Error(`Lighthouse: the server at ${appUrl} answered ${status} to /api/health/live`);
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** The audits that cost a category points, worst first. */
export function missesOf(lhr: Result): string[] {
  const misses: string[] = [];
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) misses.push(`accessibility: ${ref.id} (${audit.title})`);
  }
  // A metric Lighthouse could not compute (its trace reading failed) scores 0: said, not hidden.
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (ref.weight > 0 && audit?.scoreDisplayMode === "error")
      misses.push(`performance: ${ref.id} could not be measured: ${audit.errorMessage ?? "no reason given"}`);
  }
  const performance = (lhr.categories.performance?.auditRefs ?? [])
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
    .filter(({ ref, audit }) => ref.weight > 0 || (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs)
    .sort((a, b) => b.ref.weight - a.ref.weight);
  for (const { ref, audit } of performance) {
    const savings = (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs;
    const shown = audit.displayValue ? `: ${audit.displayValue}` : savings ? `: ${Math.round(savings)} ms to save` : "";
    misses.push(`performance: ${ref.id} (${audit.title})${shown}`);
  }
  return misses;
}

async function audit(port: number, appUrl: string, plan: LighthousePlan): Promise<LighthouseFigures> {
  const url = `${appUrl}${plan.path}`;
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: plan.seo ? ["performance", "accessibility", "seo"] : ["performance", "accessibility"],
      extraHeaders: plan.cookie ? { Cookie: plan.cookie } : undefined,
    },
    desktopConfig,
  );
  if (!result) throw new Error(`${plan.label}: Lighthouse answered nothing for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${plan.label}: Lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A signed-in page that sent us to the sign-in form would score the wrong page.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed.replace(/\/$/, "") !== plan.path.replace(/\/$/, "")) throw new Error(`${plan.label}: ${plan.path} ended at ${landed}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    label: plan.label,
    path: plan.path,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    seo: plan.seo ? score(lhr.categories.seo?.score) : null,
    metrics: {
      fcp: metric("first-contentful-paint"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      speedIndex: metric("speed-index"),
    },
    misses: missesOf(lhr),
  };
}

/** Runs Lighthouse on each page in turn, in one Chromium. */
export async function measureLighthouse(appUrl: string, plans: LighthousePlan[], log: (line: string) => void): Promise<LighthouseFigures[]> {
  await assertReachable(appUrl);
  const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  let chrome: chromeLauncher.LaunchedChrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
    });
  } catch (error) {
    throw new Error(
      `Chromium did not start from ${chromePath} (set CHROMIUM_PATH, or BENCH_LIGHTHOUSE=0 to skip): ${error instanceof Error ? error.message : error}`,
    );
  }
  try {
    const figures: LighthouseFigures[] = [];
    for (const plan of plans) {
      log(`lighthouse: ${plan.label} (${plan.path})`);
      figures.push(await audit(chrome.port, appUrl, plan));
    }
    return figures;
  } finally {
    chrome.kill();
  }
}

/** The report's lines: a table of scores and metrics, the targets, and what cost points. */
export function lighthouseReport(figures: LighthouseFigures[]): { table: string[][]; targets: { pass: boolean; text: string }[]; misses: string[] } {
  const table = [["page", "path", "performance", "accessibility", "FCP ms", "LCP ms", "TBT ms", "CLS", "speed index ms", "SEO"]];
  for (const f of figures) {
    table.push([
      f.label,
      f.path,
      String(f.performance),
      String(f.accessibility),
      f.metrics.fcp.toFixed(0),
      f.metrics.lcp.toFixed(0),
      f.metrics.tbt.toFixed(0),
      f.metrics.cls.toFixed(3),
      f.metrics.speedIndex.toFixed(0),
      f.seo === null ? "-" : String(f.seo),
    ]);
  }
  const targets = figures.flatMap((f) => [
    {
      pass: f.performance >= LIGHTHOUSE_TARGETS.performance,
      text: `${f.label}: performance ${f.performance} (target ≥ ${LIGHTHOUSE_TARGETS.performance})`,
    },
    {
      pass: f.accessibility >= LIGHTHOUSE_TARGETS.accessibility,
      text: `${f.label}: accessibility ${f.accessibility} (target ${LIGHTHOUSE_TARGETS.accessibility})`,
    },
    ...(f.seo === null ? [] : [{ pass: f.seo >= LIGHTHOUSE_TARGETS.seo, text: `${f.label}: SEO ${f.seo} (target ≥ ${LIGHTHOUSE_TARGETS.seo})` }]),
  ]);
  const misses = figures.flatMap((f) => f.misses.map((miss) => `${f.label}: ${miss}`));
  return { table, targets, misses };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const appUrl = (process.argv[2] ?? process.env.BENCH_URL ?? "http://127.0.0.1:8000").replace(/\/$/, "");
  const log = (line: string) => process.stderr.write(`[lighthouse] ${line}\n`);
  try {
    await assertReachable(appUrl);
    const figures = await measureLighthouse(appUrl, await lighthousePlans((role) => signIn(appUrl, role)), log);
    const { table, targets, misses } = lighthouseReport(figures);
    for (const row of table) console.log(row.join(" | "));
    for (const target of targets) console.log(`- [${target.pass ? "x" : " "}] ${target.pass ? "PASS" : "FAIL"} ${target.text}`);
    for (const miss of misses) console.log(`  ${miss}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
