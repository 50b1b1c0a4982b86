import type { Language } from "@clinic/shared";
import { mergeTrees, type Tree } from "./translation-tree.ts";

/**
 * Every text of the app in both languages, for the tests that render or compare them. The app
 * itself never loads them all at once: it loads the common ones (lib/translations-<language>.ts)
 * and each module's with its code (lib/texts.ts).
 */
export const allTranslations: Record<Language, Tree> = {
  en: mergeTrees(Object.values(import.meta.glob<Tree>("../**/locales/en.json", { eager: true, import: "default" }))),
  es: mergeTrees(Object.values(import.meta.glob<Tree>("../**/locales/es.json", { eager: true, import: "default" }))),
};

/** Both languages' texts (as `allTranslations`), for the tests that compare them. */
export async function localeResources(): Promise<Record<Language, Tree>> {
  return allTranslations;
}
