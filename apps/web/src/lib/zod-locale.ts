import i18next from "i18next";
import { applyZodMessages } from "./zod-messages.ts";

/**
 * Client-side form messages from the shared zod schemas follow the interface language. Imported
 * by whatever loads zod for a form (the signed-in layouts, lib/zod-resolver.ts), not by
 * lib/i18n.ts, so pages without a zod form do not load zod with the page.
 */
const apply = (language: string) => applyZodMessages(language, (key, values = {}) => i18next.t(key, values));

// The language being loaded counts already: setLanguage() changes it before its texts arrive.
apply(i18next.resolvedLanguage ?? i18next.language ?? "en");
i18next.on("languageChanged", apply);
