import type { Language } from "@clinic/shared";
import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { initialLanguage, rememberLanguage } from "./language.ts";
import type { Tree } from "./translation-tree.ts";

/**
 * Each language's texts are a chunk of their own, loaded when that language is first shown:
 * a page needs one language, not both. Screens wait for it (react-i18next suspends them
 * under the router's Suspense); a chunk that fails to load is reloaded by lib/chunk-reload.ts.
 */
const TRANSLATIONS: Record<Language, () => Promise<Tree>> = {
  en: () => import("./translations-en.ts").then((module) => module.translations),
  es: () => import("./translations-es.ts").then((module) => module.translations),
};

/** Both languages' texts, for the tests that compare them. */
export async function localeResources(): Promise<Record<Language, Tree>> {
  return { en: await TRANSLATIONS.en(), es: await TRANSLATIONS.es() };
}

const lazyTranslations: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = TRANSLATIONS[language as Language];
    if (!load) return callback(null, {});
    load().then(
      (tree) => callback(null, tree),
      (error: Error) => callback(error, false),
    );
  },
};

export async function setLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
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
