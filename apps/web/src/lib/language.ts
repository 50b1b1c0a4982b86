import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@clinic/shared";

/**
 * The interface language's choice, without i18next itself: shared by the app (lib/i18n.ts) and
 * the light sign-in page (modules/accounts/login-i18n.ts), which stays without i18next.
 */
const STORAGE_KEY = "language";

/** The language chosen on this browser before (the switch, the profile), or null when none was. */
export function chosenLanguage(): Language | null {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  return stored && (LANGUAGES as readonly string[]).includes(stored) ? (stored as Language) : null;
}

/** The language before sign-in: the last one chosen here, else the browser's, else English. */
export function initialLanguage(): Language {
  const stored = chosenLanguage();
  if (stored) return stored;
  const browser = globalThis.navigator?.language?.slice(0, 2);
  return browser === "es" ? "es" : DEFAULT_LANGUAGE;
}

/** Remembers the language for the next page load (and the next visit), without loading its texts. */
export function rememberLanguage(language: Language): void {
  globalThis.localStorage?.setItem(STORAGE_KEY, language);
  if (typeof document !== "undefined") document.documentElement.lang = language;
}
