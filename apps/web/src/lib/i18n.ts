import type { Language } from "@clinic/shared";
import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { initialLanguage, rememberLanguage } from "./language.ts";
import { askedTexts, languageChangingTo } from "./texts.ts";
import { mergeTrees, type Tree } from "./translation-tree.ts";

/**
 * Each language's texts that every page shows are a chunk of their own, loaded when that language
 * is first shown: a page needs one language, not both. Each module's own texts load with its code
 * (lib/texts.ts); a language loaded later (the user's saved one) brings those asked for so far.
 * Screens wait for it (react-i18next suspends them under the router's Suspense); a chunk that
 * fails to load is reloaded by lib/chunk-reload.ts.
 */
const CORE_TRANSLATIONS: Record<Language, () => Promise<Tree>> = {
  en: () => import("./translations-en.ts").then((module) => module.translations),
  es: () => import("./translations-es.ts").then((module) => module.translations),
};

const lazyTranslations: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = CORE_TRANSLATIONS[language as Language];
    if (!load) return callback(null, {});
    Promise.all([load(), askedTexts(language as Language)]).then(
      ([core, modules]) => callback(null, mergeTrees([core, ...modules])),
      (error: Error) => callback(error, false),
    );
  },
};

export async function setLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  // Asking for the language already shown would still re-render every text of the page (the
  // shell sets the user's saved language as soon as the session is in).
  if (i18next.language === language && !languageChangingTo()) return;
  await i18next.changeLanguage(language);
}

export function currentLanguage(): Language {
  return i18next.language === "es" ? "es" : "en";
}

export function initI18n(): typeof i18next {
  const language = initialLanguage();
  void i18next
    .use(lazyTranslations)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  if (typeof document !== "undefined") document.documentElement.lang = language;
  return i18next;
}
