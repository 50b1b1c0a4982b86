/**
 * Draws the app's icons (issue 43: drawn, not downloaded): the favicon's mark, a pin holding a
 * circle, on the theme's blue, as SVG, then rasterised by the system Chromium into the PNG sizes
 * the Web App Manifest and iOS ask for. Run it again after changing the drawing:
 *   npx tsx apps/web/scripts/draw-icons.ts
 * The PNGs are committed; the build does not run this.
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const BLUE = "#1f5f8b";
const MARK = "M32 14c-8 0-14 6-14 14 0 12 14 22 14 22s14-10 14-22c0-8-6-14-14-14zm0 19a5 5 0 1 1 0-10 5 5 0 0 1 0 10z";

/** `maskable`: full bleed, the mark inside the safe circle (80 % of the side) that launchers may crop to. */
const drawing = (maskable: boolean) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>Therapy platform</title>` +
  (maskable ? `<rect width="64" height="64" fill="${BLUE}"/>` : `<rect width="64" height="64" rx="14" fill="${BLUE}"/>`) +
  `<g transform="translate(32 32) scale(${maskable ? 0.78 : 1}) translate(-32 -32)"><path d="${MARK}" fill="#fff"/></g></svg>`;

const out = (name: string) => fileURLToPath(new URL(`../public/icons/${name}`, import.meta.url));

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
await writeFile(out("icon.svg"), drawing(false));
for (const [name, size, maskable] of [
  ["icon-192.png", 192, false],
  ["icon-512.png", 512, false],
  ["maskable-512.png", 512, true],
  ["apple-touch-icon.png", 180, true],
] as const) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${drawing(maskable)}`);
  await page.locator("svg").screenshot({ path: out(name), omitBackground: true });
}
await browser.close();
