// The one Chromium launch of `npm run bench` (frame pacing, page weight): the system browser
// with the flags the end-to-end tests use.
import { type Browser, chromium } from "@playwright/test";

/** Starts Chromium (CHROMIUM_PATH, default /usr/bin/chromium); `skipHint` says how to do without it. */
export async function launchChromium(skipHint: string): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  try {
    return await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"] });
  } catch (error) {
    throw new Error(`Chromium did not start from ${executablePath} (set CHROMIUM_PATH, or ${skipHint}): ${error instanceof Error ? error.message : error}`);
  }
}

/** Cookie header ("a=1; b=2") as Playwright cookies for the app's address. */
export function cookiesFor(header: string, url: string) {
  return header.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
}
