import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initTestI18n } from "../../lib/test-i18n.ts";
import { renderHtml, textOf } from "../../lib/test-render.tsx";
import { type PushCardState, PushCardView, PushNotificationsCard, pushCardState } from "./PushNotificationsCard.tsx";
import { currentSubscription, keyBytes, pushAvailability, subscribeThisDevice, unsubscribeThisDevice } from "./push-subscription.ts";

/** The push card's states (rendered to HTML: the web project runs without a DOM) and the browser part, on a mocked navigator. */
const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const noop = () => {};
const view = (state: PushCardState, deviceCount: number | null = null) =>
  renderHtml(<PushCardView state={state} deviceCount={deviceCount} onToggle={noop} onTest={noop} testing={false} />, { i18n });
const switchOf = (html: string) => html.match(/<input[^>]*type="checkbox"[^>]*>/)?.[0] ?? "";

/** A server key: an uncompressed P-256 point, base64url, as GET /api/push/key answers it. */
const SERVER_KEY = `B${"A".repeat(86)}`;

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  unsubscribe: ReturnType<typeof vi.fn>;
  toJSON: () => unknown;
}

function subscriptionOf(endpoint: string, key: Uint8Array = keyBytes(SERVER_KEY)): FakeSubscription {
  return {
    endpoint,
    options: { applicationServerKey: new Uint8Array(key).buffer },
    unsubscribe: vi.fn(async () => true),
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: "p", auth: "a" } }),
  };
}

/** A browser with push: a registered service worker whose push manager holds `existing`, and Notification permission `permission`. */
function browser(options: { permission?: NotificationPermission; answer?: NotificationPermission; existing?: FakeSubscription | null; worker?: boolean } = {}) {
  let held = options.existing ?? null;
  const pushManager = {
    getSubscription: vi.fn(async () => held),
    subscribe: vi.fn(async (init: { applicationServerKey: Uint8Array }) => {
      held = subscriptionOf("https://push.example.com/new", init.applicationServerKey);
      return held;
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal("window", { PushManager: class {} });
  vi.stubGlobal("Notification", { permission: options.permission ?? "default", requestPermission: vi.fn(async () => options.answer ?? "granted") });
  vi.stubGlobal("navigator", {
    serviceWorker: {
      ready: options.worker === false ? new Promise(noop) : Promise.resolve(registration),
      getRegistration: vi.fn(async () => (options.worker === false ? undefined : registration)),
    },
  });
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url === "/api/push/key") return new Response(JSON.stringify({ publicKey: SERVER_KEY }), { status: 200 });
    return new Response(url === "/api/push/subscriptions" && init.method === "POST" ? "{}" : null, { status: init.method === "DELETE" ? 204 : 201 });
  });
  vi.stubGlobal("fetch", fetch);
  return { pushManager, calls, fetch };
}

describe("the push card", () => {
  it("says what each state means, and lets the switch move only when it can", async () => {
    await i18n.changeLanguage("en");
    const unsupported = view("unsupported");
    expect(textOf(unsupported)).toContain("This browser cannot receive push notifications.");
    expect(switchOf(unsupported)).toContain("disabled");
    const denied = view("denied");
    expect(textOf(denied)).toContain("Notifications are blocked for this site");
    expect(textOf(denied)).toContain("allow notifications in the site's settings");
    expect(switchOf(denied)).toContain("disabled");
    expect(switchOf(view("working"))).toContain("disabled");
    expect(textOf(view("working"))).toContain("Working…");
    const on = view("on", 2);
    expect(switchOf(on)).toContain("checked");
    expect(textOf(on)).toContain("On: this device receives your push notifications.");
    expect(textOf(on)).toContain("Push notifications reach 2 of your devices.");
    expect(textOf(on)).toContain("Send a test notification");
    const off = view("off", 0);
    expect(switchOf(off)).not.toContain("checked");
    expect(switchOf(off)).not.toContain("disabled");
    expect(textOf(off)).toContain("Off: this device receives no push notifications.");
    expect(textOf(off)).not.toContain("Send a test notification");
  });

  it("speaks Spanish", async () => {
    await i18n.changeLanguage("es");
    expect(textOf(view("on", 1))).toContain("Activadas: este dispositivo recibe sus notificaciones push.");
    expect(textOf(view("denied"))).toContain("Las notificaciones de este sitio están bloqueadas");
    await i18n.changeLanguage("en");
  });

  it("puts availability before the switch's position", () => {
    expect(pushCardState("unsupported", false, true)).toBe("unsupported");
    expect(pushCardState("denied", true, false)).toBe("denied");
    expect(pushCardState("available", true, true)).toBe("working");
    expect(pushCardState("available", false, true)).toBe("on");
    expect(pushCardState("available", false, false)).toBe("off");
  });

  it("shows no push where there is no browser, and the daily reminder to patients only", () => {
    const staff = textOf(renderHtml(<PushNotificationsCard isPatient={false} />, { i18n }));
    expect(staff).toContain("Push notifications on this device");
    expect(staff).toContain("This browser cannot receive push notifications.");
    expect(staff).not.toContain("Daily reminder of my exercises");
    const patient = textOf(renderHtml(<PushNotificationsCard isPatient />, { i18n, cache: [[["push-daily-exercises"], { time: "18:00", timeZone: "UTC" }]] }));
    expect(patient).toContain("Daily reminder of my exercises");
  });
});

