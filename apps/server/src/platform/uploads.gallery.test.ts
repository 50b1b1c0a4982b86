import { UPLOAD_GALLERY_PAGE_SIZE } from "@clinic/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { uniqueSuffix } from "../../test/databases.ts";
import { type MadeClinic, makeClinic } from "../../test/factories.ts";
import { imageForm, PNG, postUpload } from "../../test/uploads.ts";
import type { DemoRole } from "../demo-accounts.ts";
import { uploads } from "./uploads.table.ts";

let t: TestApp;
let other: MadeClinic;
/** One image of each owner: the platform's (by the admin), the demo clinic's (by its therapist), another clinic's. */
const seen: Record<"platform" | "ours" | "theirs", string> = { platform: "", ours: "", theirs: "" };

beforeAll(async () => {
  t = await createTestApp();
  other = await makeClinic(t.db);
  const upload = async (cookie: string, nombre: string) => {
    const response = await postUpload(t, cookie, imageForm(nombre));
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  seen.platform = await upload(await t.loginAs("admin"), "Platform banner");
  seen.ours = await upload(await t.loginAs("therapist"), "Our stance photo");
  seen.theirs = await upload(await t.login(other.therapist.email, other.therapist.password), "Their secret photo");
});
afterAll(async () => t?.close());

type Who = DemoRole | "otherTherapist" | "otherClinic";
async function cookieOf(who: Who) {
  if (who === "otherTherapist") return t.login(other.therapist.email, other.therapist.password);
  if (who === "otherClinic") return t.login(other.clinic.email, other.clinic.password);
  return t.loginAs(who);
}

async function gallery(who: Who | null, query = "") {
  const headers = who ? { cookie: await cookieOf(who) } : {};
  return t.app.inject({ method: "GET", url: `/api/uploads/${query}`, headers });
}

const idsOf = (body: { data: { id: string }[] }) => body.data.map((row) => row.id);

describe("GET /api/uploads/ (the editor picker's gallery)", () => {
  it("shows admins every image, whoever owns it", async () => {
    const response = await gallery("admin", "?rowsPerPage=100");
    expect(response.statusCode).toBe(200);
    expect(idsOf(response.json())).toEqual(expect.arrayContaining([seen.platform, seen.ours, seen.theirs]));
  });

  it.each<[Who, ("platform" | "ours" | "theirs")[]]>([
    ["clinic", ["platform", "ours"]],
    ["therapist", ["platform", "ours"]],
    ["otherTherapist", ["platform", "theirs"]],
    ["otherClinic", ["platform", "theirs"]],
  ])("shows %s its own clinic's images and the platform's, never another clinic's", async (who, expected) => {
    const response = await gallery(who, "?rowsPerPage=100");
    expect(response.statusCode).toBe(200);
    const ids = idsOf(response.json());
    expect([...ids].sort()).toEqual(expected.map((owner) => seen[owner]).sort());
    expect(response.json().total).toBe(expected.length);
  });

  it("answers each image as the picker shows it, with where it is served", async () => {
    const response = await gallery("therapist", "?rowsPerPage=100");
    const ours = response.json().data.find((row: { id: string }) => row.id === seen.ours);
    expect(ours).toEqual({
      id: seen.ours,
      url: `/api/uploads/${seen.ours}`,
      name: "Our stance photo",
      mime: "image/png",
      size: PNG.length,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // The picture it names is the caller's to show.
    expect((await t.app.inject({ method: "GET", url: ours.url, headers: { cookie: await t.loginAs("therapist") } })).statusCode).toBe(200);
  });

  it("refuses patients (403) and anonymous callers (401)", async () => {
    expect((await gallery("patient")).statusCode).toBe(403);
    expect((await gallery("patient2")).statusCode).toBe(403);
    expect((await gallery(null)).statusCode).toBe(401);
  });

  it("pages newest first, 24 to a page by default", async () => {
    const cookie = await t.login(other.clinic.email, other.clinic.password);
    const token = uniqueSuffix();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await postUpload(t, cookie, imageForm(`Paged ${token} ${i}`))).json().id);
    const newestFirst = [...made].reverse();
    const all = (await gallery("otherClinic", `?q=${token}`)).json();
    expect(all).toEqual({ data: expect.any(Array), page: 1, total: 5 });
    expect(idsOf(all)).toEqual(newestFirst);
    const second = (await gallery("otherClinic", `?q=${token}&rowsPerPage=2&page=2`)).json();
    expect([idsOf(second), second.page, second.total]).toEqual([newestFirst.slice(2, 4), 2, 5]);
    const past = (await gallery("otherClinic", `?q=${token}&rowsPerPage=2&page=4`)).json();
    expect([idsOf(past), past.page, past.total]).toEqual([[], 4, 5]);
    expect(UPLOAD_GALLERY_PAGE_SIZE).toBe(24);
    const byDefault = (await gallery("admin")).json();
    expect(byDefault.data.length).toBeLessThanOrEqual(UPLOAD_GALLERY_PAGE_SIZE);
  });

  it("searches the given name and the file's own name, case-insensitively, with % and _ taken literally", async () => {
    const cookie = await t.loginAs("clinic");
    const token = uniqueSuffix();
    const byName = (await postUpload(t, cookie, imageForm(`Vertigo chart ${token}`, "chart.png"))).json().id;
    const byFile = (await postUpload(t, cookie, imageForm("Untitled", `vertigo-${token}.png`))).json().id;
    const percent = (await postUpload(t, cookie, imageForm(`100% ${token}`))).json().id;
    expect(idsOf((await gallery("therapist", `?q=VERTIGO%20chart%20${token}`)).json())).toEqual([byName]);
    expect([...idsOf((await gallery("therapist", `?q=vertigo`)).json())].sort()).toEqual(expect.arrayContaining([byName, byFile]));
    expect(idsOf((await gallery("therapist", `?q=vertigo-${token}`)).json())).toEqual([byFile]);
    expect(idsOf((await gallery("therapist", `?q=${encodeURIComponent(`100% ${token}`)}`)).json())).toEqual([percent]);
    expect(idsOf((await gallery("therapist", `?q=${encodeURIComponent(`1_0% ${token}`)}`)).json())).toEqual([]);
    // Another clinic's image never turns up, however it is searched for.
    expect(idsOf((await gallery("therapist", "?q=secret")).json())).toEqual([]);
  });

  it("answers 400 for a kind the gallery does not hold and for bad paging, and does not take the path for an id", async () => {
    for (const query of ["?kind=video", "?kind=game", "?page=0", "?rowsPerPage=0", "?rowsPerPage=abc"]) {
      const response = await gallery("therapist", query);
      expect([query, response.statusCode]).toEqual([query, 400]);
    }
    // The one-upload route still answers for an id, and only for an id.
    expect((await gallery("therapist", seen.ours)).statusCode).toBe(200);
    expect((await gallery("therapist", "not-an-id")).statusCode).toBe(400);
  });
});

describe("POST /api/uploads/ keeps the name given", () => {
  it("stores nombre, trimmed, and answers it", async () => {
    const response = await postUpload(t, await t.loginAs("therapist"), imageForm("  Tandem stance  ", "IMG_0001.png"));
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe("Tandem stance");
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, response.json().id));
    expect(row).toMatchObject({ name: "Tandem stance", originalName: "IMG_0001.png" });
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["missing", undefined],
  ])("falls back to the file's name when nombre is %s", async (_label, nombre) => {
    const response = await postUpload(t, await t.loginAs("clinic"), imageForm(nombre, "balance board.png"));
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe("balance board.png");
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, response.json().id));
    expect(row?.name).toBe("balance board.png");
    const listed = (await gallery("clinic", "?q=balance%20board")).json();
    expect(listed.data.find((item: { id: string }) => item.id === response.json().id)?.name).toBe("balance board.png");
  });

  it("shows uploads stored before names were kept under their file's name", async () => {
    const response = await postUpload(t, await t.loginAs("clinic"), imageForm("Named later", "legacy-file.png"));
    await t.db.update(uploads).set({ name: null }).where(eq(uploads.id, response.json().id));
    const listed = (await gallery("clinic", "?q=legacy-file")).json();
    expect(listed.data).toEqual([expect.objectContaining({ id: response.json().id, name: "legacy-file.png" })]);
  });
});
