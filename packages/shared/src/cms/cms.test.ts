import { describe, expect, it } from "vitest";
import { FORBIDDEN_MARKUP_MESSAGE } from "../rich-text.ts";
import { cmsMenuInputSchema, NAVIGATION_MESSAGES } from "./navigation.ts";
import { CMS_MESSAGES, cmsPageInputSchema, cmsPublishSchema, slugOf, slugSchema } from "./pages.ts";

/** The page content manager's contract (issue 39): slugs, blocks, publishing times and menus, refused with the field's message. */

const page = (extra: Record<string, unknown> = {}) => ({ title: "About us", slug: "about-us", language: "en", ...extra });
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);

describe("slugs", () => {
  it("take lowercase letters and digits joined by single hyphens, and nothing else", () => {
    for (const good of ["about-us", "services", "2026-open-day", "a"]) expect(slugSchema().safeParse(good).success, good).toBe(true);
    for (const bad of ["About", "about us", "about/us", "/about", "about--us", "-about", "about-", "", "sobre-nosotros?", "café"])
      expect(slugSchema().safeParse(bad).error?.issues[0]?.message, bad).toBe(CMS_MESSAGES.slugFormat);
  });

  it("are made from a title, accents dropped", () => {
    expect(slugOf("Sobre nosotros")).toBe("sobre-nosotros");
    expect(slugOf("  Fisioterapia & Rehabilitación vestibular!  ")).toBe("fisioterapia-rehabilitacion-vestibular");
    expect(slugSchema().safeParse(slugOf("Ñandú: 2 ½ días")).success).toBe(true);
    expect(slugOf("x".repeat(200))).toHaveLength(80);
  });
});

describe("a page", () => {
  it("keeps its fields and every kind of block, with defaults filled in", () => {
    const parsed = cmsPageInputSchema.parse(
      page({
        blocks: [
          { kind: "text", html: "<p>Welcome to the <strong>clinic</strong>.</p>" },
          { kind: "image", uploadId: "0b9f5c1e-8f0a-4c1e-9a57-2f1c3d4e5f60", alt: "The waiting room" },
          { kind: "video", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "A tour" },
          { kind: "cta", label: "Call us", href: "/contact" },
          { kind: "columns", left: "<p>Left</p>", right: "<p>Right</p>" },
          { kind: "faq", items: [{ question: "Do I need a referral?", answer: "<p>No.</p>" }] },
          { kind: "booking", label: "Book a session" },
          { kind: "events" },
        ],
      }),
    );
    expect(parsed).toMatchObject({ isHome: false, seoTitle: "", twinId: null, socialImageId: null });
    expect(parsed.blocks.map((block) => block.kind)).toEqual(["text", "image", "video", "cta", "columns", "faq", "booking", "events"]);
    expect(parsed.blocks[3]).toMatchObject({ style: "primary" });
    expect(parsed.blocks[6]).toMatchObject({ serviceId: null });
    expect(parsed.blocks[7]).toMatchObject({ count: 3, title: "" });
  });

  it("refuses a script or an event handler in any block, on that block's field", () => {
    const attacks = [
      [{ kind: "text", html: "<p>Hi</p><script>alert(1)</script>" }, "blocks.0.html"],
      [{ kind: "columns", left: "<p>ok</p>", right: '<img src="x" onerror="alert(1)">' }, "blocks.0.right"],
      [{ kind: "faq", items: [{ question: "Q", answer: '<a href="javascript:alert(1)">x</a>' }] }, "blocks.0.items.0.answer"],
    ] as const;
    for (const [block, path] of attacks) expect(issuesOf(cmsPageInputSchema.safeParse(page({ blocks: [block] })))).toEqual([[path, FORBIDDEN_MARKUP_MESSAGE]]);
  });

  it("refuses a link or a video that is not one, an unknown block and a page in a third language", () => {
    expect(issuesOf(cmsPageInputSchema.safeParse(page({ blocks: [{ kind: "cta", label: "Go", href: "javascript:alert(1)" }] })))).toEqual([
      ["blocks.0.href", CMS_MESSAGES.linkUrl],
    ]);
    expect(issuesOf(cmsPageInputSchema.safeParse(page({ blocks: [{ kind: "cta", label: "Go", href: "//evil.example" }] })))).toEqual([
      ["blocks.0.href", CMS_MESSAGES.linkUrl],
    ]);
    expect(issuesOf(cmsPageInputSchema.safeParse(page({ blocks: [{ kind: "video", url: "https://example.com/v.mp4", title: "V" }] })))).toEqual([
      ["blocks.0.url", CMS_MESSAGES.videoUrl],
    ]);
    expect(cmsPageInputSchema.safeParse(page({ blocks: [{ kind: "iframe", src: "https://example.com" }] })).success).toBe(false);
    expect(cmsPageInputSchema.safeParse(page({ language: "fr" })).success).toBe(false);
    expect(cmsPageInputSchema.safeParse(page({ slug: "about us" })).error?.issues[0]).toMatchObject({ path: ["slug"], message: CMS_MESSAGES.slugFormat });
  });
});

describe("publishing", () => {
  it("is now or at a later time, never a time past", () => {
    expect(cmsPublishSchema.safeParse({}).success).toBe(true);
    expect(cmsPublishSchema.safeParse({ at: new Date(Date.now() + 3_600_000).toISOString() }).success).toBe(true);
    expect(issuesOf(cmsPublishSchema.safeParse({ at: new Date(Date.now() - 60_000).toISOString() }))).toEqual([["at", CMS_MESSAGES.scheduleInPast]]);
    expect(cmsPublishSchema.safeParse({ at: "tomorrow" }).success).toBe(false);
  });
});

describe("menus", () => {
  it("hold pages and addresses, nested one level", () => {
    const menu = cmsMenuInputSchema.parse({
      items: [
        { label: "Home", pageId: 1 },
        {
          label: "Services",
          pageId: 2,
          children: [
            { label: "Vestibular", pageId: 3 },
            { label: "Our blog", url: "https://blog.example.com" },
          ],
        },
        { label: "Write to us", url: "mailto:hello@example.com" },
      ],
    });
    expect(menu.items[1]?.children.map((child) => child.label)).toEqual(["Vestibular", "Our blog"]);
    // A grandchild has nowhere to go.
    expect(
      cmsMenuInputSchema.safeParse({ items: [{ label: "A", pageId: 1, children: [{ label: "B", pageId: 2, children: [{ label: "C", pageId: 3 }] }] }] })
        .success,
    ).toBe(false);
  });

  it("refuse an item pointing to both a page and an address, or to neither", () => {
    expect(issuesOf(cmsMenuInputSchema.safeParse({ items: [{ label: "Both", pageId: 1, url: "/x" }] }))).toEqual([["items.0.url", NAVIGATION_MESSAGES.target]]);
    expect(issuesOf(cmsMenuInputSchema.safeParse({ items: [{ label: "A", pageId: 1, children: [{ label: "Neither" }] }] }))).toEqual([
      ["items.0.children.0.url", NAVIGATION_MESSAGES.target],
    ]);
  });
});
