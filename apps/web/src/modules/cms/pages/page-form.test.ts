import { CMS_MESSAGES, type CmsPageDetail, cmsPageInputSchema } from "@clinic/shared";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api.ts";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { createPage, savePage } from "../api.ts";
import { AUTOSAVE_DELAY_MS, createAutosave } from "./autosave.ts";
import {
  cmsFieldMessage,
  filtersOf,
  isPageField,
  newBlock,
  type PageFormValues,
  pageBody,
  pageFormValues,
  pageListFilters,
  placeRefusal,
  refusalFields,
  saveStateOf,
  slugFor,
} from "./page-form.ts";
import { scheduleBody, TIME_REQUIRED } from "./PublishDialog.tsx";

/** The page editor's logic and calls, with the server answered by a mocked fetch. */
const english = i18next.createInstance();
const spanish = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(english);
  await initTestI18n(spanish, "es");
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const detail = (extra: Partial<CmsPageDetail> = {}): CmsPageDetail => ({
  id: 7,
  title: "About us",
  slug: "about-us",
  language: "en",
  isHome: false,
  state: "draft",
  version: 3,
  publishedVersion: null,
  hasUnpublishedChanges: true,
  publishAt: null,
  publishedAt: null,
  path: "/site/en/about-us",
  twin: null,
  updatedAt: "2026-05-02T10:00:00.000Z",
  updatedBy: { id: "u1", name: "Ana Ruiz" },
  draft: {
    title: "About us",
    slug: "about-us",
    language: "en",
    isHome: false,
    seoTitle: "",
    seoDescription: "",
    socialImageId: null,
    twinId: null,
    blocks: [],
  },
  uploads: {},
  ...extra,
});

