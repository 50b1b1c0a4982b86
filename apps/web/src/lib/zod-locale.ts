import i18next from "i18next";
import { z } from "zod";

/**
 * Client-side form messages from the shared zod schemas follow the interface language. Imported
 * by whatever loads zod for a form (the signed-in layouts, lib/lazy-resolver.ts), not by
 * lib/i18n.ts, so pages without a zod form (sign-in) do not load zod with the page.
 */
function applyZodLocale(language: string): void {
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

// The language being loaded counts already: setLanguage() changes it before its texts arrive.
applyZodLocale(i18next.resolvedLanguage ?? i18next.language ?? "en");
i18next.on("languageChanged", applyZodLocale);
