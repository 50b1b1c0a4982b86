import type { Dirent } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Text formats worth compressing. Images, woff2 and media are compressed already. Source maps
 * are left out: only developer tools fetch them, and brotli at its highest quality over their
 * megabytes would slow every build for no visitor's gain.
 */
export const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|txt|webmanifest|xml|wasm)$/i;
/** Under about a packet the headers cost more than the bytes saved. */
export const MIN_SIZE = 1024;

/** The two encodings @fastify/static picks from by `Accept-Encoding`: brotli at its best, gzip at level 9 for the rest. */
export async function compressAsset(content: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gz };
}

export interface PrecompressResult {
  /** Files written, relative to the folder: `assets/index-abc.js.br` and the like. */
  written: string[];
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` big enough, when the result is smaller. */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const entries: Dirent[] = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
  const written: string[] = [];
  // zlib's async calls run on libuv's thread pool: all files at once keep every core busy.
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < MIN_SIZE) return;
      const { br, gz } = await compressAsset(content);
      for (const [extension, compressed] of [
        [".br", br],
        [".gz", gz],
      ] as const) {
        if (compressed.length >= content.length) continue;
        await writeFile(file + extension, compressed);
        written.push(path.relative(dir, file + extension));
      }
    }),
  );
  return { written: written.sort() };
}

/** A Vite plugin: once the build has written its output (public/ files included), precompress it. */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "clinic:precompress",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { written } = await precompressDir(outDir);
      this.info(`precompressed ${written.length} files (.br, .gz)`);
    },
  };
}
