import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type LighthouseFigures, lighthouseReport, missesOf } from "../bench/lighthouse.ts";
import { REPO_ROOT } from "../test/server-process.ts";
import { freePort } from "./db/embedded.ts";

// The bench's Lighthouse step (issue 34, point 6), without a browser: how it judges the scores,
// which audits it names, and that a run with no server to reach says so and fails.

const figures = (label: string, performance: number, accessibility: number, seo: number | null = null): LighthouseFigures => ({
  label,
  path: `/${label}`,
  performance,
  accessibility,
  seo,
  metrics: { fcp: 400, lcp: 700, tbt: 20, cls: 0, speedIndex: 600 },
  misses: [],
});

describe("the Lighthouse step", () => {
  it("holds every page to performance ≥ 95 and accessibility 100", () => {
    const { targets, table } = lighthouseReport([figures("sign-in", 95, 100), figures("storefront", 94, 98)]);
    expect(targets).toEqual([
      { pass: true, text: "sign-in: performance 95 (target ≥ 95)" },
      { pass: true, text: "sign-in: accessibility 100 (target 100)" },
      { pass: false, text: "storefront: performance 94 (target ≥ 95)" },
      { pass: false, text: "storefront: accessibility 98 (target 100)" },
    ]);
    expect(table[1]).toEqual(["sign-in", "/sign-in", "95", "100", "400", "700", "20", "0.000", "600", "-"]);
  });

  it("holds a public site page to SEO ≥ 95 as well", () => {
    const { targets, table } = lighthouseReport([figures("public site page", 99, 100, 94)]);
    expect(targets).toEqual([
      { pass: true, text: "public site page: performance 99 (target ≥ 95)" },
      { pass: true, text: "public site page: accessibility 100 (target 100)" },
      { pass: false, text: "public site page: SEO 94 (target ≥ 95)" },
    ]);
    expect(table[1]?.at(-1)).toBe("94");
  });

  it("names the failed accessibility audits and the performance audits that cost points, heaviest first", () => {
    const audit = (score: number | null, title: string, extra: object = {}) => ({ score, title, scoreDisplayMode: "numeric", ...extra });
    const lhr = {
      categories: {
        accessibility: {
          auditRefs: [
            { id: "color-contrast", weight: 7 },
            { id: "label", weight: 7 },
            { id: "skip-link", weight: 0 },
          ],
        },
        performance: {
          auditRefs: [
            { id: "first-contentful-paint", weight: 10 },
            { id: "largest-contentful-paint", weight: 25 },
            { id: "render-blocking-resources", weight: 0 },
            { id: "diagnostics", weight: 0 },
          ],
        },
      },
      audits: {
        "color-contrast": audit(0, "Contrast is too low"),
        label: audit(1, "Form elements have labels"),
        "skip-link": audit(0, "Skip links are focusable"),
        "first-contentful-paint": audit(0.8, "First Contentful Paint", { displayValue: "1.1 s" }),
        "largest-contentful-paint": audit(0.5, "Largest Contentful Paint", { displayValue: "2.0 s" }),
        "render-blocking-resources": audit(0.5, "Eliminate render-blocking resources", { details: { overallSavingsMs: 120.4 } }),
        diagnostics: { score: null, title: "Diagnostics", scoreDisplayMode: "informative" },
      },
    };
    expect(missesOf(lhr as never)).toEqual([
      "accessibility: color-contrast (Contrast is too low)",
      "performance: largest-contentful-paint (Largest Contentful Paint): 2.0 s",
      "performance: first-contentful-paint (First Contentful Paint): 1.1 s",
      "performance: render-blocking-resources (Eliminate render-blocking resources): 120 ms to save",
    ]);
  });

  it("run alone against an address where nothing answers, says so and exits 1", async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const child = spawn(path.join(REPO_ROOT, "node_modules/.bin/tsx"), [path.join(REPO_ROOT, "apps/server/bench/lighthouse.ts"), url], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code, output).toBe(1);
    expect(output).toContain(`Lighthouse: the server at ${url} cannot be reached (ECONNREFUSED)`);
  });
});
