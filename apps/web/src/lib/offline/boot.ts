import { setDeviceReads } from "../api.ts";

/**
 * What the app's entry runs of the offline app (issue 43), kept small: every page loads it. The
 * device store (device.ts, IndexedDB) and the service worker's registration (pwa.ts) load on
 * first use and after the page has loaded.
 */

export function bootOffline(): void {
  if (typeof indexedDB !== "undefined") {
    const device = () => import("./device.ts");
    // Answers are kept in the order they came: each waits for the same import.
    setDeviceReads({
      keep: (path, data) => void device().then((module) => module.keep(path, data)),
      recall: async (path) => (await device()).recall(path),
    });
  }
  // The browser's install prompt may come before pwa.ts has loaded: kept for it.
  let earlyInstallPrompt: Event | null = null;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    earlyInstallPrompt = event;
  });
  const startWorker = () => void import("./pwa.ts").then((module) => module.installPwa(earlyInstallPrompt));
  if (document.readyState === "complete") startWorker();
  else window.addEventListener("load", startWorker, { once: true });
}

/** The manifest in the interface language (the installed app's name). */
export function manifestLanguage(language: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = `/manifest.${language === "es" ? "es" : "en"}.webmanifest`;
  if (link && link.getAttribute("href") !== href) link.setAttribute("href", href);
}