describe("the browser part", () => {
  it("knows when push is missing or blocked", () => {
    vi.stubGlobal("navigator", {});
    expect(pushAvailability()).toBe("unsupported");
    browser({ permission: "denied" });
    expect(pushAvailability()).toBe("denied");
    browser({ permission: "default" });
    expect(pushAvailability()).toBe("available");
  });

  it("subscribes with the server's key and gives the server the subscription", async () => {
    const { pushManager, calls } = browser();
    expect(await subscribeThisDevice()).toBe("subscribed");
    const init = pushManager.subscribe.mock.calls[0]?.[0] as { userVisibleOnly: boolean; applicationServerKey: Uint8Array };
    expect(init.userVisibleOnly).toBe(true);
    expect([...init.applicationServerKey]).toEqual([...keyBytes(SERVER_KEY)]);
    expect(init.applicationServerKey).toHaveLength(65);
    expect(calls.at(-1)).toEqual({
      method: "POST",
      url: "/api/push/subscriptions",
      body: { endpoint: "https://push.example.com/new", expirationTime: null, keys: { p256dh: "p", auth: "a" } },
    });
  });

  it("replaces a subscription made with another server key", async () => {
    const stale = subscriptionOf("https://push.example.com/old", new Uint8Array(65));
    const { pushManager } = browser({ existing: stale });
    await subscribeThisDevice();
    expect(stale.unsubscribe).toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenCalled();
  });

  it("stops at a refused permission, without subscribing or calling the server", async () => {
    const { pushManager, fetch } = browser({ answer: "denied" });
    expect(await subscribeThisDevice()).toBe("denied");
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("unsubscribes this device and tells the server, by endpoint", async () => {
    const held = subscriptionOf("https://push.example.com/mine");
    const { calls } = browser({ existing: held });
    await unsubscribeThisDevice();
    expect(held.unsubscribe).toHaveBeenCalled();
    expect(calls).toEqual([{ method: "DELETE", url: "/api/push/subscriptions", body: { endpoint: "https://push.example.com/mine" } }]);
  });

  it("unsubscribes without a complaint when nothing is subscribed, no worker runs, push is missing, or the server is out of reach", async () => {
    const nothing = browser();
    await expect(unsubscribeThisDevice()).resolves.toBeUndefined();
    expect(nothing.fetch).not.toHaveBeenCalled();

    browser({ worker: false });
    await expect(unsubscribeThisDevice()).resolves.toBeUndefined();
    expect(await currentSubscription()).toBeNull();

    vi.stubGlobal("navigator", {});
    await expect(unsubscribeThisDevice()).resolves.toBeUndefined();

    const held = subscriptionOf("https://push.example.com/offline");
    browser({ existing: held });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await expect(unsubscribeThisDevice()).resolves.toBeUndefined();
    // Offline, the device stops all the same: the server forgets it at its next push.
    expect(held.unsubscribe).toHaveBeenCalled();
  });
});
