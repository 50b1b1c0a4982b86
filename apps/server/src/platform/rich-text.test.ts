import { describe, expect, it } from "vitest";
import { HttpError } from "./errors.ts";
import { richTextToStore, sanitizeRichText } from "./rich-text.ts";

const UPLOAD = "/api/uploads/123e4567-e89b-42d3-a456-426614174000";

/** Nothing in the output can run or load anything: no handlers, no scripts, no foreign URLs, no styles. */
function expectHarmless(html: string) {
  expect(html).not.toMatch(/<\s*(script|style|svg|math|iframe|object|embed|form|input|span|div|font)\b/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|data:/i);
  expect(html).not.toMatch(/\sstyle\s*=/i);
}

describe("sanitizeRichText", () => {
  it.each([
    ["an entity-obfuscated javascript: link", '<a href="jav&#x61;script:alert(1)">x</a>', "x"],
    ["a javascript: link in mixed case", '<a href="JaVaScRiPt:alert(1)">x</a>', "x"],
    ["a javascript: link broken by a tab", '<a href="java\tscript:alert(1)">x</a>', "x"],
    ["a javascript: link with leading spaces and entities", '<a href=" &#106;avascript&colon;alert(1)">x</a>', "x"],
    ["a vbscript: link", '<a href="vbscript:msgbox(1)">x</a>', "x"],
    ["a data: link", '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', "x"],
    ["an svg with onload", "<svg onload=alert(1)><circle r=1 /></svg><p>after</p>", "<p>after</p>"],
    ["an image with onerror", "<img src=x onerror=alert(1)>", ""],
    ["an upload image with onerror", `<img src="${UPLOAD}" onerror="alert(1)">`, `<img src="${UPLOAD}">`],
    ["a script element", "<p>a</p><script>alert(1)</script><p>b</p>", "<p>a</p><p>b</p>"],
    ["a style element", "<style>p{background:url(javascript:alert(1))}</style><p>b</p>", "<p>b</p>"],
    ["style attributes", '<p style="background:url(javascript:alert(1))">x</p>', "<p>x</p>"],
    ["event handlers on allowed tags", '<p onclick="alert(1)" onmouseover="alert(2)">x</p>', "<p>x</p>"],
    ["unknown tags (their text stays)", "<p>Hi <span style='color:red'>there</span> <marquee>now</marquee></p>", "<p>Hi there now</p>"],
    ["frames and objects", '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x.swf"><p>x</p>', "<p>x</p>"],
    ["forms", '<form action="https://evil.example"><input name="a"><button>go</button></form>', "go"],
    ["a meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>x</p>', "<p>x</p>"],
    ["a base element", '<base href="https://evil.example/"><p>x</p>', "<p>x</p>"],
    ["markup hidden in a noscript attribute", '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>', "<p></p>"],
    ["markup inside svg style", "<svg><style><img src=x onerror=alert(1)></style></svg>", ""],
    ["markup inside a textarea", "<textarea><img src=x onerror=alert(1)></textarea>", ""],
    ["comments", "<p>x</p><!-- <script>alert(1)</script> -->", "<p>x</p>"],
    ["classes and ids", '<p class="admin" id="x">y</p>', "<p>y</p>"],
  ])("makes %s harmless", (_label, input, expected) => {
    const output = sanitizeRichText(input);
    expect(output).toBe(expected);
    expectHarmless(output);
  });

  it.each([
    ["an absolute address", "https://evil.example/track.png"],
    ["a protocol-relative address", `//evil.example${UPLOAD}`],
    ["a data: image", "data:image/png;base64,iVBORw0KGgo="],
    ["a javascript: address", "javascript:alert(1)"],
    ["another path of this site", "/api/users/me"],
    ["an upload path with more after it", `${UPLOAD}?x=1`],
    ["an upload path that is not an id", "/api/uploads/../users"],
  ])("drops an image whose src is %s", (_label, src) => {
    expect(sanitizeRichText(`<p>a</p><img src="${src}" alt="x"><p>b</p>`)).toBe("<p>a</p><p>b</p>");
  });

  it("keeps only http, https and mailto links, always opening apart with no referrer", () => {
    expect(sanitizeRichText('<a href="mailto:team@clinic.example" target="_self" rel="opener">m</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow" href="mailto:team@clinic.example">m</a>',
    );
    expect(sanitizeRichText('<a href="http://example.org">h</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow" href="http://example.org">h</a>',
    );
    expect(sanitizeRichText('<a href="ftp://example.org/f">f</a> <a href="tel:123">t</a> <a>n</a>')).toBe("f t n");
    // Relative and fragment links have no scheme to trust: the display drops them too.
    expect(sanitizeRichText('<a href="/api/users/">r</a> <a href="#top">h</a> <a href="  https://x.example">s</a>')).toBe("r h s");
  });

  it("keeps an ordered list's start only when it is a number", () => {
    expect(sanitizeRichText('<ol start="3" type="a"><li><p>x</p></li></ol>')).toBe('<ol start="3"><li><p>x</p></li></ol>');
    expect(sanitizeRichText('<ol start="1;x"><li><p>x</p></li></ol>')).toBe("<ol><li><p>x</p></li></ol>");
  });

  it("keeps headings outside the editor's levels as the nearest one it has", () => {
    expect(sanitizeRichText("<h1>Title</h1><h5>Small</h5><h6>Smaller</h6>")).toBe("<h2>Title</h2><h4>Small</h4><h4>Smaller</h4>");
  });

  it("leaves the editor's HTML unchanged", () => {
    const editor = [
      "<h2>Balance at home</h2>",
      '<p>Five <strong>safe</strong> exercises, <em>slowly</em>, <u>every</u> day; <s>no</s> rush &amp; no &lt;pain&gt;.&nbsp;Use a chair "just in case".</p>',
      "<h3>Before</h3><h4>Checklist</h4>",
      "<ul><li><p>Clear the floor</p></li><li><p>Wear shoes</p></li></ul>",
      '<ol start="2"><li><p>Stand</p></li><li><p>Hold <code>30 s</code></p></li></ol>',
      "<blockquote><p>Stop if dizzy.<br>Tell your therapist.</p></blockquote>",
      "<hr>",
      "<pre><code>left, right, left</code></pre>",
      `<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/a?b=1&amp;c=2">More</a></p>`,
      `<img src="${UPLOAD}" alt="Tandem stance" title="Heel to toe">`,
      "<p>Ejercicios de equilibrio: mañana, pie, cabeza — 10 veces.</p>",
      "<p></p>",
      "<p><b>bold</b> and <i>italic</i></p>",
    ].join("");
    expect(sanitizeRichText(editor)).toBe(editor);
  });

  it("trims the whitespace around it and keeps plain text as text", () => {
    expect(sanitizeRichText("\n  <p>x</p> \t")).toBe("<p>x</p>");
    expect(sanitizeRichText("  Ten minutes a day  ")).toBe("Ten minutes a day");
    expect(sanitizeRichText("Tom & Jerry < 3")).toBe("Tom &amp; Jerry &lt; 3");
  });

  it("is idempotent", () => {
    const once = sanitizeRichText('<p onclick="x">a <span>b</span> <a href="https://x.example">c</a><img src=x></p><h1>t</h1>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe("richTextToStore", () => {
  it("answers the sanitised HTML", () => {
    expect(richTextToStore("description", '<p style="x">Hi</p>', { required: true })).toBe("<p>Hi</p>");
    expect(richTextToStore("description", `<img src="${UPLOAD}">`, { required: true })).toBe(`<img src="${UPLOAD}">`);
    expect(richTextToStore("body", "<p></p>", { required: false })).toBe("<p></p>");
  });

  it("refuses a required field the sanitiser leaves with nothing to show, naming the field", () => {
    let error: unknown;
    try {
      richTextToStore("description", '<img src="https://evil.example/x.png">', { required: true });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    expect(Object.keys((error as HttpError).body)).toEqual(["description"]);
  });
});
