import { isGamePage } from "@clinic/shared/routes";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { deviceOwner } from "./lib/offline/device-db.ts";
import { Outbox } from "./lib/offline/outbox.ts";

/**
 * The service worker (issue 43), built by vite-plugin-pwa (injectManifest). It keeps:
 * - the build's files (scripts, styles, icons, the game engines), precached by their
 *   fingerprinted names: a new release installs beside the old one and takes over only when the
 *   user reloads (lib/offline/pwa.ts asks them), so a game is never reloaded under its player;
 * - the page shells (the app's, a game page's, the sign-in page's), from the last page load,
 *   served when the network does not answer.
 * It keeps no answer of the API: a patient's data lives in IndexedDB under their user id
 * (lib/offline/device-db.ts) and staff data is never kept. It sends the outbox on Background
 * Sync and shows Web Push notifications.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const SHELLS = "page-shells-v1";
/** How long a page load waits for the network before the kept shell is shown. */
const NETWORK_TIMEOUT_MS = 6_000;

/** Which kept shell serves a page: a game page's carries the cross-origin isolation headers. */
function shellKey(pathname: string): string {
  if (/^\/accounts\/login\/?$/.test(pathname)) return "/__shell/sign-in";
  return isGamePage(pathname) ? "/__shell/game" : "/__shell/app";
}

async function pageLoad(request: Request): Promise<Response> {
  const key = shellKey(new URL(request.url).pathname);
  const cache = await caches.open(SHELLS);
  try {
    const response = await Promise.race([
      fetch(request),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), NETWORK_TIMEOUT_MS)),
    ]);
    // The shell holds no user data: the same HTML for everyone, whose nonce matches its own policy header.
    if (response.ok && response.headers.get("content-type")?.startsWith("text/html")) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

/** A page of each kind, whose shell is kept at install: a game page opens offline before any was visited online. */
const SHELL_PAGES = ["/manager/patient", "/manager/patient/play/0", "/accounts/login/"];

self.addEventListener("install", (event) => {
  // An update leaves the shells alone: the version in charge still serves them, with its own files.
  if (self.registration.active) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELLS);
      await Promise.all(
        SHELL_PAGES.map(async (page) => {
          const response = await fetch(page, { credentials: "same-origin" }).catch(() => null);
          if (response?.ok) await cache.put(shellKey(page), response);
        }),
      );
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.mode !== "navigate" || request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  event.respondWith(pageLoad(request));
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

// Background Sync (where the browser has it): the outbox goes out when the network returns, app open or not.
self.addEventListener("sync", (event: Event & { tag?: string; waitUntil?(promise: Promise<unknown>): void }) => {
  if (event.tag !== "outbox") return;
  event.waitUntil?.(
    (async () => {
      const owner = await deviceOwner();
      if (!owner) return;
      const result = await new Outbox().flush(owner);
      for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage({ type: "outbox-synced", ...result });
      // Still waiting: the browser tries the sync again later.
      if (result.waiting > 0) throw new Error("Outbox entries still wait");
    })(),
  );
});

interface PushMessage {
  title: string;
  body: string;
  link: string | null;
  tag: string;
}

self.addEventListener("push", (event) => {
  let message: PushMessage;
  try {
    message = event.data?.json() as PushMessage;
  } catch {
    return;
  }
  if (!message?.title) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { link: message.link },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const link = typeof event.notification.data?.link === "string" && event.notification.data.link.startsWith("/") ? event.notification.data.link : "/";
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(link).catch(() => undefined);
      } else await self.clients.openWindow(link);
    })(),
  );
});
