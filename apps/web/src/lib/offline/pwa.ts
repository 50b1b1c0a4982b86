import { useSyncExternalStore } from "react";
import { Workbox } from "workbox-window";

/**
 * The installable app (issue 43): registers the service worker (src/sw.ts), tells when a new
 * version waits (the user reloads when they choose: never under a game), keeps the browser's
 * install prompt for the patient home to offer, and points the manifest at the user's language.
 */

/** Chromium's install prompt event (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

export interface PwaState {
  updateReady: boolean;
  installPrompt: InstallPromptEvent | null;
  /** Running as the installed app (standalone). */
  installed: boolean;
}

let state: PwaState = { updateReady: false, installPrompt: null, installed: false };
const listeners = new Set<() => void>();
function setState(change: Partial<PwaState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

let workbox: Workbox | null = null;

/** `earlyPrompt`: the install prompt the browser offered before this module loaded. */
export function installPwa(earlyPrompt: Event | null): void {
  const standalone = window.matchMedia?.("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
  setState({ installed: standalone, installPrompt: earlyPrompt as InstallPromptEvent | null });
  window.addEventListener("beforeinstallprompt", (event) => {
    // Kept for the patient home's install button, instead of the browser's own mini bar.
    event.preventDefault();
    setState({ installPrompt: event as InstallPromptEvent });
  });
  window.addEventListener("appinstalled", () => setState({ installPrompt: null, installed: true }));
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  workbox = new Workbox("/sw.js");
  workbox.addEventListener("waiting", () => setState({ updateReady: true }));
  void workbox.register().catch(() => undefined);
}

/** The user chose to reload: the waiting version takes over, then the page loads again on it. */
export function applyUpdate(): void {
  if (!workbox) {
    window.location.reload();
    return;
  }
  workbox.addEventListener("controlling", () => window.location.reload());
  workbox.messageSkipWaiting();
}

export async function promptInstall(): Promise<void> {
  const prompt = state.installPrompt;
  if (!prompt) return;
  await prompt.prompt();
  await prompt.userChoice.catch(() => undefined);
  setState({ installPrompt: null });
}

/** iPhone and iPad browsers install only through Share › Add to Home Screen: the home explains it there. */
export function needsInstallHint(): boolean {
  const ios = /iphone|ipad|ipod/i.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  return ios && !state.installed;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function usePwa(): PwaState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
