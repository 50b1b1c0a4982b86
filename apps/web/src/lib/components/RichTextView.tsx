import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_IMAGE_SRC, RICH_TEXT_LINK, RICH_TEXT_TAGS } from "@clinic/shared";
import { Box, type SxProps, type Theme } from "@mui/material";
import DOMPurify from "dompurify";
import { useMemo } from "react";

/** Typography for rich text, in the editor and wherever it is read. */
export const richTextStyles = {
  overflowWrap: "anywhere",
  "& p": { my: 1 },
  "& h2": { typography: "h6", mt: 2, mb: 1 },
  "& h3": { typography: "subtitle1", fontWeight: 600, mt: 1.5, mb: 0.5 },
  "& ul, & ol": { pl: 3, my: 1 },
  "& blockquote": { borderLeft: 4, borderColor: "divider", m: 0, my: 1, pl: 2, color: "text.secondary" },
  "& img": { maxWidth: "100%", height: "auto", borderRadius: 1, display: "block", my: 1 },
  "& a": { color: "primary.main" },
  "& > :first-of-type, & .tiptap > :first-of-type": { mt: 0 },
} satisfies SxProps<Theme>;

const purifier = typeof window === "undefined" ? null : DOMPurify(window);
purifier?.addHook("afterSanitizeAttributes", (node) => {
  // Same rules as the server: images only from the platform's uploads, links open apart.
  if (node.tagName === "IMG" && !RICH_TEXT_IMAGE_SRC.test(node.getAttribute("src") ?? "")) node.remove();
  if (node.tagName === "A") {
    if (!RICH_TEXT_LINK.test(node.getAttribute("href") ?? "")) node.removeAttribute("href");
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer nofollow");
  }
});

/** The display's own allowlist pass: the server sanitised on save; this guards rows written any other way. */
export function purifyRichText(html: string): string {
  if (!purifier) return "";
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
    ALLOW_DATA_ATTR: false,
  });
}

/** Shows stored rich text (sanitised on the server when saved, and again here). */
export function RichTextView({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  const clean = useMemo(() => purifyRichText(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: `clean` passed the allowlist above (and the server's on save).
  return <Box sx={[richTextStyles, ...(Array.isArray(sx) ? sx : [sx])]} dangerouslySetInnerHTML={{ __html: clean }} />;
}
