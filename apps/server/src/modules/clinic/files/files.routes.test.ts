import { readdir } from "node:fs/promises";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse as InjectResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { uniqueSuffix } from "../../../../test/databases.ts";
import { buildZip } from "../../../platform/zip-writer.ts";
import { assignActivity, type MadeClinic, makeActivity, makeClinic } from "../../../../test/factories.ts";
import { loadActor } from "../../../platform/access.ts";
import { canDownload, newStorageKey } from "../../../platform/uploads.ts";
import { uploads } from "../../../platform/uploads.table.ts";
import { files } from "./files.table.ts";

type Demo = "admin" | "clinic" | "therapist" | "patient";
type Who = Demo | "otherClinic" | "otherTherapist" | "otherPatient";
type Owner = "platform" | "own" | "foreign";
const DEMO_ROLES: Demo[] = ["admin", "clinic", "therapist", "patient"];
const OWNERS: Owner[] = ["platform", "own", "foreign"];

let t: TestApp;
let other: MadeClinic;
const cookies = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp();
  other = await makeClinic(t.db);
  for (const role of DEMO_ROLES) cookies[role] = await t.loginAs(role);
  cookies.otherClinic = await t.login(other.clinic.email, other.clinic.password);
  cookies.otherTherapist = await t.login(other.therapist.email, other.therapist.password);
  cookies.otherPatient = await t.login(other.patient.email, other.patient.password);
});
afterAll(async () => t?.close());

// ------------------------------------------------------------------ bytes of each format

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
/** An MP4 `ftyp` box, then 256 bytes 0..255 so ranges can be checked byte for byte. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypisom"), 0, 0, 2, 0, ...Buffer.from("isomiso2")]),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
]);
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(60, 1)]);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
/** The smallest game bundle the server accepts: an index.html. */
const ZIP = buildZip([{ name: "index.html", data: "<!doctype html><title>Game</title>" }]);

interface Part {
  bytes: Buffer;
  filename: string;
  mime: string;
}

/** A multipart body as a browser's FormData sends it. */
async function multipart(fields: Record<string, string>, file?: Part): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.filename);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { "content-type": request.headers.get("content-type") ?? "" } };
}

function send(who: Who | null, method: string, url: string, extra: { payload?: Buffer; headers?: Record<string, string> } = {}): Promise<InjectResponse> {
  const headers: Record<string, string> = { ...extra.headers };
  if (who) headers.cookie = cookies[who];
  if (method !== "GET") headers.origin = TEST_PUBLIC_URL;
  return t.app.inject({ method: method as "GET", url, headers, payload: extra.payload });
}

async function post(who: Who | null, fields: Record<string, string>, file?: Part) {
  return send(who, "POST", "/api/files/", await multipart(fields, file));
}

const png = (filename = "picture.png"): Part => ({ bytes: PNG, filename, mime: "image/png" });
const mp4 = (filename = "clip.mp4"): Part => ({ bytes: MP4, filename, mime: "video/mp4" });

/** Every file under the uploads folder (staging included), relative to it. */
async function storedFiles(): Promise<string[]> {
  const root = t.config.uploads.dir;
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}
const rowCounts = async () => ({
  files: (await t.db.select({ n: count() }).from(files))[0].n,
  uploads: (await t.db.select({ n: count() }).from(uploads))[0].n,
});
/** What is stored now: rows and bytes, to compare before and after a refused request. */
const snapshot = async () => ({ ...(await rowCounts()), disk: await storedFiles() });

/** A platform file (by the admin), one of the demo clinic (by its therapist) and one of the other clinic, each with bytes. */
async function ownedFiles(token = uniqueSuffix()) {
  const made = {} as Record<Owner, { id: number; downloadUrl: string; name: string }>;
  const makers: Record<Owner, Who> = { platform: "admin", own: "therapist", foreign: "otherTherapist" };
  for (const owner of OWNERS) {
    const response = await post(makers[owner], { name: `${token} ${owner}`, type: "Video" }, mp4());
    expect(response.statusCode).toBe(201);
    made[owner] = response.json();
  }
  return { token, ...made };
}

