import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BUNDLE_REFUSALS, type BundleRefusal } from "@clinic/shared";
import yauzl from "yauzl";

/** Hard limits of an uploaded game bundle (config.ts, README's settings table). */
export interface BundleLimits {
  maxFiles: number;
  /** All entries together, counted in bytes actually inflated, not as the headers claim. */
  maxUnpackedBytes: number;
  maxFileBytes: number;
}

export class BundleRefused extends Error {
  constructor(
    readonly reason: BundleRefusal,
    readonly entry?: string,
  ) {
    super(entry ? `${BUNDLE_REFUSALS[reason]}: ${entry}` : BUNDLE_REFUSALS[reason]);
  }
}

/** Types a WebGL/wasm/canvas export is made of; nothing that runs outside a browser. */
const CONTENT_TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  htm: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  wasm: "application/wasm",
  data: "application/octet-stream",
  unityweb: "application/octet-stream",
  json: "application/json",
  css: "text/css; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  ico: "image/x-icon",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  wav: "audio/wav",
  m4a: "audio/mp4",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  otf: "font/otf",
};
/** Unity's compressed builds (`Build/x.wasm.br`): served with the inner type and a Content-Encoding. */
const ENCODINGS: Record<string, string> = { gz: "gzip", br: "br" };

/** How a bundle path is served: its Content-Type and, for Unity's precompressed files, its Content-Encoding; null if not allowed. */
export function servingOf(entryPath: string): { mime: string; encoding: string | null } | null {
  const name = entryPath.split("/").pop() ?? "";
  const parts = name.toLowerCase().split(".");
  if (parts.length < 2) return null;
  let extension = parts.pop() as string;
  const encoding = ENCODINGS[extension] ?? null;
  if (encoding) {
    if (parts.length < 2) return null;
    extension = parts.pop() as string;
  }
  const mime = CONTENT_TYPES[extension];
  return mime ? { mime, encoding } : null;
}

const MAX_PATH = 400;

/** The entry's path if it stays inside the bundle; throws for absolute, drive, `..`, backslash or control characters. */
export function safeEntryPath(raw: string): string {
  const unsafe =
    raw.length === 0 ||
    raw.length > MAX_PATH ||
    raw.startsWith("/") ||
    raw.includes("\\") ||
    /^[a-zA-Z]:/.test(raw) ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    /[\u0000-\u001f\u007f]/.test(raw) ||
    raw.split("/").some((segment, index, all) => segment === ".." || segment === "." || (segment === "" && index < all.length - 1));
  if (unsafe) throw new BundleRefused("unsafePath", raw.slice(0, 200));
  return raw;
}

export interface UnpackedEntry {
  /** Path inside the bundle, the single top folder removed. */
  path: string;
  tempPath: string;
  size: number;
  mime: string;
  encoding: string | null;
}

export interface UnpackedBundle {
  entries: UnpackedEntry[];
  discard(): Promise<void>;
}

/** What macOS and Windows add to a zip they make (resource forks, folder settings): never part of a game, skipped. */
function isSystemClutter(name: string): boolean {
  const base = name.split("/").pop() ?? "";
  return name.startsWith("__MACOSX/") || base === ".DS_Store" || base === "Thumbs.db" || base === "desktop.ini";
}

const SYMLINK = 0o120000;
const FILE_TYPE_MASK = 0o170000;

function openZip(zipPath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // Names are decoded and checked here (decodeStrings off), and sizes counted here (validateEntrySizes
    // off), so every refusal names its reason: a bomb is "too large", not "unreadable".
    yauzl.open(zipPath, { lazyEntries: true, autoClose: true, decodeStrings: false, validateEntrySizes: false }, (error, zip) =>
      error || !zip ? reject(new BundleRefused("notZip")) : resolve(zip),
    );
  });
}

function nameOf(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  // General purpose bit 11: the name is UTF-8; otherwise CP437, of which ASCII is what a safe path uses.
  return (entry.generalPurposeBitFlag & 0x800) !== 0 ? raw.toString("utf8") : raw.toString("latin1");
}

/**
 * Unpacks a zip into temp files under `stagingDir`, refusing anything hostile before a single
 * byte is stored: too many files, a path leaving the bundle, a symlink, an encrypted entry, a
 * type outside the allow-list, no index.html. Sizes are counted while inflating, so a bomb
 * whose headers lie is stopped at the limit, not after. On refusal every temp file is gone.
 */
