import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { bundleBuildId } from "@clinic/shared";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { assignActivity, type MadeClinic, makeActivity, makeClinic } from "../../../../test/factories.ts";
import { countStatements, describeStatements } from "../../../../test/statements.ts";
import { multipart } from "../../../../test/uploads.ts";
import { buildZip, type ZipEntry } from "../../../platform/zip-writer.ts";
import { BUNDLE_POLICY, signCapability } from "../../../platform/bundles.ts";
import { bundleEntries } from "../../../platform/bundles.table.ts";
import { uploads } from "../../../platform/uploads.table.ts";
import { activities } from "../activities/activities.table.ts";
import { gameSessions } from "../games/games.table.ts";
import { EXAMPLE_BUNDLE_NAME, seedDemoBundle } from "./bundle-demo.ts";
import { files } from "./files.table.ts";

type Who = "therapist" | "patient" | "otherPatient" | "otherTherapist";
let t: TestApp;
let other: MadeClinic;
const cookies = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp();
  other = await makeClinic(t.db);
  cookies.therapist = await t.loginAs("therapist");
  cookies.patient = await t.loginAs("patient");
  cookies.otherPatient = await t.login(other.patient.email, other.patient.password);
  cookies.otherTherapist = await t.login(other.therapist.email, other.therapist.password);
});
afterAll(async () => t?.close());

const GAME: ZipEntry[] = [
  { name: "game/index.html", data: '<!doctype html><title>Demo</title><script src="game.js"></script>' },
  { name: "game/game.js", data: "parent.postMessage({ type: 'clinic:result' }, '*');" },
  { name: "game/Build/demo.wasm.gz", data: Buffer.from([0x1f, 0x8b, 8, 0]), store: true },
];

function uploadBundle(who: Who, entries: ZipEntry[], name = "Bundle") {
  const { payload, contentType } = multipart([
    { name: "name", value: name },
    { name: "type", value: "Game" },
    { name: "file", value: buildZip(entries), filename: "game.zip", type: "application/zip" },
  ]);
  return t.app.inject({ method: "POST", url: "/api/files/", headers: { cookie: cookies[who], origin: TEST_PUBLIC_URL, "content-type": contentType }, payload });
}

const get = (url: string, who?: Who) => t.app.inject({ method: "GET", url, headers: who ? { cookie: cookies[who] } : {} });

