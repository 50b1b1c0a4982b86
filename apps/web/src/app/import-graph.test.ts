import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The web app's own imports: no circles, and pages and helpers never reach up into
 * app/ (the shell, router, screen list). Either lets a sign-in page drag the whole shell
 * into its chunk, as `Loading` from app/Shell.tsx once did.
 */
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(item.name) && !/\.test\.tsx?$/.test(item.name) ? [full] : [];
  });
}

/**
 * Relative imports that load code: `import ... from "./x"`, `export ... from "./x"`,
 * `import "./x"` and lazy `import("./x")` (a chunk that imports back the one that loads it
 * drags it along just the same); not `import type`, which leaves nothing at run time.
 */
export function codeImports(source: string): string[] {
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']|\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/gm;
  for (const match of source.matchAll(statement)) {
    if (match[4]) found.push(match[4]);
    else if (!match[2]) found.push(match[3]);
  }
  return found;
}

export function importGraph(files: string[], read: (file: string) => string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    graph.set(
      file,
      codeImports(read(file)).map((spec) => path.resolve(path.dirname(file), spec)),
    );
  }
  return graph;
}

/** Each circle once, as the list of files around it (depth-first search, grey/black marking). */
export function cycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe("the web app's import graph", () => {
  const graph = importGraph(sourceFiles(srcDir), (file) => readFileSync(file, "utf8"));
  const relative = (file: string) => path.relative(srcDir, file);

  it("reads the app's imports (the walk is not empty)", () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get(path.join(srcDir, "app/router.tsx"))).toContain(path.join(srcDir, "lib/session.ts"));
  });

  it("has no import circles", () => {
    expect(cycles(graph).map((cycle) => cycle.map(relative).join(" -> "))).toEqual([]);
  });

  it("keeps modules/ and lib/ from importing app/ (main.tsx, the entry, mounts it)", () => {
    const appDir = path.join(srcDir, "app") + path.sep;
    const upward = [...graph]
      .filter(([file]) => !file.startsWith(appDir))
      .flatMap(([file, imports]) => imports.filter((target) => target.startsWith(appDir)).map((target) => `${relative(file)} -> ${relative(target)}`))
      .filter((edge) => !edge.startsWith("main.tsx"));
    expect(upward).toEqual([]);
  });

  it("takes zod's resolver from lib/zod-resolver.ts, which sets zod's messages in the interface language", () => {
    const direct = [...graph.keys()].filter((file) => !file.endsWith("zod-resolver.ts") && readFileSync(file, "utf8").includes('"@hookform/resolvers/zod"'));
    expect(direct.map(relative)).toEqual([]);
  });

  it("finds circles in a small graph, through lazy imports too, leaving out type-only ones", () => {
    const files: Record<string, string> = {
      "/s/app/a.ts": 'import { b } from "./b.ts";\nimport type { T } from "../lib/t.ts";',
      "/s/app/b.ts": 'export { a } from "./a.ts";',
      "/s/app/c.ts": 'const page = () => import("./d.ts");',
      "/s/app/d.ts": 'import {\n  c,\n} from "./c.ts";',
      "/s/lib/t.ts": "export type T = 1;",
    };
    const small = importGraph(Object.keys(files), (file) => files[file]);
    expect(small.get("/s/app/a.ts")).toEqual(["/s/app/b.ts"]);
    expect(small.get("/s/app/c.ts")).toEqual(["/s/app/d.ts"]);
    expect(cycles(small)).toEqual([
      ["/s/app/a.ts", "/s/app/b.ts", "/s/app/a.ts"],
      ["/s/app/c.ts", "/s/app/d.ts", "/s/app/c.ts"],
    ]);
  });
});