export async function unpackBundle(zipPath: string, stagingDir: string, limits: BundleLimits): Promise<UnpackedBundle> {
  const folder = path.join(stagingDir, `bundle-${randomUUID()}`);
  await mkdir(folder, { recursive: true });
  const discard = () => rm(folder, { recursive: true, force: true });
  try {
    const entries = await readEntries(await openZip(zipPath), folder, limits);
    return { entries: rootedAtIndex(entries), discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

function readEntries(zip: yauzl.ZipFile, folder: string, limits: BundleLimits): Promise<UnpackedEntry[]> {
  const entries: UnpackedEntry[] = [];
  const seen = new Set<string>();
  let total = 0;
  let fileCount = 0;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      zip.close();
      reject(error instanceof BundleRefused ? error : new BundleRefused("notZip"));
    };
    // The central directory's count comes first: refuse before reading any entry.
    if (zip.entryCount > limits.maxFiles * 2) return fail(new BundleRefused("tooManyFiles"));
    zip.on("error", fail);
    zip.on("end", () => {
      if (settled) return;
      settled = true;
      resolve(entries);
    });
    zip.on("entry", (entry: yauzl.Entry) => {
      void (async () => {
        const name = safeEntryPath(nameOf(entry));
        const unixMode = (entry.externalFileAttributes >>> 16) & FILE_TYPE_MASK;
        if (unixMode === SYMLINK) throw new BundleRefused("symlink", name);
        if (name.endsWith("/") || isSystemClutter(name)) return;
        if (entry.isEncrypted()) throw new BundleRefused("encrypted", name);
        fileCount += 1;
        if (fileCount > limits.maxFiles) throw new BundleRefused("tooManyFiles");
        const key = name.toLowerCase();
        if (seen.has(key)) throw new BundleRefused("duplicate", name);
        seen.add(key);
        const serving = servingOf(name);
        if (!serving) throw new BundleRefused("fileType", name);
        // The header's own claim is the first fence; the counting stream below is the real one.
        if (entry.uncompressedSize > limits.maxFileBytes) throw new BundleRefused("entryTooLarge", name);
        if (total + entry.uncompressedSize > limits.maxUnpackedBytes) throw new BundleRefused("tooLarge");
        const tempPath = path.join(folder, `${entries.length}.part`);
        let size = 0;
        const meter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            total += chunk.length;
            if (size > limits.maxFileBytes) return done(new BundleRefused("entryTooLarge", name));
            if (total > limits.maxUnpackedBytes) return done(new BundleRefused("tooLarge"));
            done(null, chunk);
          },
        });
        const source = await new Promise<NodeJS.ReadableStream>((done, refuse) =>
          zip.openReadStream(entry, (error, stream) => (error || !stream ? refuse(new BundleRefused("notZip")) : done(stream))),
        );
        await pipeline(source, meter, createWriteStream(tempPath, { flags: "wx" }));
        // Fewer bytes than announced: a damaged archive (more were stopped above).
        if (size !== entry.uncompressedSize) throw new BundleRefused("notZip");
        entries.push({ path: name, tempPath, size, ...serving });
      })().then(() => {
        if (!settled) zip.readEntry();
      }, fail);
    });
    zip.readEntry();
  });
}

/** index.html at the root, or a single top folder holding it (as many exporters zip): that folder is stripped. */
function rootedAtIndex(entries: UnpackedEntry[]): UnpackedEntry[] {
  if (entries.some((entry) => entry.path === "index.html")) return entries;
  const tops = new Set(entries.map((entry) => entry.path.split("/")[0]));
  const [top] = tops;
  if (tops.size === 1 && top && entries.some((entry) => entry.path === `${top}/index.html`)) {
    return entries.map((entry) => ({ ...entry, path: entry.path.slice(top.length + 1) }));
  }
  throw new BundleRefused("noIndex");
}

// ---------------------------------------------------------------- capabilities

/** A viewer id as it may stand in an address (better-auth's ids are of these characters). */
const VIEWER = /^[A-Za-z0-9_-]{1,48}$/;

/** A MAC of 128 bits: ample for an HMAC that lives for minutes, and short enough for one path segment of the router. */
const mac = (key: Buffer, body: string) => createHmac("sha256", key).update(body).digest().subarray(0, 16);

/**
 * A capability to load one bundle: `<fileId>.<viewer>.<expires>.<mode>.<mac>`, the MAC an HMAC
 * with a key derived from the server's secret. A sandboxed frame has an opaque origin and sends
 * no session cookie, so the address itself carries the right to read, for minutes, for one
 * viewer and one file; it is refused the moment it expires. `mode` is `p` for a patient's play,
 * which the file route checks against an active assignment on every load (deactivating it ends
 * the address at once), or `s` for a staff preview, checked once when the address was given.
 */
export function signCapability(key: Buffer, fileId: number, viewerId: string, expiresAt: Date, mode: CapabilityMode = "p"): string {
  if (!VIEWER.test(viewerId)) throw new Error("A viewer id of unexpected characters");
  const body = `${fileId}.${viewerId}.${Math.floor(expiresAt.getTime() / 1000)}.${mode}`;
  return `${body}.${mac(key, body).toString("base64url")}`;
}

/** `p`: a patient playing an assignment; `s`: a staff member previewing the file. */
export type CapabilityMode = "p" | "s";

/** What a capability looks like: the route's parameter schema and the check below share it. */
export const CAPABILITY_PATTERN = /^(\d{1,10})\.([A-Za-z0-9_-]{1,48})\.(\d{1,12})\.([ps])\.([A-Za-z0-9_-]{22})$/;

/** The file, viewer and mode a capability names if its MAC holds and it has not expired; null otherwise. */
export function verifyCapability(key: Buffer, capability: string, now = new Date()): { fileId: number; viewerId: string; mode: CapabilityMode } | null {
  const match = CAPABILITY_PATTERN.exec(capability);
  if (!match) return null;
  const [, fileId, viewerId, expires, mode, given] = match as unknown as [string, string, string, string, CapabilityMode, string];
  const expected = mac(key, `${fileId}.${viewerId}.${expires}.${mode}`);
  const received = Buffer.from(given, "base64url");
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return { fileId: Number(fileId), viewerId, mode };
}

/**
 * The bundle's own policy. `sandbox allow-scripts` first: opened as a page of its own (a link
 * to its address sent to someone), a bundle still runs in an opaque origin, never as the app
 * with the reader's session; in the play page's frame it matches the frame's own sandbox.
 * Then its scripts, wasm and workers from its own path, eval (Unity and Emscripten builds
 * need it), no network beyond the app's origin (where the bundle is served; the API answers
 * an opaque origin nothing it can read), no forms, no plugins, framed only by the app's pages.
 */
export const BUNDLE_POLICY = [
  "sandbox allow-scripts",
  "default-src 'self'",
  // Exporters write inline loaders (Unity's template does); the fence here is the network, not the bundle's own code.
  "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'self'",
].join("; ");
