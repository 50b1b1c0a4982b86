import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CORE_TEXT_DIRS, textFoldersOf, textOwners, textsPreamble } from "./vite-texts.ts";

const srcDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "src");

describe("each module's texts with its code (vite-texts.ts)", () => {
  const owners = textOwners(srcDir);

  it("knows every module's top-level keys, and none of the texts every page shows", () => {
    expect(owners.get("shopStore")).toEqual(["modules/shop/storefront/locales"]);
    expect(owners.get("appointments")).toEqual(["modules/clinic/appointments/locales"]);
    for (const core of ["common", "shell", "forms", "dateRange", "accounts"]) expect(owners.has(core), core).toBe(false);
  });

  it("gives each top-level key one folder, so a key never waits for another module's texts", () => {
    expect([...owners].filter(([, folders]) => folders.length > 1)).toEqual([]);
  });

  it("finds the folders a file names: dotted keys in any quotes, and a key prefix as a JSX attribute", () => {
    const source = [
      'const title = t("shopStore.search");',
      // A template literal's key, as a screen writes it (the placeholder is text here).
      ["const type = t(`activities.types.$", "{row.type}`);"].join(""),
      "const pick = t('people.name');",
      '<ListLoading loading={busy} labels="catalogue" />',
      // Neither a key nor a prefix: a route id, a query key, a path, a core key.
      'routeById("files"); const KEY = "statistics"; import("./api.ts"); t("common.save");',
    ].join("\n");
    expect(textFoldersOf(source, owners)).toEqual([
      "modules/clinic/activities/locales",
      "modules/clinic/catalogue/locales",
      "modules/people/locales",
      "modules/shop/storefront/locales",
    ]);
    expect(textFoldersOf('t("common.save"); t("shell.home")', owners)).toEqual([]);
  });

  it("waits for the texts first, English with the code and Spanish when asked for, relative to the file", () => {
    const file = path.join(srcDir, "modules/shop/storefront/CartPage.tsx");
    expect(textsPreamble(file, srcDir, ["modules/shop/orders/locales", "modules/shop/storefront/locales"])).toBe(
      'import { loadTexts as __loadModuleTexts } from "../../../lib/texts.ts";\n' +
        'import __moduleTextsEn0 from "../orders/locales/en.json";\n' +
        'import __moduleTextsEn1 from "./locales/en.json";\n' +
        'await __loadModuleTexts({ folder: "modules/shop/orders/locales", en: () => Promise.resolve({ default: __moduleTextsEn0 }), es: () => import("../orders/locales/es.json") }, ' +
        '{ folder: "modules/shop/storefront/locales", en: () => Promise.resolve({ default: __moduleTextsEn1 }), es: () => import("./locales/es.json") });\n',
    );
  });

  it("keeps the app's first texts (lib/translations-<language>.ts) to the core folders, in both languages", () => {
    for (const language of ["en", "es"]) {
      const source = readFileSync(path.join(srcDir, `lib/translations-${language}.ts`), "utf8");
      const globbed = [...source.matchAll(/"([./\w-]+\/locales\/(\w+)\.json)"/g)].map((match) => {
        expect(match[2]).toBe(language);
        return path
          .relative(srcDir, path.join(srcDir, "lib", path.dirname(match[1] as string)))
          .split(path.sep)
          .join("/");
      });
      expect(globbed.sort()).toEqual([...CORE_TEXT_DIRS].sort());
    }
  });
});
