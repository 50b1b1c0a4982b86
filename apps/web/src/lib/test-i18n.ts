import type { i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { localeResources } from "./test-texts.ts";

/**
 * Readies an i18next instance of a test with the app's English and Spanish texts, as the app's
 * own (lib/i18n.ts) but without a browser: the web tests render without a DOM.
 */
export async function initTestI18n(i18n: I18n, language = "en"): Promise<void> {
  const resources = await localeResources();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { en: { translation: resources.en }, es: { translation: resources.es } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}
