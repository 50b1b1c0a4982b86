import { Box, Link, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import Markdown, { type Components } from "react-markdown";
import { Link as RouterLink } from "react-router";
import { VISUALLY_HIDDEN } from "../../../lib/visually-hidden.ts";

export type LinkTarget = { kind: "internal"; to: string } | { kind: "external"; href: string };

/**
 * Where a link of an answer or a source may lead: a page of the app (a relative address, or this
 * site's own) opened by the router, an http(s) page in a new tab, and nothing else (javascript:,
 * data:, mailto: and every other scheme are no link at all).
 */
export function linkTarget(
  url: string | null | undefined,
  origin: string | null = typeof window === "undefined" ? null : window.location.origin,
): LinkTarget | null {
  const value = (url ?? "").trim();
  if (value === "") return null;
  if (/^https?:\/\//i.test(value) || value.startsWith("//")) {
    let parsed: URL;
    try {
      parsed = new URL(value, origin ?? "https://invalid.invalid");
    } catch {
      return null;
    }
    if (origin && parsed.origin === origin) return { kind: "internal", to: `${parsed.pathname}${parsed.search}${parsed.hash}` };
    return { kind: "external", href: parsed.href };
  }
  // Any other scheme: a colon before the first "/", "?" or "#".
  if (/^[^/?#]*:/.test(value)) return null;
  return { kind: "internal", to: value };
}

/** A link of the answer: in the app through the router (`onNavigate` closes a phone's full-screen panel), outside it in a new tab. */
export function AnswerLink({ url, onNavigate, children }: { url: string | null | undefined; onNavigate?: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const target = linkTarget(url);
  if (!target) return <>{children}</>;
  if (target.kind === "internal")
    return (
      <Link component={RouterLink} to={target.to} onClick={onNavigate}>
        {children}
      </Link>
    );
  return (
    <Link href={target.href} target="_blank" rel="noopener noreferrer">
      {children}
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {` (${t("aiWidget.newTab")})`}
      </Box>
    </Link>
  );
}

const heading = ({ children }: { children?: ReactNode }) => (
  <Typography component="p" variant="subtitle2" sx={{ fontWeight: 700, mt: 1 }}>
    {children}
  </Typography>
);

/**
 * An answer's Markdown. The model's text is untrusted: raw HTML in it shows as the text it is
 * (react-markdown turns it into text unless told to drop it, and nothing here parses it), links
 * keep only the addresses linkTarget allows, and images show their description only (an image's
 * address would be fetched unasked, and could carry the conversation to anyone's server).
 * Headings are bold lines, so an answer never adds to the page's outline.
 */
export function AnswerMarkdown({ text, onNavigate }: { text: string; onNavigate?: () => void }) {
  const components: Components = {
    a: ({ href, children }) => (
      <AnswerLink url={href} onNavigate={onNavigate}>
        {children}
      </AnswerLink>
    ),
    img: ({ alt }) => <>{alt ?? ""}</>,
    h1: heading,
    h2: heading,
    h3: heading,
    h4: heading,
    h5: heading,
    h6: heading,
  };
  return (
    <Box
      sx={{
        typography: "body2",
        overflowWrap: "anywhere",
        "& > :first-of-type": { mt: 0 },
        "& > :last-child": { mb: 0 },
        "& p": { my: 1 },
        "& ul, & ol": { my: 1, pl: 3 },
        "& pre": { p: 1, borderRadius: 1, bgcolor: "action.hover", overflowX: "auto", whiteSpace: "pre-wrap" },
        "& code": { fontFamily: "monospace", fontSize: "0.85em" },
        "& blockquote": { m: 0, pl: 1.5, borderLeft: 3, borderColor: "divider", color: "text.secondary" },
      }}
    >
      <Markdown components={components} urlTransform={(url) => (linkTarget(url) ? url : "")}>
        {text}
      </Markdown>
    </Box>
  );
}
