import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../lib/test-i18n.ts";
import { renderHtml } from "../../lib/test-render.tsx";
import { UNREAD_KEY } from "./api.ts";
import { NotificationBell } from "./NotificationBell.tsx";
import { backoff, POLL_MS } from "./useRealtime.ts";

/** The bell rendered to HTML (the web project runs without a DOM) with the unread count in the cache, as the socket or the poll put it. */
const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));

async function renderBell(unread: number | undefined, language = "en"): Promise<string> {
  await i18n.changeLanguage(language);
  return renderHtml(<NotificationBell />, { i18n, cache: unread === undefined ? [] : [[UNREAD_KEY, { unread }]] });
}

/** The badge's text (its span is hidden from screen readers: the button's name says the count). */
const badge = (html: string) => html.match(/<span [^>]*class="MuiBadge-badge[^"]*"[^>]*>([^<]*)</)?.[1];

describe("the notification bell", () => {
  it("names and shows the unread count", async () => {
    const html = await renderBell(3);
    expect(html).toContain('aria-label="Notifications, 3 unread"');
    expect(badge(html)).toBe("3");
  });

  it("shows no number when nothing is unread or the count is not known yet", async () => {
    for (const unread of [0, undefined]) {
      const html = await renderBell(unread);
      expect(html).toContain('aria-label="Notifications, 0 unread"');
      expect(html).toContain("MuiBadge-invisible");
    }
  });

  it("caps the badge at 99+ but names the exact count, in Spanish too", async () => {
    const html = await renderBell(150, "es");
    expect(badge(html)).toBe("99+");
    expect(html).toContain('aria-label="Notificaciones, 150 sin leer"');
    await i18n.changeLanguage("en");
  });
});

describe("reconnecting", () => {
  it("waits longer after each failure, within a cap, and polls every minute meanwhile", () => {
    expect(backoff(0, () => 0)).toBe(500);
    expect(backoff(0, () => 1)).toBe(1000);
    expect(backoff(3, () => 1)).toBe(8000);
    expect(backoff(20, () => 1)).toBe(30_000);
    expect(POLL_MS).toBe(60_000);
  });
});
