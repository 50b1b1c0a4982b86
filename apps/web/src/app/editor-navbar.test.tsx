import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import i18next, { type i18n as I18n } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../lib/test-i18n.ts";
import { SESSION_KEY } from "../lib/session.ts";
import { renderHtml, testSession, textOf } from "../lib/test-render.tsx";
import { EditorNavbar } from "../lib/components/EditorNavbar.tsx";
import { EditorNavbarContext } from "../lib/editor-navbar.tsx";
import { ShellFrame } from "./Shell.tsx";

/** Spec §2: an editor navbar replaces the top bar, and the slim admin page drawer the side menu. */
const i18n = i18next.createInstance();
const spanish = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(i18n);
  await initTestI18n(spanish, "es");
});

const admin = testSession({ isAdmin: true, flags: { clinic: true, navegacion: true } });
/** The frame under a data router (the top bar reads the matched routes), rendered to HTML. */
function frame(editing: boolean, language: I18n = i18n): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  client.setQueryData(SESSION_KEY, admin);
  const element = (
    <ShellFrame session={admin} mobile={false} editing={editing}>
      <p>page body</p>
    </ShellFrame>
  );
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/manager/admin/config"] });
  return renderToString(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={language}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe("the shell with and without an editor navbar", () => {
  it("shows the slim admin page drawer, not the side menu, while an editor navbar is mounted", () => {
    const html = frame(true);
    expect(html).toContain('aria-label="Admin page drawer"');
    expect(html).not.toContain('aria-label="Main menu"');
    // The drawer keeps the side menu's destinations, named for screen readers though shown as icons.
    expect(html).toMatch(
      /href="\/manager\/admin\/config"[^>]*aria-current="page"[^>]*aria-label="Configuration"|aria-current="page"[^>]*href="\/manager\/admin\/config"[^>]*aria-label="Configuration"/,
    );
    expect(html).toContain('aria-label="Users"');
    // No top bar title or profile menu: the editor's bar takes the header.
    expect(html).not.toContain('aria-label="Profile menu"');
    expect(textOf(html)).toContain("page body");
  });

  it("is the normal shell once the navbar is unmounted", () => {
    const html = frame(false);
    expect(html).toContain('aria-label="Main menu"');
    expect(html).toContain('aria-label="Profile menu"');
    expect(html).not.toContain("Admin page drawer");
  });

  it("names the drawer in Spanish", () => {
    expect(frame(true, spanish)).toContain('aria-label="Cajón de páginas de administración"');
  });
});

describe("the editor navbar", () => {
  const navbar = <EditorNavbar title="Home page" status={<span>Saved</span>} actions={<button type="button">Publish</button>} backTo="/cms/pages" />;

  it("outside a shell, draws its back link, title as the heading, status and actions in place", () => {
    const html = renderHtml(navbar, { i18n });
    expect(html).toMatch(/<h1[^>]*>Home page<\/h1>/);
    expect(html).toMatch(/href="\/cms\/pages"[^>]*aria-label="Back"|aria-label="Back"[^>]*href="\/cms\/pages"/);
    expect(html).toContain('role="status"');
    expect(textOf(html)).toContain("Saved");
    expect(textOf(html)).toContain("Publish");
  });

  it("inside the shell, draws nothing where the page put it: the shell's slot takes it", () => {
    const html = renderHtml(<EditorNavbarContext.Provider value={{ register: () => () => undefined, slot: null }}>{navbar}</EditorNavbarContext.Provider>, {
      i18n,
    });
    expect(textOf(html).trim()).toBe("");
  });
});
