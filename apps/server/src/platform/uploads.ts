import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, open, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { UPLOAD_LIMITS, UPLOAD_MIME_TYPES, UPLOAD_KINDS, type UploadKind } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { type Actor, clinicOf } from "./access.ts";
import { notFound } from "./errors.ts";
import { uploads } from "./uploads.table.ts";

export type Upload = typeof uploads.$inferSelect;

/** The largest upload of any kind: the cap while streaming, before the kind is known. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_LIMITS));

// ---------------------------------------------------------------- content checks

/** The bytes read from the start of an upload to recognise it. */
const HEAD_BYTES = 64;

const startsWith = (head: Buffer, bytes: number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The MIME type the bytes themselves announce, from their signature ("magic bytes"), among
 * the formats uploads accept; null for anything else. Small and explicit on purpose: a
 * generic sniffing library knows hundreds of formats we refuse anyway.
 */
export function sniffMime(head: Buffer): string | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"))) return "image/gif";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "image/webp";
  // ISO base media (MP4): a box size, then "ftyp" and a brand; QuickTime ("qt  ") is not MP4,
  // and the "M4A " brand is audio only (an iPhone's or WhatsApp's voice note).
  if (startsWith(head, ascii("ftyp"), 4) && startsWith(head, ascii("M4A "), 8)) return "audio/mp4";
  if (startsWith(head, ascii("ftyp"), 4) && !startsWith(head, ascii("qt  "), 8)) return "video/mp4";
  // Matroska/WebM: the EBML header.
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return "video/webm";
  if (startsWith(head, ascii("%PDF-"))) return "application/pdf";
  // A zip starts with a local file header (or is an empty archive's end record).
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return "application/zip";
  // Audio (the chat's voice notes): Ogg (Opus, WhatsApp's own), MP3 with an ID3 tag or a bare
  // MPEG-1 layer III frame sync, AMR, and AAC in ADTS frames (MPEG-4 or MPEG-2, no CRC).
  if (startsWith(head, ascii("OggS"))) return "audio/ogg";
  if (startsWith(head, ascii("ID3")) || startsWith(head, [0xff, 0xfb]) || startsWith(head, [0xff, 0xf3]) || startsWith(head, [0xff, 0xf2])) {
    return "audio/mpeg";
  }
  if (startsWith(head, ascii("#!AMR"))) return "audio/amr";
  if (startsWith(head, [0xff, 0xf1]) || startsWith(head, [0xff, 0xf9])) return "audio/aac";
  return null;
}

/** Names browsers and systems give the same formats. */
const MIME_ALIASES: Record<string, string> = {
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "application/x-zip-compressed": "application/zip",
  "application/x-zip": "application/zip",
  "application/x-pdf": "application/pdf",
  "audio/mp3": "audio/mpeg",
  "audio/x-m4a": "audio/mp4",
  "audio/m4a": "audio/mp4",
  "audio/x-aac": "audio/aac",
  "audio/aacp": "audio/aac",
  "application/ogg": "audio/ogg",
  "audio/opus": "audio/ogg",
  "audio/amr-nb": "audio/amr",
};

export function kindOfMime(mime: string): UploadKind | null {
  return UPLOAD_KINDS.find((kind) => UPLOAD_MIME_TYPES[kind].includes(mime)) ?? null;
}

/**
 * Checks staged bytes against what the client declared: their signature must be one of
 * `allowedKinds`, agree with the declared MIME, and fit that kind's size limit. Answers the
 * accepted kind and MIME, or the messages for the `file` field.
 */
export function checkContent(
  staged: Pick<StagedUpload, "head" | "size" | "declaredMime">,
  allowedKinds: readonly UploadKind[],
): { ok: true; kind: UploadKind; mime: string } | { ok: false; errors: string[] } {
  if (staged.size === 0) return { ok: false, errors: ["The file is empty."] };
  const sniffed = sniffMime(staged.head);
  const kind = sniffed ? kindOfMime(sniffed) : null;
  const accepted = allowedKinds.flatMap((allowed) => UPLOAD_MIME_TYPES[allowed]).join(", ");
  if (!sniffed || !kind || !allowedKinds.includes(kind)) {
    return { ok: false, errors: [`The file's content is not an accepted format (${accepted}).`] };
  }
  const declared = staged.declaredMime.toLowerCase().split(";")[0]?.trim() ?? "";
  if ((MIME_ALIASES[declared] ?? declared) !== sniffed) {
    return { ok: false, errors: [`The file's content (${sniffed}) does not match its declared type (${declared || "none"}).`] };
  }
  if (staged.size > UPLOAD_LIMITS[kind]) {
    return { ok: false, errors: [`The file is too large: at most ${UPLOAD_LIMITS[kind] / (1024 * 1024)} MiB for this kind.`] };
  }
  return { ok: true, kind, mime: sniffed };
}

