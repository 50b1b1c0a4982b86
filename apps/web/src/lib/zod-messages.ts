import type { SharedMessage } from "@clinic/shared";
import { z } from "zod";

/** Translates a key with its values (i18next's `t`, or the sign-in page's own). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * Zod's messages in the interface language: zod's own locale, and the two messages every form
 * shows most in plain words. Applied by lib/zod-locale.ts for the app (i18next) and by the
 * sign-in page with its own texts (modules/accounts/login-zod-locale.ts).
 */
export function applyZodMessages(language: string, t: Translate): void {
  z.config(language === "es" ? z.locales.es() : z.locales.en());
  // The two messages every form shows most, in plain words; the locale covers the rest.
  z.config({
    customError: (issue) => {
      // The shared schemas' own messages (packages/shared/src/schemas.ts) ask here first.
      const shared = (issue.params as { sharedMessage?: SharedMessage } | undefined)?.sharedMessage;
      if (shared) return t(`forms.shared.${shared}`);
      if (issue.code === "too_small" && issue.origin === "string" && Number(issue.minimum) === 1) return t("forms.required");
      if (issue.code === "too_big" && issue.origin === "string") return t("forms.tooLong", { max: Number(issue.maximum) });
      return undefined;
    },
  });
}
