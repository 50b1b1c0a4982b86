import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildZip, type ZipEntry } from "./zip-writer.ts";
import { BundleRefused, type BundleLimits, safeEntryPath, servingOf, signCapability, unpackBundle, verifyCapability } from "./bundles.ts";

const LIMITS: BundleLimits = { maxFiles: 10, maxUnpackedBytes: 1024 * 1024, maxFileBytes: 512 * 1024 };
const INDEX: ZipEntry = { name: "index.html", data: "<!doctype html><script src=game.js></script>" };

let dir: string;
let staging: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "bundles-"));
  staging = path.join(dir, ".staging");
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function unpack(entries: ZipEntry[], limits = LIMITS) {
  const zipPath = path.join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(zipPath, buildZip(entries));
  return unpackBundle(zipPath, staging, limits);
}

/** The reason a bundle is refused; and, whatever it is, nothing is left in staging. */
async function refusal(entries: ZipEntry[], limits = LIMITS): Promise<string> {
  const outcome = await unpack(entries, limits).then(
    () => "accepted",
    (error: unknown) => (error instanceof BundleRefused ? error.reason : `other: ${String(error)}`),
  );
  expect(await readdir(staging).catch(() => [])).toEqual([]);
  return outcome;
}

describe("unpacking a game bundle", () => {
  it("unpacks a bundle with its types and Unity's precompressed files", async () => {
    const bundle = await unpack([
      INDEX,
      { name: "game.js", data: "parent.postMessage({}, '*')" },
      { name: "Build/", mode: 0o040755 },
      { name: "Build/game.wasm.br", data: Buffer.from([1, 2, 3]), store: true },
      { name: "Build/game.data.gz", data: Buffer.from([4, 5]) },
    ]);
    expect(bundle.entries.map(({ path, mime, encoding, size }) => ({ path, mime, encoding, size }))).toEqual([
      { path: "index.html", mime: "text/html; charset=utf-8", encoding: null, size: 44 },
      { path: "game.js", mime: "text/javascript; charset=utf-8", encoding: null, size: 27 },
      { path: "Build/game.wasm.br", mime: "application/wasm", encoding: "br", size: 3 },
      { path: "Build/game.data.gz", mime: "application/octet-stream", encoding: "gzip", size: 2 },
    ]);
    expect(await readFile(bundle.entries[1]?.tempPath as string, "utf8")).toBe("parent.postMessage({}, '*')");
    await bundle.discard();
    expect(await readdir(staging)).toEqual([]);
  });

  it("strips a single top folder that holds index.html", async () => {
    const bundle = await unpack([
      { name: "MyGame/index.html", data: "<!doctype html>" },
      { name: "MyGame/js/app.mjs", data: "export {}" },
    ]);
    expect(bundle.entries.map((entry) => entry.path)).toEqual(["index.html", "js/app.mjs"]);
    await bundle.discard();
  });

  it("skips what macOS and Windows add to the zips they make", async () => {
    const bundle = await unpack([
      { name: "MyGame/index.html", data: "<!doctype html>" },
      { name: "MyGame/.DS_Store", data: "x" },
      { name: "__MACOSX/MyGame/._index.html", data: "x" },
      { name: "MyGame/Thumbs.db", data: "x" },
    ]);
    expect(bundle.entries.map((entry) => entry.path)).toEqual(["index.html"]);
    await bundle.discard();
  });

  it("stops a zip bomb whose headers lie while inflating, at the per-file limit", async () => {
    // 8 MiB of zeros deflate to a few kB; the headers claim 100 bytes.
    expect(await refusal([INDEX, { name: "bomb.data", data: Buffer.alloc(8 * 1024 * 1024), claimedSize: 100 }])).toBe("entryTooLarge");
  });

  it("refuses files that together unpack past the total limit, each under the per-file one", async () => {
    const parts = Array.from({ length: 5 }, (_, i) => ({ name: `part${i}.data`, data: Buffer.alloc(400 * 1024) }));
    expect(await refusal([INDEX, ...parts])).toBe("tooLarge");
  });

  it("refuses an entry that inflates to other than its header says, under the limits", async () => {
    expect(await refusal([INDEX, { name: "small.data", data: Buffer.alloc(2000), claimedSize: 10 }])).toBe("notZip");
  });

  it("refuses an entry whose honest header is already too large, before inflating it", async () => {
    expect(await refusal([INDEX, { name: "big.data", data: Buffer.alloc(600 * 1024) }])).toBe("entryTooLarge");
  });

  it.each([
    ["../", "../evil.js"],
    ["nested ../", "js/../../evil.js"],
    ["absolute", "/etc/cron.d/evil.js"],
    ["a drive", "C:/evil.js"],
    ["backslashes", "..\\evil.js"],
  ])("refuses a path outside the bundle (%s)", async (_label, name) => {
    expect(await refusal([INDEX, { name, data: "x" }])).toBe("unsafePath");
  });

  it("refuses a symbolic link, even one named like an allowed file", async () => {
    expect(await refusal([INDEX, { name: "game.js", data: "/etc/passwd", mode: 0o120777 }])).toBe("symlink");
  });

  it.each(["run.exe", "install.sh", "lib.so", "page.php", "Makefile", "evil.exe.gz"])("refuses a file type outside the allow-list (%s)", async (name) => {
    expect(await refusal([INDEX, { name, data: "MZ" }])).toBe("fileType");
  });

  it("refuses a bundle without index.html at its root or in one top folder", async () => {
    expect(await refusal([{ name: "game.html", data: "<!doctype html>" }])).toBe("noIndex");
    expect(
      await refusal([
        { name: "a/index.html", data: "x" },
        { name: "b/game.js", data: "x" },
      ]),
    ).toBe("noIndex");
  });

  it("refuses too many files", async () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.js`, data: "x" }));
    expect(await refusal([INDEX, ...many])).toBe("tooManyFiles");
  });

  it("refuses the same path twice, and bytes that are no zip", async () => {
    expect(await refusal([INDEX, { name: "INDEX.html", data: "x" }])).toBe("duplicate");
    const zipPath = path.join(dir, "broken.zip");
    await writeFile(zipPath, Buffer.from("PK\x03\x04 not really a zip"));
    await expect(unpackBundle(zipPath, staging, LIMITS)).rejects.toMatchObject({ reason: "notZip" });
    expect(await readdir(staging)).toEqual([]);
  });

  it("reads paths and types as the server serves them", () => {
    expect(safeEntryPath("Build/a.wasm")).toBe("Build/a.wasm");
    expect(() => safeEntryPath("a//b.js")).toThrow(BundleRefused);
    expect(servingOf("x.wasm.gz")).toEqual({ mime: "application/wasm", encoding: "gzip" });
    expect(servingOf("x.gz")).toBeNull();
    expect(servingOf("noextension")).toBeNull();
  });
});

describe("bundle capabilities", () => {
  const key = Buffer.alloc(32, 7);
  const later = new Date(Date.now() + 60_000);

  it("names its file and viewer until it expires", () => {
    const capability = signCapability(key, 12, "user-1", later);
    expect(verifyCapability(key, capability)).toEqual({ fileId: 12, viewerId: "user-1", mode: "p" });
    expect(verifyCapability(key, signCapability(key, 12, "user-1", later, "s"))).toEqual({ fileId: 12, viewerId: "user-1", mode: "s" });
    expect(verifyCapability(key, capability, new Date(later.getTime() + 1000))).toBeNull();
  });

  it("is refused when forged: another file, another key, a changed expiry", () => {
    const capability = signCapability(key, 12, "user-1", later);
    const [, viewer, expires, mode, mac] = capability.split(".");
    expect(verifyCapability(key, `13.${viewer}.${expires}.${mode}.${mac}`)).toBeNull();
    expect(verifyCapability(key, `12.${viewer}.${Number(expires) + 3600}.${mode}.${mac}`)).toBeNull();
    // A patient's address made into a staff preview, to skip the assignment check.
    expect(verifyCapability(key, `12.${viewer}.${expires}.s.${mac}`)).toBeNull();
    expect(verifyCapability(Buffer.alloc(32, 8), capability)).toBeNull();
    expect(verifyCapability(key, "garbage")).toBeNull();
  });
});
