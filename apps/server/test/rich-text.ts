/** Rich-text inputs the catalogue's API tests share. */

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
