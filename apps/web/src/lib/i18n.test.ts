import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { localeResources } from "./test-texts.ts";

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));
}

function lookup(tree: Tree, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Tree)[part] : undefined), tree);
}

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith(".test.ts") ? [full] : [];
  });
}

const resources = await localeResources();

describe("translations", () => {
  it("have the same keys in English and Spanish", () => {
    const en = keysOf(resources.en).sort();
    const es = keysOf(resources.es).sort();
    expect(
      en.filter((key) => !es.includes(key)),
      "missing in es",
    ).toEqual([]);
    expect(
      es.filter((key) => !en.includes(key)),
      "missing in en",
    ).toEqual([]);
    expect(en.length).toBeGreaterThan(50);
  });

  it("have no empty texts", () => {
    for (const language of ["en", "es"] as const) {
      const empty = keysOf(resources[language]).filter((key) => String(lookup(resources[language], key)).trim() === "");
      expect(empty, language).toEqual([]);
    }
  });

  it("cover every literal key the screens ask for, as a text in both languages", () => {
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      for (const match of readFileSync(file, "utf8").matchAll(/\bt\(\s*["'`]([a-zA-Z0-9_.]+)["'`]/g)) used.add(match[1] as string);
    }
    expect(used.size).toBeGreaterThan(40);
    for (const key of used) {
      expect(typeof lookup(resources.en, key), `en: ${key}`).toBe("string");
      expect(typeof lookup(resources.es, key), `es: ${key}`).toBe("string");
    }
  });

  it("cover every empty list's texts (lib/empty-list.ts), the last one quoting the search in both languages", () => {
    const calls: string[][] = [];
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/\bemptyListText\(t,/g)) {
        // The call up to its own closing parenthesis (its arguments may span lines and hold calls).
        let end = text.indexOf("(", match.index);
        for (let depth = 0; end < text.length; end += 1) {
          if (text[end] === "(") depth += 1;
          else if (text[end] === ")" && --depth === 0) break;
        }
        const call = text.slice(match.index, end + 1);
        calls.push([...call.matchAll(/"([a-zA-Z]\w*(?:\.\w+)+)"/g)].map((key) => key[1] as string));
      }
    }
    expect(calls.length).toBeGreaterThan(15);
    for (const keys of calls) {
      for (const key of keys)
        for (const language of ["en", "es"] as const) expect(typeof lookup(resources[language], key), `${language}: ${key}`).toBe("string");
      const noMatch = keys.at(-1) as string;
      for (const language of ["en", "es"] as const) expect(String(lookup(resources[language], noMatch)), `${language}: ${noMatch}`).toContain("{{q}}");
    }
  });

  it("keep the spec's notice texts (§8)", () => {
    expect(lookup(resources.en, "notices.successTitle")).toBe("Congratulations");
    expect(lookup(resources.en, "notices.errorTitle")).toBe("Opps!");
    expect(lookup(resources.en, "notices.fallback")).toBe("An error occurred");
  });
});
