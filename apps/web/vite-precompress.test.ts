import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_SIZE, precompressDir } from "./vite-precompress.ts";

describe("precompressDir", () => {
  let dir: string;
  const big = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "activity ${i}" }`).join(", ")}];\n`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "precompress-"));
    await mkdir(path.join(dir, "assets"));
    await writeFile(path.join(dir, "assets", "index-abc.js"), big);
    await writeFile(path.join(dir, "assets", "style-abc.css"), `body { color: red; }\n${".a { margin: 0 }\n".repeat(200)}`);
    await writeFile(path.join(dir, "assets", "tiny-abc.js"), "export const a = 1;\n");
    // Random bytes do not shrink: no compressed copy is worth keeping.
    await writeFile(path.join(dir, "assets", "noise-abc.js"), randomBytes(4 * MIN_SIZE));
    await writeFile(path.join(dir, "assets", "index-abc.js.map"), JSON.stringify({ mappings: "AAAA;".repeat(1000) }));
    await writeFile(path.join(dir, "photo.png"), Buffer.alloc(8 * MIN_SIZE));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("writes brotli and gzip copies beside big text files, and skips tiny, incompressible, map and image files", async () => {
    const { written } = await precompressDir(dir);
    expect(written).toEqual(["assets/index-abc.js.br", "assets/index-abc.js.gz", "assets/style-abc.css.br", "assets/style-abc.css.gz"]);
    for (const name of ["assets/tiny-abc.js", "assets/noise-abc.js", "assets/index-abc.js.map", "photo.png"]) {
      expect(existsSync(path.join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`)), name).toBe(false);
    }
  });

  it("writes copies that decompress to the original, smaller than it", async () => {
    const br = await readFile(path.join(dir, "assets", "index-abc.js.br"));
    const gz = await readFile(path.join(dir, "assets", "index-abc.js.gz"));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(big);
    expect(zlib.gunzipSync(gz).toString()).toBe(big);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(Buffer.byteLength(big));
  });
});