/** A video activity playing file `fileId`, owned by `clinicId`, assigned to `who` (a patient). */
async function assignVideo(fileId: number, clinicId: string | null, who: Who) {
  const patientId = who === "otherPatient" ? other.patient.id : t.ids.patient;
  const activity = await makeActivity(t.db, { type: "video", fileId, clinicId });
  await assignActivity(t.db, { activityId: activity.id, patientId });
}

const MAY_READ: Record<Demo, Owner[]> = { admin: OWNERS, clinic: ["platform", "own"], therapist: ["platform", "own"], patient: [] };
const MAY_CHANGE: Record<Demo, Owner[]> = { admin: OWNERS, clinic: ["own"], therapist: ["own"], patient: [] };

describe("GET /api/files/", () => {
  it.each(DEMO_ROLES)("lists to %s exactly the files in its scope", async (role) => {
    const rows = await ownedFiles();
    const response = await send(role, "GET", `/api/files/?value=${rows.token}`);
    expect(response.statusCode).toBe(200);
    const expected = OWNERS.filter((owner) => MAY_READ[role].includes(owner));
    expect(response.json().total).toBe(expected.length);
    expect(
      response
        .json()
        .data.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual(expected.map((owner) => rows[owner].id).sort());
    for (const row of response.json().data as { id: number; editable: boolean }[]) {
      const owner = OWNERS.find((candidate) => rows[candidate].id === row.id) as Owner;
      expect(row.editable).toBe(MAY_CHANGE[role].includes(owner));
    }
  });

  it("pages 5 at a time by default (spec §9), filters by type and searches by name", async () => {
    const token = uniqueSuffix();
    for (let i = 0; i < 6; i++)
      expect((await post("clinic", { name: `${token} link ${i}`, type: "Text", link: `https://example.com/${i}` })).statusCode).toBe(201);
    expect((await post("clinic", { name: `${token} game`, type: "Game", link: "https://example.com/game" })).statusCode).toBe(201);
    const first = (await send("clinic", "GET", `/api/files/?value=${token}`)).json();
    expect(first).toMatchObject({ page: 1, total: 7 });
    expect(first.data).toHaveLength(5);
    const second = (await send("clinic", "GET", `/api/files/?value=${token}&page=2`)).json();
    expect(second.data).toHaveLength(2);
    const games = (await send("clinic", "GET", `/api/files/?value=${token}&type=Game`)).json();
    expect(games.data.map((row: { name: string }) => row.name)).toEqual([`${token} game`]);
    expect((await send("clinic", "GET", "/api/files/?type=Audio")).statusCode).toBe(400);
  });

  it("answers records of the documented shape", async () => {
    const response = await post("clinic", { name: "Shape", type: "Video" }, mp4("Balance clip.mp4"));
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      name: "Shape",
      type: "Video",
      downloadUrl: expect.stringMatching(/^\/api\/uploads\/[0-9a-f-]{36}$/),
      link: null,
      mime: "video/mp4",
      size: MP4.length,
      originalName: "Balance clip.mp4",
      clinicId: t.ids.clinic,
      editable: true,
      createdAt: expect.any(String),
    });
    const link = (await post("clinic", { name: "Shape link", type: "Text", link: "https://example.com/read" })).json();
    expect(link).toMatchObject({ downloadUrl: null, link: "https://example.com/read", mime: null, size: null, originalName: null });
  });
});