/**
 * The client's filename made safe to show and to offer as a download name: no folders
 * (`../../etc/passwd.png` → `passwd.png`), no control or markup characters, bounded. It is
 * never used to store anything.
 */
export function sanitiseFilename(raw: string | undefined): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(/[^\p{L}\p{N} ._()-]/gu, "_")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+/, "")
    .trim()
    .slice(-120);
  return cleaned || "file";
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(type: "inline" | "attachment", filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

// ---------------------------------------------------------------- staging

/**
 * Sends a private upload a module has just checked access to (a CRM document, an event's
 * receipt) as a download: never rendered by the browser (attachment, sandboxed, nosniff), never
 * kept by a shared cache. Bytes missing from the store answer 404 and are logged.
 */
export async function sendPrivateUpload(request: FastifyRequest, reply: FastifyReply, store: BlobStore, upload: Upload): Promise<FastifyReply> {
  let body: NodeJS.ReadableStream;
  try {
    body = await store.read(upload.storageKey);
  } catch (error) {
    request.log.error({ err: error, upload: upload.id }, "a private upload's bytes are missing");
    throw notFound();
  }
  return reply
    .header("x-content-type-options", "nosniff")
    .header("content-disposition", contentDisposition("attachment", upload.originalName))
    .header("cache-control", "private, no-cache")
    .header("content-security-policy", "sandbox; default-src 'none'")
    .header("content-type", upload.mime)
    .header("content-length", upload.size)
    .send(body);
}

export interface StagedUpload {
  /** A temp file under the uploads folder's `.staging`: moved into the store, or removed. */
  tempPath: string;
  size: number;
  sha256: string;
  head: Buffer;
  /** More bytes arrived than the cap: nothing past the cap was kept. */
  tooLarge: boolean;
  declaredMime: string;
  originalName: string;
  discard(): Promise<void>;
}

/**
 * Streams an incoming file to a temp file, hashing it and keeping its first bytes, without
 * ever holding it in memory. Past `cap` it keeps reading (so the request completes and can
 * be answered 400) but writes nothing more.
 */
export async function stageUpload(
  stagingDir: string,
  source: Readable,
  cap: number,
  declaredMime: string,
  filename: string | undefined,
): Promise<StagedUpload> {
  await mkdir(stagingDir, { recursive: true });
  const tempPath = path.join(stagingDir, `${randomUUID()}.part`);
  const hash = createHash("sha256");
  let size = 0;
  let tooLarge = false;
  const headChunks: Buffer[] = [];
  let headLength = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (tooLarge || size > cap) {
        tooLarge = true;
        return done();
      }
      if (headLength < HEAD_BYTES) {
        headChunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const discard = () => rm(tempPath, { force: true });
  try {
    await pipeline(source, meter, createWriteStream(tempPath, { flags: "wx" }));
  } catch (error) {
    await discard();
    throw error;
  }
  return {
    tempPath,
    size,
    sha256: hash.digest("hex"),
    head: Buffer.concat(headChunks),
    tooLarge,
    declaredMime,
    originalName: sanitiseFilename(filename),
    discard,
  };
}

// ---------------------------------------------------------------- storage

export interface ByteRange {
  start: number;
  end: number;
}

/** Where upload bytes live. Keys are random; the store knows nothing of owners or names. */
export interface BlobStore {
  /** Moves a staged temp file into the store under `key`. */
  put(key: string, tempPath: string, size: number, mime: string): Promise<void>;
  /** The bytes (or one range of them, inclusive). */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the bytes; a key already gone is not an error. */
  remove(key: string): Promise<void>;
  /** The staging folder for temp files (always local disk). */
  readonly stagingDir: string;
}

/**
 * Keeps staged bytes that passed checkContent: into the store, then their row; a row that cannot
 * be written takes the stored bytes with it. Answers the new upload's id.
 */
export async function keepUpload(
  db: Db,
  store: BlobStore,
  staged: StagedUpload,
  content: { kind: UploadKind; mime: string },
  owner: { name?: string; clinicId: string | null; createdBy: string | null },
): Promise<string> {
  const storageKey = newStorageKey();
  await store.put(storageKey, staged.tempPath, staged.size, content.mime);
  try {
    const [row] = await db
      .insert(uploads)
      .values({
        kind: content.kind,
        mime: content.mime,
        size: staged.size,
        sha256: staged.sha256,
        originalName: staged.originalName,
        ...(owner.name === undefined ? {} : { name: owner.name }),
        storageKey,
        clinicId: owner.clinicId,
        createdBy: owner.createdBy,
      })
      .returning({ id: uploads.id });
    return row?.id as string;
  } catch (error) {
    await store.remove(storageKey).catch(() => {});
    throw error;
  }
}

/** A fresh storage key: random, sharded two levels deep so no folder grows huge (`ab/cd/abcd…`). */
export function newStorageKey(): string {
  const name = randomBytes(16).toString("hex");
  return `${name.slice(0, 2)}/${name.slice(2, 4)}/${name}`;
}

/**
 * Where the admins' system check writes its probe object: a prefix no upload's key can take, so
 * a probe left behind (the process died between write and delete) is known for what it is.
 */
export const PROBE_KEY_PREFIX = "system-check/";

/** A fresh key for one storage probe, under the reserved prefix. */
export function newProbeKey(): string {
  return `${PROBE_KEY_PREFIX}${randomBytes(16).toString("hex")}`;
}

const KEY_PATTERN = /^(?:[0-9a-f]{2}\/[0-9a-f]{2}|system-check)\/[0-9a-f]{32}$/;

export class LocalDiskStore implements BlobStore {
  readonly stagingDir: string;
  constructor(readonly root: string) {
    this.stagingDir = path.join(root, ".staging");
  }

  /** Only keys of our own shape ever reach the file system. */
  pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`Bad storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, tempPath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(tempPath, target);
    } catch (error) {
      // A staging folder on another device: copy, then drop the temp file.
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      await copyFile(tempPath, target);
      await unlink(tempPath);
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    // Open first, so a missing file fails here rather than mid-response.
    const handle = await open(file, "r");
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  /** Anything stored (a restore refuses a store that is not empty); the staging folder and probes are not. */
  async hasAnyObject(): Promise<boolean> {
    const names = await readdir(this.root).catch(() => [] as string[]);
    return names.some((name) => name !== ".staging" && `${name}/` !== PROBE_KEY_PREFIX);
  }

  /** Empties the store (a forced restore replaces what it held). */
  async removeAll(): Promise<void> {
    for (const name of await readdir(this.root).catch(() => [] as string[])) {
      if (name !== ".staging") await rm(path.join(this.root, name), { recursive: true, force: true });
    }
  }
}

export class S3Store implements BlobStore {
  readonly stagingDir: string;
  private readonly client: S3Client;
  constructor(
    private readonly settings: NonNullable<Config["uploads"]["s3"]>,
    localDir: string,
  ) {
    this.stagingDir = path.join(localDir, ".staging");
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // Many S3-compatible servers do not know the SDK's newer default checksums.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(key: string, tempPath: string, size: number, mime: string): Promise<void> {
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: createReadStream(tempPath), ContentLength: size, ContentType: mime }),
      );
    } finally {
      await rm(tempPath, { force: true });
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const answer = await this.client.send(
      new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    if (!answer.Body) throw new Error(`No body for ${key}`);
    return answer.Body as Readable;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async hasAnyObject(): Promise<boolean> {
    const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, MaxKeys: 100 }));
    return (page.Contents ?? []).some((object) => object.Key && !object.Key.startsWith(PROBE_KEY_PREFIX));
  }

  async removeAll(): Promise<void> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, ContinuationToken: token }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) await this.client.send(new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: keys, Quiet: true } }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  destroy(): void {
    this.client.destroy();
  }
}

export function createBlobStore(config: Config): LocalDiskStore | S3Store {
  const dir = path.resolve(config.uploads.dir);
  return config.uploads.s3 ? new S3Store(config.uploads.s3, dir) : new LocalDiskStore(dir);
}

// ---------------------------------------------------------------- access

/**
 * Who may download an upload:
 * - admins: every upload;
 * - clinic staff (clinic accounts, therapists): their clinic's uploads and the platform's;
 * - patients: only what an assignment of theirs shows them. For an active assigned activity:
 *   its video file's upload, its picture, and the images of its rich text (rich_text_uploads,
 *   owner_type 'activity'); for an assigned recommendation: the images of its rich text
 *   (owner_type 'recommendation'); the pictures and logo of their clinic's open shop (issue 20); the
 *   attachments of their own in-app chat with the clinic, never of its notes (issue 41). The upload must also be the platform's or their own
 *   clinic's, a second fence should an assignment ever name another clinic's row.
 */
export async function canDownload(db: Db, actor: Actor, upload: Pick<Upload, "id" | "clinicId">): Promise<boolean> {
  if (actor.isAdmin) return true;
  // Website editors (view_pagina, issue 39) keep one site for the whole deployment, whatever their
  // clinic (often none): they read the images they uploaded and those any page of it names.
  if (actor.permissions.has("view_pagina") && (await isSiteImage(db, actor, upload.id))) return true;
  const ownClinic = upload.clinicId === null || upload.clinicId === clinicOf(actor);
  if (actor.role !== "patient") return clinicOf(actor) !== null && ownClinic;
  if (!actor.clinicId || !(upload.clinicId === null || upload.clinicId === actor.clinicId)) return false;
  const result = await db.execute(sql`
    select 1 from assigned_activities aa
      join activities a on a.id = aa.activity_id
      left join files f on f.id = a.file_id
      where aa.patient_id = ${actor.id} and aa.activate and (a.image_upload_id = ${upload.id} or f.upload_id = ${upload.id})
    union all
    select 1 from rich_text_uploads r
      join assigned_activities aa on aa.activity_id = r.owner_id and aa.patient_id = ${actor.id} and aa.activate
      where r.upload_id = ${upload.id} and r.owner_type = 'activity'
    union all
    select 1 from rich_text_uploads r
      join assigned_recommendations ar on ar.recommendation_id = r.owner_id and ar.patient_id = ${actor.id}
      where r.upload_id = ${upload.id} and r.owner_type = 'recommendation'
    union all
    select 1 from shop_product_images i join shop_products p on p.id = i.product_id join shop_stores s on s.id = p.store_id
      where i.upload_id = ${upload.id} and s.clinic_id = ${actor.clinicId} and s.open
    union all
    select 1 from shop_stores s where s.logo_upload_id = ${upload.id} and s.clinic_id = ${actor.clinicId} and s.open
    union all
    select 1 from chat_messages m join chat_conversations c on c.id = m.conversation_id
      where m.upload_id = ${upload.id} and m.direction <> 'note' and c.channel = 'app' and c.patient_id = ${actor.id}
    limit 1`);
  return result.rows.length > 0;
}

/** An upload the actor made, or one a page of the website names (its draft or what is published). */
async function isSiteImage(db: Db, actor: Actor, uploadId: string): Promise<boolean> {
  const named = JSON.stringify([{ uploadId }]);
  const result = await db.execute(sql`
    select 1 from uploads u where u.id = ${uploadId} and u.created_by = ${actor.id}
    union all
    select 1 from cms_pages p
      where p.draft->>'socialImageId' = ${uploadId} or p.published->>'socialImageId' = ${uploadId}
        or p.draft->'blocks' @> ${named}::jsonb or p.published->'blocks' @> ${named}::jsonb
    limit 1`);
  return result.rows.length > 0;
}

// ---------------------------------------------------------------- ranges

/**
 * One `bytes=` range of an object of `size` bytes; "none" when the header is absent or not
 * a single byte range (the whole body is sent), "unsatisfiable" for a range past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "none" | "unsatisfiable" {
  if (!header) return "none";
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return "none";
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
