import type { Language } from "@clinic/shared";
import i18next from "i18next";
import { initialLanguage } from "./language.ts";
import type { Tree } from "./translation-tree.ts";

/**
 * A module's texts, loaded with its code. The build puts `await loadTexts(...)` first in every
 * source file that names a key of a module's `locales/` folder (apps/web/vite-texts.ts), so a
 * chunk runs once its texts are in; the app's first load keeps only the texts every page shows
 * (lib/translations-<language>.ts, read by lib/i18n.ts).
 */
export interface TextLoaders {
  /** The `locales` folder, relative to src: every file that names its keys asks for it, and it loads once. */
  folder: string;
  en: () => Promise<{ default: Tree }>;
  es: () => Promise<{ default: Tree }>;
}

/** Every module's texts asked for so far, by folder: a change of language loads them all in the new one (askedTexts). */
const asked = new Map<string, TextLoaders>();
const loading = new Map<string, Promise<Tree>>();
/** What is in i18next's store already, by language and folder: each is added once, however many files ask. */
const added = new Set<string>();

function treeOf(loaders: TextLoaders, language: Language): Promise<Tree> {
  const key = `${language}:${loaders.folder}`;
  let tree = loading.get(key);
  if (!tree) {
    tree = loaders[language]().then((module) => module.default);
    // A chunk that failed to load is asked for again next time (lib/chunk-reload.ts reloads the page meanwhile).
    tree.catch(() => {
      if (loading.get(key) === tree) loading.delete(key);
    });
    loading.set(key, tree);
  }
  return tree;
}

const isLanguage = (value: string | undefined): value is Language => value === "en" || value === "es";

/** The language i18next is switching to while its texts load (set by changeLanguage, missing from its types). */
export const languageChangingTo = (): string | undefined => (i18next as { isLanguageChangingTo?: string }).isLanguageChangingTo;

/** The languages texts are needed in now: the one shown and the one being changed to (before i18next starts, the first one). */
function languagesNeeded(): Language[] {
  const needed = [i18next.language, languageChangingTo()].filter(isLanguage);
  return needed.length > 0 ? [...new Set(needed)] : [initialLanguage()];
}

/** Loads the given modules' texts in the languages in use into i18next, or keeps them for its start (askedTexts). */
export async function loadTexts(...modules: TextLoaders[]): Promise<void> {
  for (const loaders of modules) if (!asked.has(loaders.folder)) asked.set(loaders.folder, loaders);
  await Promise.all(
    languagesNeeded().flatMap((language) =>
      modules.map(async (loaders) => {
        const key = `${language}:${loaders.folder}`;
        if (added.has(key)) return;
        const tree = await treeOf(asked.get(loaders.folder) ?? loaders, language);
        // Before i18next has a store, its backend's first read takes them (askedTexts).
        if (!i18next.store || added.has(key)) return;
        i18next.addResourceBundle(language, "translation", tree, true, true);
        added.add(key);
      }),
    ),
  );
}

/** The texts, in `language`, of every module asked for so far: what lib/i18n.ts adds to the core texts when it loads a language. */
export function askedTexts(language: Language): Promise<Tree[]> {
  return Promise.all([...asked.values()].map((loaders) => treeOf(loaders, language)));
}