/** A fetch that answers `status` with `body` and keeps what it was asked. */
function answering(status: number, body: unknown) {
  const fetch = vi.fn(async (_path: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
const call = (fetch: ReturnType<typeof answering>, index = 0) => {
  const [path, init] = fetch.mock.calls[index] as [string, RequestInit];
  return { path, method: init.method, body: JSON.parse(init.body as string) as unknown };
};

describe("the list's filters", () => {
  it("are read from the address, unknown values ignored, and sent with only what is chosen", () => {
    expect(filtersOf(new URLSearchParams("state=scheduled&language=es"))).toEqual({ state: "scheduled", language: "es" });
    expect(filtersOf(new URLSearchParams("state=gone&language=fr"))).toEqual({ state: "", language: "" });
    expect(pageListFilters({ state: "published", language: "" })).toEqual({ state: "published" });
    expect(pageListFilters({ state: "", language: "en" })).toEqual({ language: "en" });
  });
});

describe("a new page", () => {
  it("takes its slug from the title until the editor types one", () => {
    expect(slugFor("Sobre nosotros", "", false)).toBe("sobre-nosotros");
    expect(slugFor("Fisioterapia & Rehabilitación!", "sobre", false)).toBe("fisioterapia-rehabilitacion");
    expect(slugFor("Sobre nosotros", "quienes-somos", true)).toBe("quienes-somos");
  });

  it("is created with POST /api/cms/pages and the dialog's fields", async () => {
    const fetch = answering(201, detail());
    await createPage({ title: "Sobre nosotros", slug: slugFor("Sobre nosotros", "", false), language: "es", isHome: false });
    expect(call(fetch)).toEqual({
      path: "/api/cms/pages",
      method: "POST",
      body: { title: "Sobre nosotros", slug: "sobre-nosotros", language: "es", isHome: false },
    });
  });
});

describe("the editor's save", () => {
  it("opens a page's draft as the form's values", () => {
    const page = detail({ draft: { ...detail().draft, twinId: 9, blocks: [{ kind: "text", html: "<p>Hi</p>" }] } });
    expect(pageFormValues(page)).toMatchObject({ title: "About us", twinId: 9, blocks: [{ kind: "text", html: "<p>Hi</p>" }] });
  });

  it("sends the page with three blocks added and filled, in order, as the contract takes it", async () => {
    const values: PageFormValues = { ...pageFormValues(detail()), blocks: [newBlock("text"), newBlock("cta"), newBlock("faq")] };
    // Added, each block is empty: nothing the server would take.
    expect(pageBody(values)).toBeNull();
    values.blocks = [
      { kind: "text", html: "<p>We treat <strong>dizziness</strong>.</p>" },
      { ...(newBlock("cta") as Extract<PageFormValues["blocks"][number], { kind: "cta" }>), label: "  Call us  ", href: "/site/en/contact" },
      { kind: "faq", items: [{ question: "Do I need a referral?", answer: "<p>No.</p>" }] },
    ];
    const body = pageBody(values);
    expect(body).not.toBeNull();
    const fetch = answering(200, detail());
    await savePage(7, body as PageFormValues);
    const sent = call(fetch);
    expect([sent.path, sent.method]).toEqual(["/api/cms/pages/7", "PUT"]);
    expect(sent.body).toEqual({
      title: "About us",
      slug: "about-us",
      language: "en",
      isHome: false,
      seoTitle: "",
      seoDescription: "",
      socialImageId: null,
      twinId: null,
      blocks: [
        { kind: "text", html: "<p>We treat <strong>dizziness</strong>.</p>" },
        { kind: "cta", label: "Call us", href: "/site/en/contact", style: "primary" },
        { kind: "faq", items: [{ question: "Do I need a referral?", answer: "<p>No.</p>" }] },
      ],
    });
    expect(cmsPageInputSchema.safeParse(sent.body).success).toBe(true);
  });

  it("says where the draft stands: saving, failed, saved, or unsaved (valid or not)", () => {
    expect(saveStateOf({ saving: true, failed: true, dirty: true, valid: false })).toBe("saving");
    expect(saveStateOf({ saving: false, failed: true, dirty: true, valid: true })).toBe("failed");
    expect(saveStateOf({ saving: false, failed: false, dirty: false, valid: true })).toBe("saved");
    expect(saveStateOf({ saving: false, failed: false, dirty: true, valid: true })).toBe("unsaved");
    expect(saveStateOf({ saving: false, failed: false, dirty: true, valid: false })).toBe("invalid");
  });
});

describe("the autosave", () => {
  const autosaving = () =>
    createAutosave<PageFormValues, PageFormValues>({ body: pageBody, send: (_values, body) => void savePage(7, body, true).catch(() => undefined) });

  it("sends PUT ?autosave=true two seconds after the last valid change, once", async () => {
    vi.useFakeTimers();
    const fetch = answering(200, detail());
    const autosave = autosaving();
    autosave.changed({ ...pageFormValues(detail()), title: "About" });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 500);
    autosave.changed({ ...pageFormValues(detail()), title: "About the clinic" });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const sent = call(fetch);
    expect([sent.path, sent.method]).toEqual(["/api/cms/pages/7?autosave=true", "PUT"]);
    expect(sent.body).toMatchObject({ title: "About the clinic" });
  });

  it("never sends invalid input (a slug with a space, a block left empty), and forgets a cancelled wait", async () => {
    vi.useFakeTimers();
    const fetch = answering(200, detail());
    const autosave = autosaving();
    autosave.changed({ ...pageFormValues(detail()), slug: "about us" });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    autosave.changed({ ...pageFormValues(detail()), blocks: [newBlock("video")] });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    autosave.changed({ ...pageFormValues(detail()), title: "Valid" });
    autosave.cancel();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("refusals", () => {
  it("puts a 409's slug taken on the slug field, translated, and a 400's block message on its block", () => {
    const taken = new ApiError(409, { slug: [CMS_MESSAGES.slugTaken] });
    expect(refusalFields(taken)).toEqual({ slug: [CMS_MESSAGES.slugTaken] });
    const placed: [string, string][] = [];
    const rest = placeRefusal<PageFormValues>(taken, (path, error) => placed.push([path, error.message ?? ""]), isPageField);
    expect(rest).toEqual([]);
    expect(placed).toEqual([["slug", CMS_MESSAGES.slugTaken]]);
    expect(cmsFieldMessage(english.t, placed[0]?.[1])).toBe("Another page in this language already uses this slug.");
    expect(cmsFieldMessage(spanish.t, placed[0]?.[1])).toBe("Otra página en este idioma ya usa este slug.");

    const refused = new ApiError(400, { "blocks.1.href": [CMS_MESSAGES.linkUrl], detail: "x", elsewhere: ["Somewhere else."] });
    const more: string[] = [];
    expect(placeRefusal<PageFormValues>(refused, (path) => more.push(path), isPageField)).toEqual(["Somewhere else."]);
    expect(more).toEqual(["blocks.1.href"]);
    // A 404 or a network failure has no fields.
    expect(refusalFields(new ApiError(404, { detail: "Not found." }))).toEqual({});
    expect(refusalFields(new Error("offline"))).toEqual({});
  });

  it("schedules only a future time, the past refused with the server's message", () => {
    const now = Date.parse("2026-05-02T10:00:00.000Z");
    vi.useFakeTimers({ now });
    expect(scheduleBody("")).toEqual({ error: TIME_REQUIRED });
    expect(scheduleBody("tomorrow")).toEqual({ error: TIME_REQUIRED });
    expect(scheduleBody("2026-05-01T09:00")).toEqual({ error: CMS_MESSAGES.scheduleInPast });
    const future = scheduleBody("2026-06-01T09:30");
    expect(future).toEqual({ at: new Date(2026, 5, 1, 9, 30).toISOString() });
    expect(cmsFieldMessage(spanish.t, CMS_MESSAGES.scheduleInPast)).toBe("La hora de publicación debe ser futura.");
  });
});
