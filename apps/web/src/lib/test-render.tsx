import { GROUP, type GroupId, type SessionState } from "@clinic/shared";
import { QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes } from "react-router";
import { SESSION_KEY } from "./session.ts";

/** What a test's signed-in user varies; the rest is Ana Ruiz, of a clinic whose membership runs. */
export interface TestSessionOptions {
  /** The user's group (GROUP.*); none for an administrator. A patient's group makes the user a patient. */
  group?: GroupId;
  isAdmin?: boolean;
  codenames?: string[];
  orderData?: Partial<SessionState["orderData"]>;
  flags?: SessionState["flags"];
  language?: SessionState["userData"]["language"];
}

/** The session the server would answer for such a user (GET /api/get-user-profile/). */
export function testSession({
  group,
  isAdmin = false,
  codenames = [],
  orderData = {},
  flags = { clinic: true },
  language = "en",
}: TestSessionOptions = {}): SessionState {
  return {
    userId: "u1",
    isAuthenticated: true,
    isAdmin,
    userData: {
      id: "u1",
      email: "ana@example.com",
      nombres: "Ana",
      apellidos: "Ruiz",
      identification: "",
      language,
      isAdmin,
      is_active: true,
      groups: group === undefined ? [] : [group],
      permissions: [],
      twoFactorEnabled: false,
      clinicId: null,
    },
    permission: { is_patient: group === GROUP.patient, codenames },
    orderData: { isActivated: true, endsOn: "2026-12-08", graceUntil: null, trial: false, ...orderData },
    flags,
  };
}

export interface RenderOptions {
  i18n: I18n;
  /** Where the router starts. */
  url?: string;
  /** The route the element answers, whose params `url` fills; without it the element is rendered as it is. */
  path?: string;
  /** Left out, the screen finds no session (one that never asks for it). */
  session?: SessionState;
  /** The server's answers, as the shell would have fetched them. */
  cache?: [QueryKey, unknown][];
}

/**
 * The element rendered to HTML (renderToString runs no effect, so the screen fetches nothing):
 * whatever it shows must already be in the query cache.
 */
export function renderHtml(element: ReactElement, { i18n, url = "/", path, session, cache = [] }: RenderOptions): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  if (session) client.setQueryData(SESSION_KEY, session);
  for (const [key, data] of cache) client.setQueryData(key, data);
  return renderToString(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>
          {path === undefined ? (
            element
          ) : (
            <Routes>
              <Route path={path} element={element} />
            </Routes>
          )}
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** The page's text as a reader meets it: emotion's style tags dropped, tags as spaces, entities a test may spell. */
export function textOf(html: string): string {
  return html
    .replace(/<style[^>]*>.*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** The element's text (see renderHtml and textOf), for a test that asserts on no markup. */
export function renderText(element: ReactElement, options: RenderOptions): string {
  return textOf(renderHtml(element, options));
}

/**
 * The export buttons of the group named `label` (lib/components/ExportButtons): each one's
 * text, or null when the group is missing. A plain download link in the group fails here:
 * every export goes through the one export action, which a link would bypass.
 */
export function exportButtonsOf(html: string, label: string): string[] | null {
  const escaped = label.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
  const start = html.indexOf(`role="group" aria-label="${escaped}"`);
  if (start < 0) return null;
  const group = html.slice(start, html.indexOf("</div>", start));
  if (/<a\b|href=/.test(group)) throw new Error(`The export group "${label}" holds a link.`);
  return [...group.matchAll(/<button\b[^>]*type="button"[^>]*>(.*?)<\/button>/g)].map((match) => textOf(match[1] ?? "").trim());
}
