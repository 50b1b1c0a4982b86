import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import MagicString from "magic-string";
import type { Plugin } from "vite";

/**
 * Each module's texts load with the module's code (issue 34: every page's first load within its
 * budget). The app's first load brings only the texts every page shows (CORE_TEXT_DIRS, through
 * lib/translations-<language>.ts); a source file that names a key of another `locales/` folder
 * ("shopStore.search", `activities.types.${type}`, labels="catalogue") gets, from this plugin, a
 * first statement that waits for that folder's texts in the interface language
 * (lib/texts.ts loadTexts): its English texts come with it, its Spanish ones are asked for when the
 * interface is in Spanish. A chunk therefore runs only once its texts are in, as it runs only once
 * its imports are, and a page loads the texts of the modules it shows, not the whole app's.
 */

/** The texts every page of the app shows (the shell, forms, notices, shared components, accounts), relative to src. */
export const CORE_TEXT_DIRS = ["locales", "lib/components/locales", "modules/accounts/locales"];

/** The modules that keep the texts themselves: they must never wait for texts. */
const NEVER = /(?:^|\/)(?:lib\/texts\.ts|lib\/i18n\.ts|lib\/translations-\w+\.ts|lib\/test-[\w-]+\.tsx?|[^/]+\.test\.tsx?)$/;

/** Top-level key → the `locales` folders (relative to src) that define it, for every folder outside CORE_TEXT_DIRS. */
export type TextOwners = Map<string, string[]>;

/** Reads every `src/**\/locales/en.json` and names, by top-level key, the folders that hold it (core folders left out). */
export function textOwners(srcDir: string): TextOwners {
  const owners: TextOwners = new Map();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "en.json" && path.basename(dir) === "locales") {
        const folder = path.relative(srcDir, dir).split(path.sep).join("/");
        if (CORE_TEXT_DIRS.includes(folder)) continue;
        for (const key of Object.keys(JSON.parse(readFileSync(full, "utf8")) as object)) owners.set(key, [...(owners.get(key) ?? []), folder]);
      }
    }
  };
  walk(srcDir);
  return owners;
}

/**
 * The `locales` folders whose texts a source file names: a string literal that starts with a
 * top-level key and a dot ("shopStore.search", `activities.types.${type}`), or a JSX attribute
 * that is a top-level key alone (`labels="people"`, the prefix ListPagination builds its keys on).
 * A key built from a prefix held anywhere else would be missed: keep such prefixes in JSX
 * attributes. Over-matching only loads a few texts more.
 */
export function textFoldersOf(source: string, owners: TextOwners): string[] {
  const folders = new Set<string>();
  const keys = [
    ...[...source.matchAll(/["'`]([A-Za-z]\w*)\./g)].map((match) => match[1]),
    ...[...source.matchAll(/\s[A-Za-z][\w-]*=(["'])([A-Za-z]\w*)\1/g)].map((match) => match[2]),
  ];
  for (const key of keys) for (const folder of owners.get(key as string) ?? []) folders.add(folder);
  return [...folders].sort();
}

/**
 * The statements put first in a file that names those folders' keys, its imports relative to the
 * file. English, the default language, comes with the code (a static import: preloaded with the
 * chunk, no request after it); Spanish is asked for when the interface speaks it.
 */
export function textsPreamble(file: string, srcDir: string, folders: string[]): string {
  const relative = (target: string) => {
    const spec = path.relative(path.dirname(file), path.join(srcDir, target)).split(path.sep).join("/");
    return spec.startsWith(".") ? spec : `./${spec}`;
  };
  const imports = folders.map((folder, index) => `import __moduleTextsEn${index} from ${JSON.stringify(relative(`${folder}/en.json`))};\n`);
  const loaders = folders.map(
    (folder, index) =>
      `{ folder: ${JSON.stringify(folder)}, en: () => Promise.resolve({ default: __moduleTextsEn${index} }), es: () => import(${JSON.stringify(relative(`${folder}/es.json`))}) }`,
  );
  return `import { loadTexts as __loadModuleTexts } from ${JSON.stringify(relative("lib/texts.ts"))};\n${imports.join("")}await __loadModuleTexts(${loaders.join(", ")});\n`;
}

export function moduleTexts(): Plugin {
  let srcDir = "";
  let owners: TextOwners | undefined;
  return {
    name: "clinic:module-texts",
    enforce: "pre",
    configResolved(config) {
      srcDir = path.join(config.root, "src");
    },
    watchChange(id) {
      if (/[\\/]locales[\\/]\w+\.json$/.test(id)) owners = undefined;
    },
    transform(code, id) {
      const file = id.split("?")[0] as string;
      if (!/\.tsx?$/.test(file) || !file.startsWith(srcDir + path.sep)) return null;
      if (NEVER.test(path.relative(srcDir, file).split(path.sep).join("/"))) return null;
      owners ??= textOwners(srcDir);
      const folders = textFoldersOf(code, owners);
      if (folders.length === 0) return null;
      const output = new MagicString(code);
      output.prepend(textsPreamble(file, srcDir, folders));
      return { code: output.toString(), map: output.generateMap({ hires: true, source: file }) };
    },
  };
}
