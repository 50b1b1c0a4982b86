import type { Language } from "@clinic/shared";
import { useSyncExternalStore } from "react";
import { initialLanguage, rememberLanguage } from "../../lib/language.ts";
import { mergeTrees, type Tree } from "../../lib/translation-tree.ts";
import type { Translate } from "../../lib/zod-messages.ts";

/**
 * The sign-in page's texts and language, without i18next (14 kB gzip, a tenth of the page's
 * budget): the app's common texts (notices, errors, forms) and this module's, a few kB per
 * language instead of the whole app's; the other language loads when the user switches. Keys,
 * `{{value}}` interpolation and `_one` plurals read as i18next reads them, from the same files.
 */
const LOGIN_TEXTS: Record<Language, () => Promise<Tree>> = {
  en: () => Promise.all([import("../../locales/en.json"), import("./locales/en.json")]).then((files) => mergeTrees(files.map((file) => file.default))),
  es: () => Promise.all([import("../../locales/es.json"), import("./locales/es.json")]).then((files) => mergeTrees(files.map((file) => file.default))),
};

let language: Language = "en";
let texts: Tree = {};
const listeners = new Set<() => void>();

function lookup(key: string): string | undefined {
  let node: string | Tree | undefined = texts;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/** The text of a key, with its plural form for `count` and its `{{values}}` filled in; the key itself when missing. */
export const t: Translate = (key, values = {}) => {
  const count = values.count;
  const plural = typeof count === "number" ? lookup(`${key}_${new Intl.PluralRules(language).select(count)}`) : undefined;
  const text = plural ?? lookup(key);
  if (text === undefined) return key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
};

export function loginLanguage(): Language {
  return language;
}

/** Loads a language's texts, then shows it and remembers it as the app does (lib/i18n.ts's setLanguage). */
export async function setLoginLanguage(next: Language): Promise<void> {
  const loaded = await LOGIN_TEXTS[next]();
  language = next;
  texts = loaded;
  rememberLanguage(next);
  for (const listener of listeners) listener();
}

/** Loads the texts of the language the visitor last chose (else the browser's). */
export async function initLoginI18n(): Promise<void> {
  const first = initialLanguage();
  const loaded = await LOGIN_TEXTS[first]();
  language = first;
  texts = loaded;
  if (typeof document !== "undefined") document.documentElement.lang = first;
}

/** Calls `listener` after each change of language (its texts are in by then). */
export function onLoginLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The translate function, re-rendering the caller when the language changes. */
export function useLoginTranslation(): Translate {
  useSyncExternalStore(onLoginLanguage, loginLanguage);
  return t;
}
