import { mkdtemp, readdir, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../test/app.ts";
import { files } from "../modules/clinic/files/files.table.ts";
import { bundleEntries } from "./bundles.table.ts";
import { uploads } from "./uploads.table.ts";
import { buildZip } from "./zip-writer.ts";

/**
 * The S3 path of the uploads store, against s3rver (an S3-compatible server in npm) on
 * loopback: the bytes go to the bucket, never to the local uploads folder, ranges are
 * served through S3's own, and deleting a file deletes its object.
 */
let t: TestApp;
let s3: { run(): Promise<AddressInfo>; close(): Promise<void> };
let s3Dir: string;
const BUCKET = "clinic-test";

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), "clinic-s3rver-"));
  s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3.run();
  t = await createTestApp({
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypisom"), 0, 0, 2, 0, ...Buffer.from("isomiso2")]),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
]);

async function upload(cookie: string) {
  const form = new FormData();
  form.append("name", "S3 clip");
  form.append("type", "Video");
  form.append("file", new Blob([new Uint8Array(MP4)], { type: "video/mp4" }), "clip.mp4");
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return t.app.inject({
    method: "POST",
    url: "/api/files/",
    headers: { cookie, origin: TEST_PUBLIC_URL, "content-type": request.headers.get("content-type") ?? "" },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe("uploads in S3-compatible storage", () => {
  it("stores, serves (whole and by range) and deletes the bytes in the bucket", async () => {
    const cookie = await t.loginAs("therapist");
    const created = await upload(cookie);
    expect(created.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, created.json().downloadUrl.split("/").pop()));
    const objectUrl = `${t.config.uploads.s3?.endpoint}/${BUCKET}/${row?.storageKey}`;
    // s3rver answers anonymous reads, which lets the test look into the bucket directly.
    expect((await fetch(objectUrl)).status).toBe(200);
    const local = await readdir(t.config.uploads.dir, { recursive: true, withFileTypes: true }).catch(() => []);
    expect(local.filter((entry) => entry.isFile())).toEqual([]);

    const whole = await t.app.inject({ method: "GET", url: created.json().downloadUrl, headers: { cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(MP4)).toBe(true);
    const part = await t.app.inject({ method: "GET", url: created.json().downloadUrl, headers: { cookie, range: "bytes=24-33" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 24-33/${MP4.length}`);
    expect(part.rawPayload.equals(MP4.subarray(24, 34))).toBe(true);

    const removed = await t.app.inject({ method: "DELETE", url: `/api/file/${created.json().id}`, headers: { cookie, origin: TEST_PUBLIC_URL } });
    expect(removed.statusCode).toBe(204);
    expect((await fetch(objectUrl)).status).toBe(404);
  });
});

describe("game bundles in S3-compatible storage", () => {
  it("stores each unpacked file as an object, serves it under its address, and deletes them all with the file", async () => {
    const cookie = await t.loginAs("therapist");
    const zip = buildZip([
      { name: "index.html", data: "<!doctype html><title>S3 game</title>" },
      { name: "Build/game.wasm.br", data: Buffer.from([9, 8, 7]), store: true },
    ]);
    const form = new FormData();
    form.append("name", "S3 bundle");
    form.append("type", "Game");
    form.append("file", new Blob([new Uint8Array(zip)], { type: "application/zip" }), "game.zip");
    const request = new Request("http://localhost/", { method: "POST", body: form });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/files/",
      headers: { cookie, origin: TEST_PUBLIC_URL, "content-type": request.headers.get("content-type") ?? "" },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(created.statusCode).toBe(201);
    const [file] = await t.db.select().from(files).where(eq(files.id, created.json().id));
    const entries = await t.db
      .select()
      .from(bundleEntries)
      .where(eq(bundleEntries.uploadId, file?.uploadId as string));
    const objectUrls = entries.map((entry) => `${t.config.uploads.s3?.endpoint}/${BUCKET}/${entry.storageKey}`);
    for (const url of objectUrls) expect((await fetch(url)).status).toBe(200);
    const local = await readdir(t.config.uploads.dir, { recursive: true, withFileTypes: true }).catch(() => []);
    expect(local.filter((entry) => entry.isFile())).toEqual([]);

    const { url } = (await t.app.inject({ method: "GET", url: `/api/files/${file?.id}/bundle`, headers: { cookie } })).json() as { url: string };
    const wasm = await t.app.inject({ method: "GET", url: url.replace("index.html", "Build/game.wasm.br") });
    expect(wasm.headers).toMatchObject({ "content-type": "application/wasm", "content-encoding": "br" });
    expect(wasm.rawPayload.equals(Buffer.from([9, 8, 7]))).toBe(true);

    const removed = await t.app.inject({ method: "DELETE", url: `/api/file/${file?.id}`, headers: { cookie, origin: TEST_PUBLIC_URL } });
    expect(removed.statusCode).toBe(204);
    for (const url of objectUrls) expect((await fetch(url)).status).toBe(404);
  });
});