describe("POST /api/files/", () => {
  it("files an admin's upload under the platform, and stores it under a random sharded name", async () => {
    const response = await post("admin", { name: "Platform clip", type: "Video" }, mp4());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ clinicId: null, editable: true });
    const [row] = await t.db.select().from(files).where(eq(files.id, response.json().id));
    const [upload] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, row?.uploadId ?? ""));
    expect(upload).toMatchObject({ kind: "video", mime: "video/mp4", size: MP4.length, clinicId: null, createdBy: t.ids.admin });
    expect(upload?.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(upload?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await storedFiles()).toContain(upload?.storageKey);
  });

  it.each([
    ["clinic", "clinic"],
    ["therapist", "clinic"],
    ["otherClinic", "otherClinic"],
    ["otherTherapist", "otherClinic"],
  ] as [Who, "clinic" | "otherClinic"][])("files what %s adds under its clinic", async (who, owner) => {
    const response = await post(who, { name: `By ${who}`, type: "Text" }, png());
    expect(response.statusCode).toBe(201);
    expect(response.json().clinicId).toBe(owner === "clinic" ? t.ids.clinic : other.clinic.id);
  });

  it.each(["patient", "otherPatient"] as Who[])("refuses %s with 403 and stores nothing", async (who) => {
    const before = await snapshot();
    expect((await post(who, { name: "Nope", type: "Video" }, mp4())).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("accepts each accepted format for its type", async () => {
    const cases: [string, Part][] = [
      ["Video", { bytes: WEBM, filename: "a.webm", mime: "video/webm" }],
      ["Text", { bytes: PDF, filename: "a.pdf", mime: "application/pdf" }],
      ["Text", png()],
      ["Game", { bytes: ZIP, filename: "a.zip", mime: "application/zip" }],
      ["Game", { bytes: ZIP, filename: "b.zip", mime: "application/x-zip-compressed" }],
    ];
    for (const [type, part] of cases) {
      const response = await post("clinic", { name: part.filename, type }, part);
      expect({ file: part.filename, status: response.statusCode }).toEqual({ file: part.filename, status: 201 });
    }
  });

  it("stores a path-traversal filename under a random name and shows it sanitised", async () => {
    const before = await storedFiles();
    const response = await post("clinic", { name: "Traversal", type: "Text" }, png("../../etc/passwd.png"));
    expect(response.statusCode).toBe(201);
    expect(response.json().originalName).toBe("passwd.png");
    const added = (await storedFiles()).filter((file) => !before.includes(file));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
    const download = await send("clinic", "GET", response.json().downloadUrl);
    expect(download.headers["content-disposition"]).toBe("inline; filename=\"passwd.png\"; filename*=UTF-8''passwd.png");
  });

  const at = (length: number) => "x".repeat(length);
  it("accepts a name of 200 characters and stores it trimmed", async () => {
    const response = await post("clinic", { name: ` ${at(200)} `, type: "Text", link: "https://example.com/x" });
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe(at(200));
  });

  const refusals: [string, Record<string, string>, Part | undefined, string][] = [
    ["a name of 201 characters", { name: at(201), type: "Video" }, mp4(), "name"],
    ["a missing name", { type: "Video" }, mp4(), "name"],
    ["a blank name", { name: "  ", type: "Video" }, mp4(), "name"],
    ["a missing type", { name: "ok" }, mp4(), "type"],
    ["an unknown type", { name: "ok", type: "Audio" }, mp4(), "type"],
    ["both a file and a link", { name: "ok", type: "Video", link: "https://example.com/v" }, mp4(), "file"],
    ["neither a file nor a link", { name: "ok", type: "Video" }, undefined, "file"],
    ["a link that is not http(s)", { name: "ok", type: "Text", link: "javascript:alert(1)" }, undefined, "link"],
    ["a link of more than 2000 characters", { name: "ok", type: "Text", link: `https://example.com/${at(2000)}` }, undefined, "link"],
    ["an unknown field", { name: "ok", type: "Text", link: "https://example.com/", clinicId: "x" }, undefined, "clinicId"],
    ["a PNG declared as a video", { name: "ok", type: "Video" }, { bytes: PNG, filename: "clip.mp4", mime: "video/mp4" }, "file"],
    ["a PNG under the Video type", { name: "ok", type: "Video" }, png(), "file"],
    ["a text file renamed .png", { name: "ok", type: "Text" }, { bytes: Buffer.from("just some text\n"), filename: "notes.png", mime: "image/png" }, "file"],
    ["an MP4 declared as a PNG", { name: "ok", type: "Video" }, { bytes: MP4, filename: "x.png", mime: "image/png" }, "file"],
    ["an empty file", { name: "ok", type: "Text" }, { bytes: Buffer.alloc(0), filename: "empty.png", mime: "image/png" }, "file"],
    [
      "an image over 5 MiB",
      { name: "ok", type: "Text" },
      { bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), filename: "big.png", mime: "image/png" },
      "file",
    ],
  ];

  it.each(refusals)("refuses %s with 400 naming the field, and stores nothing (rows or bytes)", async (_label, fields, part, field) => {
    const before = await snapshot();
    const response = await post("clinic", fields, part);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a JSON body with 400", async () => {
    const response = await send("clinic", "POST", "/api/files/", {
      payload: Buffer.from(JSON.stringify({ name: "x", type: "Text", link: "https://example.com/" })),
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("DELETE /api/file/:id", () => {
  it.each(DEMO_ROLES)("lets %s delete only what it owns (admins: all); the bytes go with the row", async (role) => {
    const rows = await ownedFiles();
    for (const owner of OWNERS) {
      const [upload] = await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, rows[owner].downloadUrl.split("/").pop() ?? ""));
      const response = await send(role, "DELETE", `/api/file/${rows[owner].id}`);
      const allowed = MAY_CHANGE[role].includes(owner);
      expect({ owner, status: response.statusCode }).toEqual({ owner, status: allowed ? 204 : 403 });
      const [row] = await t.db.select().from(files).where(eq(files.id, rows[owner].id));
      expect(row === undefined).toBe(allowed);
      const [uploadAfter] = await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, upload?.id ?? ""));
      expect(uploadAfter === undefined).toBe(allowed);
      expect((await storedFiles()).includes(upload?.storageKey ?? "")).toBe(!allowed);
      if (allowed) expect((await send("admin", "GET", rows[owner].downloadUrl)).statusCode).toBe(404);
    }
  });

  it("deletes a link file, and answers 404 for one that does not exist", async () => {
    const created = (await post("clinic", { name: "Link", type: "Text", link: "https://example.com/" })).json();
    expect((await send("clinic", "DELETE", `/api/file/${created.id}`)).statusCode).toBe(204);
    expect((await send("clinic", "DELETE", `/api/file/${created.id}`)).statusCode).toBe(404);
  });

  it("has no update call (spec §3)", async () => {
    const created = (await post("clinic", { name: "Fixed", type: "Text", link: "https://example.com/" })).json();
    for (const method of ["PUT", "POST", "PATCH"]) expect((await send("clinic", method, `/api/file/${created.id}`)).statusCode).toBe(404);
  });
});

describe("GET /api/uploads/:id", () => {
  /** Who may download which owner's bytes (all referenced by a file row of the same owner). */
  const MAY_DOWNLOAD: Record<Who, Owner[]> = {
    admin: OWNERS,
    clinic: ["platform", "own"],
    therapist: ["platform", "own"],
    // Patients reach a file's bytes only through an activity assigned to them (see below).
    patient: [],
    otherClinic: ["platform", "foreign"],
    otherTherapist: ["platform", "foreign"],
    otherPatient: [],
  };

  it.each(Object.keys(MAY_DOWNLOAD) as Who[])("serves %s the bytes in its scope and refuses the rest with 403", async (who) => {
    const rows = await ownedFiles();
    for (const owner of OWNERS) {
      const response = await send(who, "GET", rows[owner].downloadUrl);
      const allowed = MAY_DOWNLOAD[who].includes(owner);
      expect({ owner, status: response.statusCode }).toEqual({ owner, status: allowed ? 200 : 403 });
      if (allowed) expect(response.rawPayload.equals(MP4)).toBe(true);
    }
  });

  it("serves a patient a file's bytes once a video activity using it is assigned to them, and only them", async () => {
    const rows = await ownedFiles();
    const playedBy: Record<Owner, Who> = { platform: "patient", own: "patient", foreign: "otherPatient" };
    for (const owner of OWNERS)
      await assignVideo(rows[owner].id, owner === "foreign" ? other.clinic.id : owner === "own" ? t.ids.clinic : null, playedBy[owner]);
    const answers = [];
    for (const who of ["patient", "otherPatient"] as Who[])
      for (const owner of OWNERS) answers.push([who, owner, (await send(who, "GET", rows[owner].downloadUrl)).statusCode]);
    expect(answers).toEqual([
      ["patient", "platform", 200],
      ["patient", "own", 200],
      ["patient", "foreign", 403],
      ["otherPatient", "platform", 403],
      ["otherPatient", "own", 403],
      ["otherPatient", "foreign", 200],
    ]);
  });

  it("answers with the stored type, a safe disposition, nosniff and the length", async () => {
    const created = (await post("clinic", { name: "Headers", type: "Video" }, mp4('we"ird\nname ñ.mp4'))).json();
    const response = await send("therapist", "GET", created.downloadUrl);
    expect(response.headers).toMatchObject({
      "content-type": "video/mp4",
      "x-content-type-options": "nosniff",
      "accept-ranges": "bytes",
      "content-length": String(MP4.length),
    });
    expect(response.headers["content-disposition"]).toMatch(/^inline; filename="[^"\r\n]+"; filename\*=UTF-8''/);
    expect(response.headers["content-disposition"]).not.toMatch(/[\r\n]/);
    const attachment = await send("therapist", "GET", `${created.downloadUrl}?download=1`);
    expect(attachment.headers["content-disposition"]).toMatch(/^attachment;/);
    const zip = (await post("clinic", { name: "Zip", type: "Game" }, { bytes: ZIP, filename: "g.zip", mime: "application/zip" })).json();
    expect((await send("clinic", "GET", zip.downloadUrl)).headers["content-disposition"]).toMatch(/^attachment;/);
  });

  it("answers byte ranges with 206, and an unsatisfiable one with 416", async () => {
    const created = (await post("clinic", { name: "Range", type: "Video" }, mp4())).json();
    // The patient plays it from an assigned video activity, as the patient home does.
    await assignVideo(created.id, t.ids.clinic, "patient");
    const ranges: [string, number, number][] = [
      ["bytes=0-9", 0, 9],
      ["bytes=100-", 100, MP4.length - 1],
      ["bytes=-16", MP4.length - 16, MP4.length - 1],
      ["bytes=30-100000", 30, MP4.length - 1],
    ];
    for (const [header, start, end] of ranges) {
      const response = await send("patient", "GET", created.downloadUrl, { headers: { range: header } });
      expect({ header, status: response.statusCode }).toEqual({ header, status: 206 });
      expect(response.headers["content-range"]).toBe(`bytes ${start}-${end}/${MP4.length}`);
      expect(response.headers["content-length"]).toBe(String(end - start + 1));
      expect(response.rawPayload.equals(MP4.subarray(start, end + 1))).toBe(true);
    }
    const outside = await send("clinic", "GET", created.downloadUrl, { headers: { range: `bytes=${MP4.length}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers["content-range"]).toBe(`bytes */${MP4.length}`);
    const several = await send("clinic", "GET", created.downloadUrl, { headers: { range: "bytes=0-1,4-5" } });
    expect(several.statusCode).toBe(200);
  });

  it("answers 401 signed out, 404 for an unknown id and 400 for a malformed one", async () => {
    const created = (await post("clinic", { name: "Anon", type: "Video" }, mp4())).json();
    expect((await send(null, "GET", created.downloadUrl)).statusCode).toBe(401);
    expect((await send("admin", "GET", "/api/uploads/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await send("admin", "GET", "/api/uploads/..%2F..%2Fetc%2Fpasswd")).statusCode).toBe(400);
  });
});

describe("canDownload", () => {
  /** An upload row with no file referring to it. */
  async function orphanUpload(clinicId: string | null) {
    const [row] = await t.db
      .insert(uploads)
      .values({ kind: "image", mime: "image/png", size: 1, sha256: "0".repeat(64), originalName: "x.png", storageKey: newStorageKey(), clinicId })
      .returning();
    if (!row) throw new Error("no upload");
    return row;
  }
  const actorOf = async (id: string) => {
    const actor = await loadActor(t.db, id);
    if (!actor) throw new Error("no actor");
    return actor;
  };

  it("lets staff read their clinic's and the platform's uploads, referenced or not, and admins all", async () => {
    const platform = await orphanUpload(null);
    const own = await orphanUpload(t.ids.clinic);
    const foreign = await orphanUpload(other.clinic.id);
    const answers = [];
    for (const id of [t.ids.admin, t.ids.clinic, t.ids.therapist]) {
      const actor = await actorOf(id);
      answers.push([await canDownload(t.db, actor, platform), await canDownload(t.db, actor, own), await canDownload(t.db, actor, foreign)]);
    }
    expect(answers).toEqual([
      [true, true, true],
      [true, true, false],
      [true, true, false],
    ]);
  });

  it("lets a patient read a file's upload only through an activity assigned to them, never another clinic's", async () => {
    const patient = await actorOf(t.ids.patient);
    const unreferenced = await orphanUpload(t.ids.clinic);
    expect(await canDownload(t.db, patient, unreferenced)).toBe(false);
    expect((await send("patient", "GET", `/api/uploads/${unreferenced.id}`)).statusCode).toBe(403);
    expect((await send("clinic", "GET", `/api/uploads/${unreferenced.id}`)).statusCode).toBe(404); // no bytes were ever stored
    const rows = await ownedFiles();
    const idOf = (owner: Owner) => rows[owner].downloadUrl.split("/").pop() as string;
    const clinicOf = (owner: Owner) => (owner === "platform" ? null : owner === "own" ? t.ids.clinic : other.clinic.id);
    const answers = async () => {
      const list = [];
      for (const owner of OWNERS) list.push(await canDownload(t.db, patient, { id: idOf(owner), clinicId: clinicOf(owner) }));
      return list;
    };
    // A file row alone, even of their own clinic, shows a patient nothing.
    expect(await answers()).toEqual([false, false, false]);
    for (const owner of OWNERS) await assignVideo(rows[owner].id, clinicOf(owner), "patient");
    expect(await answers()).toEqual([true, true, false]);
  });
});

describe("signed out", () => {
  it("answers 401 on every files endpoint and stores nothing", async () => {
    const before = await snapshot();
    expect((await send(null, "GET", "/api/files/")).statusCode).toBe(401);
    expect((await post(null, { name: "x", type: "Video" }, mp4())).statusCode).toBe(401);
    expect((await send(null, "DELETE", "/api/file/1")).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe("with the clinic module switched off", () => {
  it("answers 404 on every files endpoint to everyone, and stores nothing", async () => {
    const created = (await post("clinic", { name: "Flagged", type: "Text", link: "https://example.com/" })).json();
    const before = await snapshot();
    expect(
      (await send("admin", "PUT", "/api/flags/clinic", { payload: Buffer.from('{"enabled":false}'), headers: { "content-type": "application/json" } }))
        .statusCode,
    ).toBe(200);
    try {
      for (const who of [...DEMO_ROLES, null]) {
        expect((await send(who, "GET", "/api/files/")).statusCode).toBe(404);
        expect((await post(who, { name: "x", type: "Video" }, mp4())).statusCode).toBe(404);
        expect((await send(who, "DELETE", `/api/file/${created.id}`)).statusCode).toBe(404);
      }
      expect(await snapshot()).toEqual(before);
    } finally {
      expect(
        (await send("admin", "PUT", "/api/flags/clinic", { payload: Buffer.from('{"enabled":true}'), headers: { "content-type": "application/json" } }))
          .statusCode,
      ).toBe(200);
    }
    expect((await send("clinic", "GET", "/api/files/")).statusCode).toBe(200);
  });
});