async function stored() {
  const disk = await readdir(t.config.uploads.dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return {
    files: (await t.db.select({ n: count() }).from(files))[0]?.n,
    uploads: (await t.db.select({ n: count() }).from(uploads))[0]?.n,
    entries: (await t.db.select({ n: count() }).from(bundleEntries))[0]?.n,
    disk: disk.filter((entry) => entry.isFile()).length,
  };
}

/** A Game file of the demo clinic and a game activity playing it, assigned to the demo patient. */
async function assignedBundle() {
  const response = await uploadBundle("therapist", GAME, `Bundle ${randomUUID()}`);
  expect(response.statusCode).toBe(201);
  const file = response.json() as { id: number };
  const activity = await makeActivity(t.db, { type: "game", gameBuildId: null, fileId: file.id, clinicId: t.ids.clinic });
  const assignment = await assignActivity(t.db, { activityId: activity.id, patientId: t.ids.patient });
  return { fileId: file.id, assignmentId: assignment.id };
}

describe("uploading a game bundle", () => {
  it("unpacks a good bundle into entries, its top folder stripped", async () => {
    const response = await uploadBundle("therapist", GAME);
    expect(response.statusCode).toBe(201);
    const [file] = await t.db.select().from(files).where(eq(files.id, response.json().id));
    const entries = await t.db
      .select()
      .from(bundleEntries)
      .where(eq(bundleEntries.uploadId, file?.uploadId as string));
    expect(entries.map((entry) => [entry.path, entry.mime, entry.encoding]).sort()).toEqual([
      ["Build/demo.wasm.gz", "application/wasm", "gzip"],
      ["game.js", "text/javascript; charset=utf-8", null],
      ["index.html", "text/html; charset=utf-8", null],
    ]);
  });

  it.each<[string, ZipEntry[], string]>([
    ["a symlink", [...GAME, { name: "game/link.js", data: "/etc/passwd", mode: 0o120777 }], "symbolic link"],
    ["a ../ path", [...GAME, { name: "../escape.js", data: "x" }], "outside the bundle"],
    ["an executable", [...GAME, { name: "game/setup.exe", data: "MZ" }], "not allowed: game/setup.exe"],
    ["no index.html", [{ name: "game.js", data: "x" }], "no index.html"],
    ["a bomb", [...GAME, { name: "game/bomb.data", data: Buffer.alloc(64 * 1024 * 1024), claimedSize: 10 }], "not a readable zip"],
  ])("refuses a bundle with %s, naming the reason, and keeps nothing", async (_label, entries, reason) => {
    const before = await stored();
    const response = await uploadBundle("therapist", entries);
    expect(response.statusCode).toBe(400);
    expect(response.json().file.join(" ")).toContain(reason);
    expect(await stored()).toEqual(before);
  });

  it("removes a bundle's unpacked files with its file", async () => {
    const before = await stored();
    const created = (await uploadBundle("therapist", GAME)).json() as { id: number };
    const deleted = await t.app.inject({ method: "DELETE", url: `/api/file/${created.id}`, headers: { cookie: cookies.therapist, origin: TEST_PUBLIC_URL } });
    expect(deleted.statusCode).toBe(204);
    expect(await stored()).toEqual(before);
  });
});

describe("serving a game bundle", () => {
  it("gives the assigned patient an address whose files carry the bundle's own headers", async () => {
    const { fileId } = await assignedBundle();
    const access = await get(`/api/files/${fileId}/bundle`, "patient");
    expect(access.statusCode).toBe(200);
    const { url } = access.json() as { url: string };
    expect(url).toMatch(/^\/bundles\/[^/]+\/index\.html$/);
    // No session cookie: the sandboxed frame sends none.
    const page = await get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>Demo</title>");
    expect(page.headers).toMatchObject({
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": BUNDLE_POLICY,
      "x-content-type-options": "nosniff",
      "access-control-allow-origin": "*",
      "cross-origin-resource-policy": "cross-origin",
    });
    expect(page.headers["access-control-allow-credentials"]).toBeUndefined();
    expect(page.headers["x-frame-options"]).toBeUndefined();
    expect(BUNDLE_POLICY).toContain("connect-src 'self'");
    // Opened as a page of its own, the bundle is still sandboxed: scripts only, an opaque origin.
    expect(BUNDLE_POLICY.split("; ")[0]).toBe("sandbox allow-scripts");
    expect(BUNDLE_POLICY).not.toMatch(/https?:|\*/);
    const wasm = await get(url.replace("index.html", "Build/demo.wasm.gz"));
    expect(wasm.headers).toMatchObject({ "content-type": "application/wasm", "content-encoding": "gzip" });
    expect(wasm.rawPayload).toEqual(Buffer.from([0x1f, 0x8b, 8, 0]));
    expect((await get(url.replace("index.html", "missing.js"))).statusCode).toBe(404);
  });

  it("refuses the address to another clinic's patient and therapist, and to a patient it is not assigned to", async () => {
    const { fileId } = await assignedBundle();
    expect((await get(`/api/files/${fileId}/bundle`, "otherPatient")).statusCode).toBe(403);
    expect((await get(`/api/files/${fileId}/bundle`, "otherTherapist")).statusCode).toBe(403);
    expect((await get(`/api/files/${fileId}/bundle`)).statusCode).toBe(401);
    const unassigned = (await uploadBundle("therapist", GAME)).json() as { id: number };
    expect((await get(`/api/files/${unassigned.id}/bundle`, "patient")).statusCode).toBe(403);
    expect((await get(`/api/files/${unassigned.id}/bundle`, "therapist")).statusCode).toBe(200);
    // A Game file by link has nothing to play.
    const [link] = await t.db.insert(files).values({ name: "Linked game", type: "Game", link: "https://example.com/game", clinicId: t.ids.clinic }).returning();
    expect((await get(`/api/files/${link?.id}/bundle`, "therapist")).statusCode).toBe(404);
  });

  it("ends a patient's address while the assignment is deactivated, and not a staff preview's", async () => {
    const { fileId, assignmentId } = await assignedBundle();
    const { url } = (await get(`/api/files/${fileId}/bundle`, "patient")).json() as { url: string };
    const preview = (await get(`/api/files/${fileId}/bundle`, "therapist")).json() as { url: string };
    expect((await get(url)).statusCode).toBe(200);
    const activate = (value: boolean) =>
      t.app.inject({
        method: "PUT",
        url: `/api/assignActivity/${assignmentId}`,
        headers: { cookie: cookies.therapist, origin: TEST_PUBLIC_URL },
        payload: { activate: value },
      });
    expect((await activate(false)).statusCode).toBe(200);
    // The same address, still within its minutes: gone, for the page and for every file under it.
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url.replace("index.html", "game.js"))).statusCode).toBe(404);
    expect((await get(`/api/files/${fileId}/bundle`, "patient")).statusCode).toBe(403);
    // Staff still preview the file.
    expect((await get(preview.url)).statusCode).toBe(200);
    expect((await activate(true)).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(200);
  });

  it("checks a patient's address in one statement", async () => {
    const { fileId } = await assignedBundle();
    const { url } = (await get(`/api/files/${fileId}/bundle`, "patient")).json() as { url: string };
    const seen = await countStatements(t.database.pool, () => get(url));
    expect(seen.result.statusCode).toBe(200);
    expect(
      seen.statements.filter((text) => !/from "feature_flags"/.test(text)),
      describeStatements(seen.statements),
    ).toHaveLength(1);
  });

  it("refuses an expired address, and one changed to name another file", async () => {
    const { fileId } = await assignedBundle();
    const key = t.app.deriveKey("game-bundle-capability");
    const expired = signCapability(key, fileId, t.ids.patient, new Date(Date.now() - 1000));
    expect((await get(`/bundles/${expired}/index.html`)).statusCode).toBe(404);
    const { url } = (await get(`/api/files/${fileId}/bundle`, "patient")).json() as { url: string };
    const forged = url.replace(`/bundles/${fileId}.`, `/bundles/${fileId + 1}.`);
    expect((await get(forged)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(200);
  });
});

describe("a bundle's result", () => {
  function session(fileId: number, sessionId = randomUUID()) {
    const endedAt = new Date();
    return {
      sessionId,
      buildId: bundleBuildId(fileId),
      startedAt: new Date(endedAt.getTime() - 30_000).toISOString(),
      endedAt: endedAt.toISOString(),
      durationMs: 25_000,
      levelStart: 1,
      levelEnd: 1,
      motion: 1,
      ended: "completed",
      dizzinessBefore: 2,
      dizzinessAfter: 3,
      trials: [{ index: 0, kind: "bundle", condition: "", level: 1, shownAt: 100, respondedAt: 450, rtMs: 350, correct: true, outcome: "hit", value: null }],
    };
  }
  const reply = (who: Who, body: unknown) =>
    t.app.inject({ method: "POST", url: "/api/replyActivity/", headers: { cookie: cookies[who], origin: TEST_PUBLIC_URL }, payload: body as object });

  it("is stored once, however often it is sent", async () => {
    const { fileId, assignmentId } = await assignedBundle();
    const body = { id: assignmentId, result: { score: 7 }, game: session(fileId) };
    const first = await reply("patient", body);
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({ score: 7, seconds: 25, dizziness_before: 2, dizziness_after: 3 });
    expect((await reply("patient", body)).json()).toEqual(first.json());
    const sessions = await t.db.select().from(gameSessions).where(eq(gameSessions.assignmentId, assignmentId));
    expect(sessions.map((row) => [row.buildId, row.family, row.trialCount])).toEqual([[bundleBuildId(fileId), "bundle", 1]]);
    // Another session for the same assignment, now done: refused.
    expect((await reply("patient", { ...body, game: session(fileId) })).statusCode).toBe(409);
  });

  it("is refused for another bundle's build, another patient's assignment, or levels of its own", async () => {
    const { fileId, assignmentId } = await assignedBundle();
    expect((await reply("patient", { id: assignmentId, result: { score: 1 }, game: session(fileId + 1000) })).statusCode).toBe(400);
    expect((await reply("patient", { id: assignmentId, result: { score: 1 }, game: { ...session(fileId), levelEnd: 4 } })).statusCode).toBe(400);
    // Another patient's assignment is refused, not hidden (issue 43).
    expect((await reply("otherPatient", { id: assignmentId, result: { score: 1 }, game: session(fileId) })).statusCode).toBe(403);
    expect(await t.db.select().from(gameSessions).where(eq(gameSessions.assignmentId, assignmentId))).toEqual([]);
  });
});

describe("the demo's example bundle", () => {
  it("is uploaded once through the same checks, with a game activity playing it, and serves its page", async () => {
    expect(await seedDemoBundle(t.db, t.config)).toBe(true);
    expect(await seedDemoBundle(t.db, t.config)).toBe(false);
    const [file] = await t.db.select().from(files).where(eq(files.name, EXAMPLE_BUNDLE_NAME));
    const paths = await t.db
      .select({ path: bundleEntries.path })
      .from(bundleEntries)
      .where(eq(bundleEntries.uploadId, file?.uploadId as string));
    expect(paths.map((row) => row.path).sort()).toEqual(["game.js", "index.html", "style.css"]);
    const [activity] = await t.db
      .select()
      .from(activities)
      .where(eq(activities.fileId, file?.id as number));
    expect(activity).toMatchObject({ type: "game", gameBuildId: null, clinicId: null });
    const { url } = (await get(`/api/files/${file?.id}/bundle`, "therapist")).json() as { url: string };
    const script = await get(url.replace("index.html", "game.js"));
    expect(script.body).toContain('type: "clinic:result"');
  });
});
