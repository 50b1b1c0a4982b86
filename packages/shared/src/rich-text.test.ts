import { describe, expect, it } from "vitest";
import { hasForbiddenMarkup, plainToRichText, richText, richTextToPlain } from "./rich-text.ts";

describe("richTextToPlain", () => {
  it("drops tags, decodes entities and puts blocks on their own lines", () => {
    expect(richTextToPlain("<h2>Gaze</h2><p>Hold &amp; <strong>turn</strong>&nbsp;slowly</p><ul><li>one</li><li>two</li></ul>")).toBe(
      "Gaze\nHold & turn slowly\none\ntwo",
    );
    expect(richTextToPlain("<p>&lt;b&gt; is &#x3C;markup&#62;</p>")).toBe("<b> is <markup>");
    expect(richTextToPlain("<p></p>")).toBe("");
  });
});

describe("plainToRichText", () => {
  it("escapes and makes a paragraph of each line", () => {
    expect(plainToRichText("Sit <down>\n\n & breathe ")).toBe("<p>Sit &lt;down&gt;</p><p>&amp; breathe</p>");
    expect(richTextToPlain(plainToRichText("a < b\nc"))).toBe("a < b\nc");
  });
});

describe("hasForbiddenMarkup", () => {
  it.each([
    "<script>alert(1)</script>",
    "<p>x</p><SCRIPT src=//evil></SCRIPT>",
    "<img src=x onerror=alert(1)>",
    '<p onclick="steal()">hi</p>',
    '<a href="javascript:alert(1)">x</a>',
    "<a href=' JavaScript:alert(1)'>x</a>",
    '<img src="data:image/svg+xml;base64,AAAA">',
    "<iframe src=https://example.org></iframe>",
    "<svg><circle/></svg>",
    "<style>body{}</style>",
    '<form action="https://evil"><input></form>',
  ])("refuses %s", (html) => {
    expect(hasForbiddenMarkup(html)).toBe(true);
  });

  it.each([
    "<p>Turn on the light; once = twice</p>",
    '<p><a href="https://example.org/on=1">onload</a></p>',
    "<p>data: results, javascript: a language</p>",
    '<img src="/api/uploads/6f1c2a7e-0b7d-4c55-9a51-2f4f1b0a9c11" alt="Exercise">',
  ])("accepts %s", (html) => {
    expect(hasForbiddenMarkup(html)).toBe(false);
  });
});

describe("richText", () => {
  const schema = richText(10);
  it("counts the characters a reader sees, not the markup", () => {
    expect(schema.safeParse(`<p><strong>${"a".repeat(10)}</strong></p>`).success).toBe(true);
    const over = schema.safeParse(`<p>${"a".repeat(11)}</p>`);
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]).toMatchObject({ code: "too_big", maximum: 10 });
  });
  it("requires visible text unless optional, and refuses scripts", () => {
    expect(schema.safeParse("<p> </p>").error?.issues[0]).toMatchObject({ code: "too_small" });
    expect(richText(10, { optional: true }).safeParse("").success).toBe(true);
    expect(schema.safeParse("<p>hi</p><script>x</script>").error?.issues[0]?.message).toMatch(/Scripts/);
  });
  it("refuses half a surrogate pair, which PostgreSQL's jsonb cannot store", () => {
    expect(schema.safeParse("<p>a\ud800b</p>").error?.issues[0]?.message).toBe("Must be valid Unicode text.");
    expect(schema.safeParse("<p>a😀b</p>").success).toBe(true);
  });
  it("caps the markup too", () => {
    expect(schema.safeParse(`<p>${"<b></b>".repeat(2000)}x</p>`).success).toBe(false);
  });
});
