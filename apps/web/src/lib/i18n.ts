import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@clinic/shared";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { z } from "zod";

type Tree = { [key: string]: string | Tree };

/** Every `locales/{en,es}.json` of the app, merged per language (each file keys its own module). */
const files = import.meta.glob<{ default: Tree }>("../**/locales/*.json", { eager: true });

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === "object" && typeof target[key] === "object") merge(target[key] as Tree, value);
    else target[key] = value;
  }
  return target;
}

export function localeResources(): Record<Language, Tree> {
  const resources = { en: {}, es: {} } as Record<Language, Tree>;
  for (const [path, module] of Object.entries(files)) {
    const language = path.match(/\/(en|es)\.json$/)?.[1] as Language | undefined;
    if (language) merge(resources[language], module.default);
  }
  return resources;
}

const STORAGE_KEY = "language";

/** The language before sign-in: the last one chosen here, else the browser's, else English. */
export function initialLanguage(): Language {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  const browser = globalThis.navigator?.language?.slice(0, 2);
  return browser === "es" ? "es" : DEFAULT_LANGUAGE;
}

export async function setLanguage(language: Language): Promise<void> {
  globalThis.localStorage?.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  applyZodLocale(language);
  await i18next.changeLanguage(language);
}

/** Client-side form messages from the shared zod schemas follow the interface language. */
function applyZodLocale(language: Language): void {
  z.config(language === "es" ? z.locales.es() : z.locales.en());
  // The two messages every form shows most, in plain words; the locale covers the rest.
  z.config({
    customError: (issue) => {
      if (issue.code === "too_small" && issue.origin === "string" && Number(issue.minimum) === 1) return i18next.t("forms.required");
      if (issue.code === "too_big" && issue.origin === "string") return i18next.t("forms.tooLong", { max: Number(issue.maximum) });
      return undefined;
    },
  });
}

export function currentLanguage(): Language {
  return i18next.language === "es" ? "es" : "en";
}

export function initI18n(): typeof i18next {
  const resources = localeResources();
  const language = initialLanguage();
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: resources.en }, es: { translation: resources.es } },
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (typeof document !== "undefined") document.documentElement.lang = language;
  applyZodLocale(language);
  return i18next;
}
