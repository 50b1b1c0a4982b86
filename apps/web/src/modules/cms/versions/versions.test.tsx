import type { CmsBlock, CmsPageContent, CmsVersionRow, CmsVersionView } from "@clinic/shared";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { renderHtml, textOf } from "../../../lib/test-render.tsx";
import { restoreVersion } from "./api.ts";
import { blockSummary, compareBlocks, compareFields, defaultPair, htmlToText } from "./compare.ts";
import { VersionCompare } from "./VersionCompare.tsx";
import { VersionList } from "./VersionsPanel.tsx";

/** The versions panel: the history, two versions side by side with the differences in words, the restore call. */
const i18n = i18next.createInstance();
const spanish = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(i18n);
  await initTestI18n(spanish, "es");
});
afterEach(() => vi.unstubAllGlobals());

const content = (extra: Partial<CmsPageContent> = {}): CmsPageContent => ({
  title: "About us",
  slug: "about-us",
  language: "en",
  isHome: false,
  seoTitle: "About the clinic",
  seoDescription: "Who we are",
  socialImageId: null,
  twinId: null,
  blocks: [{ kind: "text", html: "<p>We treat <strong>dizziness</strong> &amp; balance.</p>" }],
  ...extra,
});
const row = (version: number, extra: Partial<CmsVersionRow> = {}): CmsVersionRow => ({
  version,
  createdAt: "2026-05-04T09:30:00.000Z",
  author: { id: "u1", name: "Ana Ruiz" },
  autosave: false,
  restoredFrom: null,
  published: false,
  title: "About us",
  changed: [],
  ...extra,
});
const view = (version: number, body: CmsPageContent): CmsVersionView => ({ ...row(version), content: body, uploads: {} });

describe("the comparison logic", () => {
  it("reads rich text as text", () => {
    expect(htmlToText("<h2>Hours</h2><p>Mon&nbsp;&amp; Tue<br>9&ndash;5</p>")).toBe("Hours Mon & Tue 9&ndash;5");
  });

  it("summarises each block kind in words", () => {
    const t = i18n.t;
    const blocks: CmsBlock[] = [
      { kind: "image", uploadId: "0e0b7e1c-8f33-4a57-9a57-0d8d2f0c3a11", alt: "Our waiting room", caption: "Ground floor" },
      { kind: "cta", label: "Call us", href: "/site/en/contact", style: "primary" },
      { kind: "faq", items: [{ question: "Do I need a referral?", answer: "<p>No.</p>" }] },
      { kind: "events", title: "Workshops", count: 3 },
    ];
    expect(blocks.map((block) => blockSummary(block, t))).toEqual([
      "Image: Our waiting room — Ground floor",
      "Button: Call us → /site/en/contact",
      "FAQ: Do I need a referral? No.",
      "Latest events: Workshops — 3 events",
    ]);
  });

  it("marks changed fields and blocks by position as changed, added or removed", () => {
    const older = content();
    const newer = content({
      title: "About our clinic",
      twinId: 8,
      blocks: [
        { kind: "text", html: "<p>New text</p>" },
        { kind: "video", url: "https://youtu.be/abcdef12", title: "Tour" },
      ],
    });
    const fields = compareFields(older, newer, i18n.t);
    expect(fields.filter((field) => field.changed).map((field) => field.field)).toEqual(["title", "translation"]);
    expect(fields.find((field) => field.field === "translation")).toMatchObject({ older: "None", newer: "Linked to page 8" });
    expect(compareBlocks(older.blocks, newer.blocks, i18n.t).map((block) => block.change)).toEqual(["changed", "added"]);
    expect(compareBlocks(newer.blocks, older.blocks, i18n.t).map((block) => block.change)).toEqual(["changed", "removed"]);
    expect(compareBlocks(older.blocks, older.blocks, i18n.t).map((block) => block.change)).toEqual(["same"]);
  });

  it("compares the latest version with the one before at first", () => {
    expect(defaultPair([row(5), row(4), row(3)])).toEqual({ older: 4, newer: 5 });
    expect(defaultPair([row(1)])).toEqual({ older: 1, newer: 1 });
    expect(defaultPair([])).toBeNull();
  });
});

describe("the versions panel's screens", () => {
  it("lists each version with its number, time, author, badges and changed fields", () => {
    const versions = [
      row(3, { restoredFrom: 1, changed: ["title", "blocks"] }),
      row(2, { autosave: true, published: true, changed: ["seo"], author: null }),
      row(1),
    ];
    const text = textOf(renderHtml(<VersionList versions={versions} />, { i18n }));
    expect(text).toMatch(/3 2026-05-04, \d\d:30 (am|pm) Ana Ruiz Restored from 1 Title, Blocks/);
    expect(text).toContain("Unknown Published Autosave SEO");
    expect(text).toContain("First version");
    expect(textOf(renderHtml(<VersionList versions={versions} />, { i18n: spanish }))).toContain("Restaurada de la 1 Título, Bloques");
  });

  it("shows two versions side by side with each difference marked in words, not by colour alone", () => {
    const older = view(2, content());
    const newer = view(3, content({ slug: "about", blocks: [] }));
    const html = renderHtml(<VersionCompare older={older} newer={newer} />, { i18n });
    const text = textOf(html);
    expect(text).toContain("Version 2 Version 3");
    expect(text).toMatch(/Slug Changed about-us about /);
    expect(text).toMatch(/Title About us About us/);
    expect(text).toContain("Block 1 Removed Rich text: We treat dizziness & balance. (none)");
    expect(html).toContain('aria-label="Blocks of versions 2 and 3, by position"');
    expect(textOf(renderHtml(<VersionCompare older={older} newer={newer} />, { i18n: spanish }))).toContain("Bloque 1 Eliminado");
  });

  it("restores the older version with POST …/versions/:version/restore", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 7 }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    await restoreVersion(7, 2);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([path, init.method]).toEqual(["/api/cms/pages/7/versions/2/restore", "POST"]);
  });
});
