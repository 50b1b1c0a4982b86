import type { CmsMenuView } from "@clinic/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import i18next, { type i18n as I18n } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { textOf } from "../../../lib/test-render.tsx";
import { menuKey, saveMenu } from "./api.ts";
import { MenuEditor } from "./MenuEditor.tsx";
import { dropOn, errorsByItem, itemsOf, menuBody, move, navigationMessageKey } from "./menu-items.ts";

/** The menus editor: moves by keyboard and by drag change the saved order, a deleted page's item is flagged, the saved body. */
const i18n = i18next.createInstance();
const spanish = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(i18n);
  await initTestI18n(spanish, "es");
});
afterEach(() => vi.unstubAllGlobals());

const item = (label: string, extra: Partial<CmsMenuView["items"][number]> = {}) => ({
  label,
  pageId: null as number | null,
  url: "",
  href: "",
  missing: false,
  children: [],
  ...extra,
});
const header: CmsMenuView = {
  location: "header",
  language: "en",
  items: [
    item("Home", { pageId: 1, href: "/site/en" }),
    item("Services", { pageId: 2, href: "/site/en/services", children: [item("Physio", { pageId: 3, href: "/site/en/physio" })] }),
    item("Team", { pageId: 4, missing: true }),
    item("Blog", { url: "https://blog.example.com", href: "https://blog.example.com" }),
  ],
  updatedAt: "2026-05-04T09:30:00.000Z",
  updatedBy: { id: "u1", name: "Ana Ruiz" },
};
const labels = (body: ReturnType<typeof menuBody>) => body.items.map((entry) => [entry.label, (entry.children ?? []).map((child) => child.label)]);

describe("moving items by keyboard", () => {
  it("moves up and down, indents under the item above and outdents after its parent, and the saved order follows", () => {
    let items = itemsOf(header);
    const up = move(items, [3], "up");
    expect(up?.place).toEqual([2]);
    items = up?.items ?? items;
    expect(labels(menuBody(items))).toEqual([
      ["Home", []],
      ["Services", ["Physio"]],
      ["Blog", []],
      ["Team", []],
    ]);

    const indent = move(items, [2], "indent");
    expect(indent?.place).toEqual([1, 1]);
    items = indent?.items ?? items;
    expect(labels(menuBody(items))).toEqual([
      ["Home", []],
      ["Services", ["Physio", "Blog"]],
      ["Team", []],
    ]);

    items = move(items, [1, 1], "up")?.items ?? items;
    expect(labels(menuBody(items))).toEqual([
      ["Home", []],
      ["Services", ["Blog", "Physio"]],
      ["Team", []],
    ]);

    const outdent = move(items, [1, 1], "outdent");
    expect(outdent?.place).toEqual([2]);
    expect(labels(menuBody(outdent?.items ?? []))).toEqual([
      ["Home", []],
      ["Services", ["Blog"]],
      ["Physio", []],
      ["Team", []],
    ]);
  });

  it("refuses the moves that make no sense: first up, last down, an item with children indented, a top item outdented", () => {
    const items = itemsOf(header);
    expect(move(items, [0], "up")).toBeNull();
    expect(move(items, [3], "down")).toBeNull();
    expect(move(items, [0], "indent")).toBeNull();
    expect(move(items, [2], "indent")?.place).toEqual([1, 1]);
    expect(move(items, [1], "outdent")).toBeNull();
    expect(move(items, [1, 0], "indent")).toBeNull();
  });

  it("drops a dragged item in the target's place, at the target's level", () => {
    const items = itemsOf(header);
    expect(labels(menuBody(dropOn(items, [0], [2])?.items ?? []))).toEqual([
      ["Services", ["Physio"]],
      ["Team", []],
      ["Home", []],
      ["Blog", []],
    ]);
    expect(labels(menuBody(dropOn(items, [3], [1, 0])?.items ?? []))).toEqual([
      ["Home", []],
      ["Services", ["Blog", "Physio"]],
      ["Team", []],
    ]);
    // One level only: an item with children cannot go under another.
    expect(dropOn(items, [1], [1, 0])).toBeNull();
  });
});

describe("saving a menu", () => {
  it("sends each item's label and either its page or its address, children nested, nothing else", () => {
    expect(menuBody(itemsOf(header))).toEqual({
      items: [
        { label: "Home", pageId: 1, url: "", children: [] },
        { label: "Services", pageId: 2, url: "", children: [{ label: "Physio", pageId: 3, url: "" }] },
        { label: "Team", pageId: 4, url: "", children: [] },
        { label: "Blog", pageId: null, url: "https://blog.example.com", children: [] },
      ],
    });
  });

  it("puts PUT /api/cms/menus/:location/:language", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(header), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    await saveMenu("footer", "es", { items: [] });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([path, init.method, JSON.parse(String(init.body))]).toEqual(["/api/cms/menus/footer/es", "PUT", { items: [] }]);
  });

  it("maps the server's field errors onto the items they name", () => {
    const items = itemsOf(header);
    const { byKey, other } = errorsByItem(items, { "items.2.pageId": ["gone"], "items.1.children.0.label": ["long"], detail: ["later"] });
    expect(byKey.get(items[2]?.key ?? "")).toEqual(["gone"]);
    expect(byKey.get(items[1]?.children[0]?.key ?? "")).toEqual(["long"]);
    expect(other).toEqual(["later"]);
    expect(navigationMessageKey("This item's page no longer exists: point it to another page or remove it.")).toBe("pageMissing");
  });
});

describe("the menu editor screen", () => {
  /** Under a data router (the unsaved-changes guard blocks navigation), the menu already fetched. */
  const render = (language: I18n = i18n) => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
    client.setQueryData(menuKey("header", "en"), header);
    const element = <MenuEditor location="header" language="en" onDirty={() => undefined} />;
    const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/cms/menus"] });
    return renderToString(
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={language}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
  };

  it("flags the item of a deleted page with a warning in words, and names every move button", () => {
    const html = render();
    const text = textOf(html);
    expect(text).toContain("This item's page no longer exists: point it to another page or remove it.");
    expect(html).toContain("MuiAlert-colorWarning");
    expect((text.match(/no longer exists/g) ?? []).length).toBe(1);
    expect(html).toContain('aria-label="Move Blog up"');
    expect(html).toContain('aria-label="Indent Team under the item above"');
    expect(html).toContain('aria-label="Outdent Physio to the top level"');
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('aria-label="Items under Services"');
  });

  it("speaks Spanish", () => {
    expect(textOf(render(spanish))).toContain("La página de este elemento ya no existe");
  });
});
