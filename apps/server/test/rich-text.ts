import { FORBIDDEN_MARKUP_MESSAGE } from "@clinic/shared";
import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";

/** Rich-text inputs the catalogue's API tests share, and the suite of rules every description follows. */

/** `length` visible characters, wrapped in the editor's markup (which does not count). */
export const boldParagraph = (length: number) => `<p><strong>${"x".repeat(length)}</strong></p>`;

/** Markup only an attack would send: every rich-text field refuses it with 400 on that field. */
export const ATTACKS: [string, string][] = [
  ["a script", "<p>Hi</p><script>alert(1)</script>"],
  ["an image with an error handler", "<img src=x onerror=alert(1)>"],
  ["a javascript: link", '<p><a href="javascript:alert(1)">click</a></p>'],
  ["an svg with onload", "<svg onload=alert(1)></svg><p>x</p>"],
  ["an iframe", '<p>x</p><iframe src="https://evil.example"></iframe>'],
];

/** Harmless markup outside the allowlist, and what is stored of it. */
export const HARMLESS_EXTRA = { sent: '<p>Hi <span style="color:red">there</span></p>', stored: "<p>Hi there</p>" };

/** HTML as the editor writes it: stored exactly so. */
export const EDITOR_HTML =
  '<h2>Before you start</h2><p>Use a <strong>chair</strong> &amp; <em>go slowly</em>.</p><ul><li><p>Clear the floor</p></li><li><p>Wear shoes</p></li></ul><p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/guide">Guide</a></p>';

/** Passes the edge (it has an image) but holds nothing the sanitiser keeps: an image from elsewhere. */
export const ONLY_A_FOREIGN_IMAGE = '<p><img src="https://tracker.example/pixel.png"></p>';

/** How a catalogue entity with a rich-text `description` is reached by the shared suite below. */
export interface RichTextDescriptionTarget {
  create: (description: string) => Promise<LightMyRequestResponse>;
  update: (id: number, description: string) => Promise<LightMyRequestResponse>;
  /** Another role's read of one row (what readers are served). */
  read: (id: number) => Promise<LightMyRequestResponse>;
  /** A row the updating role may change. */
  makeRow: () => Promise<{ id: number }>;
  row: (id: number) => Promise<{ description: string }>;
  count: () => Promise<number>;
}

/**
 * The rich-text rules every catalogue description follows (categories, recommendations):
 * attacks refused with nothing written, harmless extras sanitised, the editor's HTML kept,
 * 600 visible characters allowed and 601 refused, nothing-left-after-sanitising refused.
 */
export function richTextDescriptionTests(target: RichTextDescriptionTarget): void {
  it.each(ATTACKS)("refuses %s with 400 on description, on create and on update, and writes nothing", async (_label, description) => {
    const before = await target.count();
    const created = await target.create(description);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ description: [FORBIDDEN_MARKUP_MESSAGE] });
    expect(await target.count()).toBe(before);
    const row = await target.makeRow();
    const stored = await target.row(row.id);
    const updated = await target.update(row.id, description);
    expect(updated.statusCode).toBe(400);
    expect(updated.json()).toEqual({ description: [FORBIDDEN_MARKUP_MESSAGE] });
    expect(await target.row(row.id)).toEqual(stored);
  });

  it("stores harmless markup outside the allowlist sanitised, on create and on update", async () => {
    const created = await target.create(HARMLESS_EXTRA.sent);
    expect(created.statusCode).toBe(201);
    expect(created.json().description).toBe(HARMLESS_EXTRA.stored);
    expect((await target.row(created.json().id)).description).toBe(HARMLESS_EXTRA.stored);
    const row = await target.makeRow();
    expect((await target.update(row.id, HARMLESS_EXTRA.sent)).statusCode).toBe(200);
    expect((await target.row(row.id)).description).toBe(HARMLESS_EXTRA.stored);
  });

  it("stores the editor's HTML as it is", async () => {
    const created = await target.create(EDITOR_HTML);
    expect(created.statusCode).toBe(201);
    expect((await target.row(created.json().id)).description).toBe(EDITOR_HTML);
    expect((await target.read(created.json().id)).json().description).toBe(EDITOR_HTML);
  });

  it("counts 600 visible characters, not the markup around them: 600 are accepted, 601 refused", async () => {
    const created = await target.create(boldParagraph(600));
    expect(created.statusCode).toBe(201);
    expect((await target.row(created.json().id)).description).toBe(boldParagraph(600));
    const before = await target.count();
    const refused = await target.create(boldParagraph(601));
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(["description"]);
    expect(await target.count()).toBe(before);
    const row = await target.makeRow();
    expect((await target.update(row.id, boldParagraph(600))).statusCode).toBe(200);
    expect((await target.update(row.id, boldParagraph(601))).statusCode).toBe(400);
    expect((await target.row(row.id)).description).toBe(boldParagraph(600));
  });

  it("refuses a description the sanitiser would leave empty, and writes nothing", async () => {
    const before = await target.count();
    const response = await target.create(ONLY_A_FOREIGN_IMAGE);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(["description"]);
    expect(await target.count()).toBe(before);
  });
}
