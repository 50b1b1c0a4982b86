// Frame pacing of the games (issue 5): Chromium opens the preview of one build per family in
// demonstration mode (it plays itself) and reads the session's own frame intervals, taken from
// requestAnimationFrame timestamps. The baseline, in the same browser and run, is a bare page
// that only clears and fills a canvas of the same size every frame: the machine's ceiling.
import type { Page } from "@playwright/test";
import { CATALOGUE, FAMILIES } from "@clinic/games";
import { cookiesFor, launchChromium } from "./browser.ts";

export interface FrameFigures {
  label: string;
  frames: number;
  p50Ms: number;
  p95Ms: number;
}

const BARE_CANVAS = `<!doctype html><meta charset="utf-8"><title>bare canvas</title>
<canvas width="928" height="415"></canvas>
<script>
  const context = document.querySelector("canvas").getContext("2d");
  window.intervals = [];
  let last = null;
  const frame = (at) => {
    if (last !== null) window.intervals.push(at - last);
    last = at;
    context.clearRect(0, 0, 928, 415);
    context.fillStyle = "#223";
    context.fillRect((at / 4) % 900, 180, 28, 28);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
</script>`;

/** The build measured for a family: its first full build (not the quick check). */
export function framesBuilds() {
  return FAMILIES.map(
    (family) => CATALOGUE.find((build) => build.family === family && !build.quick) ?? CATALOGUE.find((build) => build.family === family),
  ).filter((build) => build !== undefined);
}

function percentiles(intervals: number[]): Omit<FrameFigures, "label"> {
  const sorted = [...intervals].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]);
  return { frames: sorted.length, p50Ms: at(0.5), p95Ms: at(0.95) };
}

async function bareCanvas(page: Page, seconds: number): Promise<FrameFigures> {
  await page.setContent(BARE_CANVAS);
  await page.waitForTimeout(seconds * 1000);
  const intervals = await page.evaluate(() => (window as unknown as { intervals: number[] }).intervals);
  return { label: "bare canvas (baseline)", ...percentiles(intervals) };
}

async function demonstration(page: Page, appUrl: string, buildId: string, seconds: number): Promise<FrameFigures> {
  await page.goto(`${appUrl}/manager/admin/games/${buildId}`);
  await page.getByRole("button", { name: "Watch a demonstration" }).click();
  await page.locator("[data-testid=game-stage][data-game-state=running]").waitFor({ timeout: 30_000 });
  await page.waitForTimeout(seconds * 1000);
  const stats = await page.evaluate(() => {
    const game = (window as unknown as { __gameController?: { frameStats(): Omit<FrameFigures, "label">; stop(): void } }).__gameController;
    if (!game) return null;
    const figures = game.frameStats();
    game.stop();
    return figures;
  });
  if (!stats) throw new Error(`the preview of ${buildId} ended before ${seconds} s of frames were taken`);
  return { label: buildId, ...stats };
}

/** Measures the baseline and one build per family; `seconds` of frames each. */
export async function measureFrames(appUrl: string, therapistCookie: string, seconds: number, log: (line: string) => void): Promise<FrameFigures[]> {
  const browser = await launchChromium("BENCH_FRAMES=0 to skip frame pacing");
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "en-US" });
    await context.addCookies(cookiesFor(therapistCookie, appUrl));
    const page = await context.newPage();
    log(`frame pacing: bare canvas for ${seconds} s`);
    const figures = [await bareCanvas(page, seconds)];
    for (const build of framesBuilds()) {
      log(`frame pacing: ${build.id} for ${seconds} s`);
      figures.push(await demonstration(page, appUrl, build.id, seconds));
    }
    return figures;
  } finally {
    await browser.close();
  }
}
