import createCache from "@emotion/cache";

/**
 * What the app needs to run under the server's Content-Security-Policy (<style> tags only with
 * the answer's nonce; public/csp-setup.js keeps zod from probing eval). main.tsx imports this
 * module first, before any library that writes styles while it loads.
 */

/** What vite.config.ts writes as the nonce; the server replaces it in every answer. */
const PLACEHOLDER = "__CSP_NONCE__";

/**
 * The style nonce the server wrote into this page (Vite's `<meta property="csp-nonce">`).
 * Read through the `nonce` property, since browsers blank the attribute once the page has
 * loaded. Undefined under Vite's dev server, which sends no policy.
 */
export function cspNonce(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute("nonce") || "";
  return nonce && nonce !== PLACEHOLDER ? nonce : undefined;
}

const nonce = cspNonce();

/** Emotion's cache for MUI, its <style> tags nonced so that no style needs 'unsafe-inline'. */
export const emotionCache = createCache({ key: "css", nonce });

// goober (notistack's styles) nonces its one <style> tag with `window.__nonce__`.
if (nonce && typeof window === "object") (window as { __nonce__?: string }).__nonce__ = nonce;
