import type { SessionState } from "@clinic/shared";
import { QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { actionCallbacks } from "../../lib/resource.ts";
import { SESSION_KEY } from "../../lib/session.ts";
import { initTestI18n } from "../../lib/test-i18n.ts";
import { renderHtml, testSession, textOf } from "../../lib/test-render.tsx";
import { applyTheme, ConfigPage, saveTheme } from "./ConfigPage.tsx";

/** The Config screen's theme choice (spec §9): shown, saved to the account, applied at once. */
const i18n = i18next.createInstance();
const spanish = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(i18n);
  await initTestI18n(spanish, "es");
});
afterEach(() => vi.unstubAllGlobals());

const withTheme = (theme: "primary" | "secondary"): SessionState => {
  const session = testSession({ isAdmin: true });
  return { ...session, userData: { ...session.userData, theme } };
};

describe("the theme choice in Config", () => {
  it("offers Primary and Secondary, each with what it does, the user's own checked", () => {
    const html = renderHtml(<ConfigPage />, { i18n, session: withTheme("secondary") });
    const text = textOf(html);
    expect(text).toContain("Primary");
    expect(text).toContain("The standard layout, with a 280 px side menu.");
    expect(text).toContain("Secondary");
    expect(text).toContain("350 px, 420 px on wide screens");
    expect(html).toMatch(/<input[^>]*type="radio"[^>]*value="secondary"[^>]*checked=""|<input[^>]*checked=""[^>]*value="secondary"/);
    expect(html).not.toMatch(/<input[^>]*value="primary"[^>]*checked=""/);
    expect(textOf(renderHtml(<ConfigPage />, { i18n: spanish, session: withTheme("primary") }))).toContain("Secundario");
  });

  it("reads a session without a theme as the primary one", () => {
    const html = renderHtml(<ConfigPage />, { i18n, session: testSession() });
    expect(html).toMatch(/<input[^>]*value="primary"[^>]*checked=""|<input[^>]*checked=""[^>]*value="primary"/);
  });

  it("saves the choice with PUT /api/theme/:userId and puts it in the session the shell reads", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ theme: "secondary" }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const result = await saveTheme("u1", "secondary");
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([path, init.method]).toEqual(["/api/theme/u1", "PUT"]);
    expect(JSON.parse(String(init.body))).toEqual({ theme: "secondary" });

    const client = new QueryClient();
    client.setQueryData(SESSION_KEY, withTheme("primary"));
    const notices = { success: vi.fn(), error: vi.fn() };
    const callbacks = actionCallbacks(
      { onSuccess: (saved: { theme: "primary" | "secondary" }) => applyTheme(client, saved.theme), success: "saved" },
      { client, notices, t: i18n.t },
    );
    await callbacks.onSuccess(result, "secondary");
    expect(client.getQueryData<SessionState>(SESSION_KEY)?.userData.theme).toBe("secondary");
    expect(notices.success).toHaveBeenCalledWith("saved");
  });
});
