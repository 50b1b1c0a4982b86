import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse as InjectResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { uniqueSuffix } from "../../../../test/databases.ts";
import { type MadeClinic, makeCategory, makeClinic, makeRecommendation } from "../../../../test/factories.ts";
import { richTextDescriptionTests } from "../../../../test/rich-text.ts";
import { recommendations } from "../recommendations/recommendations.table.ts";
import { categories } from "./categories.table.ts";

type Demo = "admin" | "clinic" | "therapist" | "patient";
type Who = Demo | "otherClinic" | "otherTherapist" | "otherPatient";
type Method = "GET" | "PUT" | "POST" | "DELETE";

const DEMO_ROLES: Demo[] = ["admin", "clinic", "therapist", "patient"];

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

/** One API call as `who` (null: signed out); state-changing calls carry the app's own origin. */
function send(who: Who | null, method: Method, url: string, payload?: unknown, extraHeaders: Record<string, string> = {}): Promise<InjectResponse> {
  const headers: Record<string, string> = { ...extraHeaders };
  if (who) headers.cookie = cookies[who];
  if (method !== "GET") headers.origin = TEST_PUBLIC_URL;
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const categoryCount = async () => (await t.db.select({ n: count() }).from(categories))[0].n;
const categoryRow = async (id: number) => (await t.db.select().from(categories).where(eq(categories.id, id)))[0];
const input = (label = uniqueSuffix()) => ({ name: `Category ${label}`, description: `About ${label}` });

/** A platform row (made by the admin), one of the demo clinic (made by its therapist) and one of the other clinic. */
async function ownedRows(token = uniqueSuffix()) {
  const platform = await makeCategory(t.db, { name: `${token} platform`, clinicId: null, createdBy: t.ids.admin });
  const own = await makeCategory(t.db, { name: `${token} own`, clinicId: t.ids.clinic, createdBy: t.ids.therapist });
  const foreign = await makeCategory(t.db, { name: `${token} foreign`, clinicId: other.clinic.id, createdBy: other.therapist.id });
  return { token, platform, own, foreign };
}
type Owner = "platform" | "own" | "foreign";
const OWNERS: Owner[] = ["platform", "own", "foreign"];

/** Who may read (200) or change (200/204) which row; anything else is refused with 403. */
const MAY_READ: Record<Demo, Owner[]> = {
  admin: ["platform", "own", "foreign"],
  clinic: ["platform", "own"],
  therapist: ["platform", "own"],
  patient: [],
};
const MAY_CHANGE: Record<Demo, Owner[]> = {
  admin: ["platform", "own", "foreign"],
  clinic: ["own"],
  therapist: ["own"],
  patient: [],
};

describe("GET /api/categories/", () => {
  it.each(DEMO_ROLES)("lists to %s exactly the rows in its scope, each marked editable or not", async (role) => {
    const rows = await ownedRows();
    const response = await send(role, "GET", `/api/categories/?value=${rows.token}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const expected = OWNERS.filter((owner) => MAY_READ[role].includes(owner));
    expect(body.total).toBe(expected.length);
    expect(body.page).toBe(1);
    expect(body.data.map((row: { id: number }) => row.id).sort()).toEqual(expected.map((owner) => rows[owner].id).sort());
    for (const row of body.data as { id: number; editable: boolean }[]) {
      const owner = OWNERS.find((candidate) => rows[candidate].id === row.id) as Owner;
      expect(row.editable).toBe(MAY_CHANGE[role].includes(owner));
    }
  });

  it("shows patients no catalogue rows at all", async () => {
    await ownedRows();
    const response = await send("patient", "GET", "/api/categories/?rowsPerPage=100");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [], page: 1, total: 0 });
  });

  it("answers records of the documented shape", async () => {
    const row = await makeCategory(t.db, { clinicId: t.ids.clinic, createdBy: t.ids.clinic, description: `shape ${uniqueSuffix()}` });
    await makeRecommendation(t.db, { clinicId: t.ids.clinic, categoryId: row.id });
    const response = await send("clinic", "GET", `/api/categories/?name=description&value=${encodeURIComponent(row.description)}`);
    expect(response.json().data).toEqual([
      {
        id: row.id,
        name: row.name,
        description: row.description,
        nutrition: false,
        clinicId: t.ids.clinic,
        editable: true,
        recommendationCount: 1,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      },
    ]);
  });
});

describe("GET /api/category/:id", () => {
  it.each(DEMO_ROLES)("lets %s read the rows in its scope and refuses the others with 403", async (role) => {
    const rows = await ownedRows();
    for (const owner of OWNERS) {
      const response = await send(role, "GET", `/api/category/${rows[owner].id}`);
      const allowed = MAY_READ[role].includes(owner);
      expect({ owner, status: response.statusCode }).toEqual({ owner, status: allowed ? 200 : 403 });
      if (allowed) expect(response.json()).toMatchObject({ id: rows[owner].id, name: rows[owner].name, editable: MAY_CHANGE[role].includes(owner) });
    }
  });

  it.each(["admin", "clinic", "therapist", "patient"] as Demo[])("answers 404 to %s for a row that does not exist", async (role) => {
    const response = await send(role, "GET", "/api/category/2147483647");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "Not found." });
  });
});

describe("PUT /api/categories/ (create)", () => {
  it("files an admin's category under the platform", async () => {
    const response = await send("admin", "PUT", "/api/categories/", input());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ clinicId: null, editable: true, recommendationCount: 0 });
    expect(await categoryRow(body.id)).toMatchObject({ clinicId: null, createdBy: t.ids.admin });
  });

  it.each([
    ["clinic", "clinic"],
    ["therapist", "clinic"],
    ["otherClinic", "otherClinic"],
    ["otherTherapist", "otherClinic"],
  ] as [Who, "clinic" | "otherClinic"][])("files a category %s makes under its clinic", async (who, owner) => {
    const data = input();
    const response = await send(who, "PUT", "/api/categories/", data);
    expect(response.statusCode).toBe(201);
    const clinicId = owner === "clinic" ? t.ids.clinic : other.clinic.id;
    const creatorId = { clinic: t.ids.clinic, therapist: t.ids.therapist, otherClinic: other.clinic.id, otherTherapist: other.therapist.id }[
      who as "clinic" | "therapist" | "otherClinic" | "otherTherapist"
    ];
    const body = response.json();
    expect(body).toMatchObject({ ...data, clinicId, editable: true, recommendationCount: 0 });
    expect(await categoryRow(body.id)).toMatchObject({ ...data, clinicId, createdBy: creatorId });
  });

  it.each(["patient", "otherPatient"] as Who[])("refuses %s with 403 and writes nothing", async (who) => {
    const before = await categoryCount();
    const response = await send(who, "PUT", "/api/categories/", input());
    expect(response.statusCode).toBe(403);
    expect(await categoryCount()).toBe(before);
  });

  it("stores the name and description trimmed", async () => {
    const response = await send("clinic", "PUT", "/api/categories/", { name: "  Balance  ", description: "\n Daily drills \t" });
    expect(response.statusCode).toBe(201);
    expect(await categoryRow(response.json().id)).toMatchObject({ name: "Balance", description: "Daily drills" });
  });
});

describe("POST /api/category/:id (update)", () => {
  it.each(DEMO_ROLES)("lets %s change only the rows it owns (admins: all), and refused rows stay as they were", async (role) => {
    const rows = await ownedRows();
    for (const owner of OWNERS) {
      const before = await categoryRow(rows[owner].id);
      const data = input(`${role} ${owner}`);
      const response = await send(role, "POST", `/api/category/${rows[owner].id}`, data);
      const allowed = MAY_CHANGE[role].includes(owner);
      expect({ owner, status: response.statusCode }).toEqual({ owner, status: allowed ? 200 : 403 });
      if (allowed) {
        expect(response.json()).toMatchObject({ id: rows[owner].id, ...data, clinicId: before.clinicId, editable: true });
        // An update never moves a row to another owner, nor changes who made it.
        expect(await categoryRow(rows[owner].id)).toMatchObject({ ...data, clinicId: before.clinicId, createdBy: before.createdBy });
      } else {
        expect(await categoryRow(rows[owner].id)).toEqual(before);
      }
    }
  });

  it.each(["admin", "clinic", "therapist"] as Demo[])("answers 404 to %s for a row that does not exist, and writes nothing", async (role) => {
    const before = await categoryCount();
    const response = await send(role, "POST", "/api/category/2147483647", input());
    expect(response.statusCode).toBe(404);
    expect(await categoryCount()).toBe(before);
  });
});

describe("DELETE /api/category/:id", () => {
  it.each(DEMO_ROLES)("lets %s delete only the rows it owns (admins: all), and refused rows stay", async (role) => {
    const rows = await ownedRows();
    for (const owner of OWNERS) {
      const response = await send(role, "DELETE", `/api/category/${rows[owner].id}`);
      const allowed = MAY_CHANGE[role].includes(owner);
      expect({ owner, status: response.statusCode }).toEqual({ owner, status: allowed ? 204 : 403 });
      if (allowed) expect(response.body).toBe("");
      expect(await categoryRow(rows[owner].id)).toEqual(allowed ? undefined : rows[owner]);
    }
  });

  it.each(["admin", "clinic", "therapist"] as Demo[])("answers 404 to %s for a row that does not exist", async (role) => {
    const response = await send(role, "DELETE", "/api/category/2147483647");
    expect(response.statusCode).toBe(404);
  });

  it("leaves the category's recommendations in place, uncategorised", async () => {
    const category = await makeCategory(t.db, { clinicId: t.ids.clinic });
    const filed = await makeRecommendation(t.db, { clinicId: t.ids.clinic, categoryId: category.id });
    const elsewhere = await makeCategory(t.db, { clinicId: t.ids.clinic });
    const untouched = await makeRecommendation(t.db, { clinicId: t.ids.clinic, categoryId: elsewhere.id });

    expect((await send("clinic", "DELETE", `/api/category/${category.id}`)).statusCode).toBe(204);

    const [after] = await t.db.select().from(recommendations).where(eq(recommendations.id, filed.id));
    expect(after).toMatchObject({ id: filed.id, name: filed.name, categoryId: null });
    const read = await send("clinic", "GET", `/api/recommendation/${filed.id}`);
    expect(read.json()).toMatchObject({ categoryId: null, categoryName: null });
    expect((await t.db.select().from(recommendations).where(eq(recommendations.id, untouched.id)))[0].categoryId).toBe(elsewhere.id);
  });
});

describe("recommendationCount", () => {
  // A bare "id" inside the count's subquery would bind to the recommendation's own id and
  // count nothing useful: a category with some and one with none tell the two apart.
  /** Two categories of the demo clinic: one with `filed` recommendations under it, one with none. */
  async function countedPair(filed: number) {
    const token = uniqueSuffix();
    const full = await makeCategory(t.db, { clinicId: t.ids.clinic, name: `${token} full` });
    const empty = await makeCategory(t.db, { clinicId: t.ids.clinic, name: `${token} empty` });
    for (let i = 0; i < filed; i++) await makeRecommendation(t.db, { clinicId: t.ids.clinic, categoryId: full.id });
    await makeRecommendation(t.db, { clinicId: t.ids.clinic, categoryId: null });
    return { token, full, empty };
  }

  it("counts the recommendations filed under each category, in the list", async () => {
    const { token } = await countedPair(3);
    const list = (await send("clinic", "GET", `/api/categories/?value=${token}`)).json();
    expect(list.data.map((row: { name: string; recommendationCount: number }) => [row.name.slice(token.length + 1), row.recommendationCount])).toEqual([
      ["empty", 0],
      ["full", 3],
    ]);
  });

  it("counts the recommendations filed under a category, on reading one", async () => {
    const { full, empty } = await countedPair(2);
    const counts = [];
    for (const row of [full, empty]) counts.push((await send("therapist", "GET", `/api/category/${row.id}`)).json().recommendationCount);
    expect(counts).toEqual([2, 0]);
  });

  it("keeps the count in the answer to an update", async () => {
    const { full, empty } = await countedPair(2);
    const counts = [];
    for (const row of [full, empty]) {
      const response = await send("therapist", "POST", `/api/category/${row.id}`, input());
      expect(response.statusCode).toBe(200);
      counts.push(response.json().recommendationCount);
    }
    expect(counts).toEqual([2, 0]);
  });

  it("counts only the recommendations the caller can see under a platform category", async () => {
    const platform = await makeCategory(t.db, { clinicId: null, createdBy: t.ids.admin });
    await makeRecommendation(t.db, { clinicId: other.clinic.id, categoryId: platform.id });
    await makeRecommendation(t.db, { clinicId: other.clinic.id, categoryId: platform.id });
    await makeRecommendation(t.db, { clinicId: t.ids.clinic, categoryId: platform.id });
    const counts = [];
    for (const who of ["clinic", "otherClinic", "admin"] as Who[])
      counts.push((await send(who, "GET", `/api/category/${platform.id}`)).json().recommendationCount);
    expect(counts).toEqual([1, 2, 3]);
  });
});

describe("another clinic", () => {
  it("cannot read, change or delete this clinic's rows, and does not see them in its lists", async () => {
    const rows = await ownedRows();
    for (const who of ["otherClinic", "otherTherapist"] as Who[]) {
      expect((await send(who, "GET", `/api/category/${rows.own.id}`)).statusCode).toBe(403);
      expect((await send(who, "POST", `/api/category/${rows.own.id}`, input())).statusCode).toBe(403);
      expect((await send(who, "DELETE", `/api/category/${rows.own.id}`)).statusCode).toBe(403);
      const list = (await send(who, "GET", `/api/categories/?value=${rows.token}`)).json();
      expect(list.data.map((row: { id: number }) => row.id).sort()).toEqual([rows.platform.id, rows.foreign.id].sort());
      expect(list.total).toBe(2);
    }
    expect(await categoryRow(rows.own.id)).toEqual(rows.own);
  });

  it("refuses its patient any catalogue row (403) and lists none", async () => {
    const rows = await ownedRows();
    for (const owner of OWNERS) expect((await send("otherPatient", "GET", `/api/category/${rows[owner].id}`)).statusCode).toBe(403);
    expect((await send("otherPatient", "GET", `/api/categories/?value=${rows.token}`)).json()).toEqual({ data: [], page: 1, total: 0 });
  });

  it("sees the platform's rows as both clinics do: listed, read-only (403 to change or delete, editable false)", async () => {
    const rows = await ownedRows();
    for (const who of ["clinic", "therapist", "otherClinic", "otherTherapist"] as Who[]) {
      const list = (await send(who, "GET", `/api/categories/?value=${rows.token}`)).json();
      expect(list.data.find((row: { id: number }) => row.id === rows.platform.id)).toMatchObject({ clinicId: null, editable: false });
      expect((await send(who, "GET", `/api/category/${rows.platform.id}`)).json()).toMatchObject({ editable: false });
      expect((await send(who, "POST", `/api/category/${rows.platform.id}`, input())).statusCode).toBe(403);
      expect((await send(who, "DELETE", `/api/category/${rows.platform.id}`)).statusCode).toBe(403);
    }
    expect(await categoryRow(rows.platform.id)).toEqual(rows.platform);

    const data = input("by the admin");
    const changed = await send("admin", "POST", `/api/category/${rows.platform.id}`, data);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ ...data, clinicId: null, editable: true });
    for (const who of ["clinic", "otherClinic"] as Who[]) {
      expect((await send(who, "GET", `/api/category/${rows.platform.id}`)).json()).toMatchObject({ ...data, editable: false });
    }
    expect((await send("admin", "DELETE", `/api/category/${rows.platform.id}`)).statusCode).toBe(204);
    expect((await send("otherClinic", "GET", `/api/category/${rows.platform.id}`)).statusCode).toBe(404);
  });
});

describe("signed out", () => {
  it("answers 401 on every endpoint and writes nothing", async () => {
    const row = await makeCategory(t.db, { clinicId: t.ids.clinic });
    const before = await categoryCount();
    const calls: [Method, string, unknown?][] = [
      ["GET", "/api/categories/"],
      ["PUT", "/api/categories/", input()],
      ["GET", `/api/category/${row.id}`],
      ["POST", `/api/category/${row.id}`, input()],
      ["DELETE", `/api/category/${row.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await send(null, method, url, payload);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 401 });
    }
    expect(await categoryCount()).toBe(before);
    expect(await categoryRow(row.id)).toEqual(row);
  });
});

describe("with the clinic module switched off", () => {
  it("answers 404 on every endpoint to everyone, and works again once it is back on", async () => {
    const row = await makeCategory(t.db, { clinicId: t.ids.clinic });
    const calls: [Method, string, unknown?][] = [
      ["GET", "/api/categories/"],
      ["PUT", "/api/categories/", input()],
      ["GET", `/api/category/${row.id}`],
      ["POST", `/api/category/${row.id}`, input()],
      ["DELETE", `/api/category/${row.id}`],
    ];
    const before = await categoryCount();
    expect((await send("admin", "PUT", "/api/flags/clinic", { enabled: false })).statusCode).toBe(200);
    try {
      for (const who of [...DEMO_ROLES, null]) {
        for (const [method, url, payload] of calls) {
          const response = await send(who, method, url, payload);
          expect({ who, method, url, status: response.statusCode }).toEqual({ who, method, url, status: 404 });
        }
      }
      expect(await categoryCount()).toBe(before);
      expect(await categoryRow(row.id)).toEqual(row);
    } finally {
      expect((await send("admin", "PUT", "/api/flags/clinic", { enabled: true })).statusCode).toBe(200);
    }
    expect((await send("clinic", "GET", `/api/category/${row.id}`)).statusCode).toBe(200);
    expect((await send("clinic", "GET", "/api/categories/")).statusCode).toBe(200);
  });
});

describe("validation", () => {
  const at = (length: number) => "x".repeat(length);

  it("accepts a name of 60 characters and a description of 600, on create and on update", async () => {
    const data = { name: at(60), description: at(600) };
    const created = await send("clinic", "PUT", "/api/categories/", data);
    expect(created.statusCode).toBe(201);
    expect(await categoryRow(created.json().id)).toMatchObject(data);
    const row = await makeCategory(t.db, { clinicId: t.ids.clinic });
    const updated = await send("clinic", "POST", `/api/category/${row.id}`, data);
    expect(updated.statusCode).toBe(200);
    expect(await categoryRow(row.id)).toMatchObject(data);
  });

  const badBodies: [string, unknown, string][] = [
    ["a name of 61 characters", { name: at(61), description: "ok" }, "name"],
    ["a description of 601 characters", { name: "ok", description: at(601) }, "description"],
    ["a missing name", { description: "ok" }, "name"],
    ["a missing description", { name: "ok" }, "description"],
    ["an empty name", { name: "", description: "ok" }, "name"],
    ["a blank name", { name: "   ", description: "ok" }, "name"],
    ["a blank description", { name: "ok", description: " \n " }, "description"],
    ["a numeric name", { name: 42, description: "ok" }, "name"],
    ["a null description", { name: "ok", description: null }, "description"],
    ["an array as the name", { name: ["a"], description: "ok" }, "name"],
    ["an unknown field", { name: "ok", description: "ok", clinicId: "someone" }, "clinicId"],
  ];

  it.each(badBodies)("refuses %s on create with 400 naming the field, and writes nothing", async (_label, payload, field) => {
    const before = await categoryCount();
    const response = await send("clinic", "PUT", "/api/categories/", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
    expect(await categoryCount()).toBe(before);
  });

  it.each(badBodies)("refuses %s on update with 400 naming the field, and changes nothing", async (_label, payload, field) => {
    const row = await makeCategory(t.db, { clinicId: t.ids.clinic });
    const response = await send("clinic", "POST", `/api/category/${row.id}`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
    expect(await categoryRow(row.id)).toEqual(row);
  });

  it("refuses a NUL character in the name with 400", async () => {
    const before = await categoryCount();
    const response = await send("clinic", "PUT", "/api/categories/", { name: "a\u0000b", description: "ok" });
    expect(await categoryCount()).toBe(before);
    expect(response.statusCode).toBe(400);
  });

  it("refuses a NUL character in the search text with 400", async () => {
    const response = await send("clinic", "GET", "/api/categories/?value=a%00b");
    expect(response.statusCode).toBe(400);
  });

  it("reports every bad field at once", async () => {
    const response = await send("clinic", "PUT", "/api/categories/", { name: at(61), description: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ name: [expect.any(String)], description: [expect.any(String)] });
  });

  it.each([
    ["malformed JSON", '{"name": "x", "description": ', { "content-type": "application/json" }],
    ["a JSON array", "[]", { "content-type": "application/json" }],
    ["a JSON string", '"name"', { "content-type": "application/json" }],
    ["no body at all", undefined, {}],
  ] as [string, string | undefined, Record<string, string>][])("refuses %s with 400 and writes nothing", async (_label, payload, headers) => {
    const row = await makeCategory(t.db, { clinicId: t.ids.clinic });
    const before = await categoryCount();
    const created = await send("clinic", "PUT", "/api/categories/", payload, headers);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(expect.any(Object));
    const updated = await send("clinic", "POST", `/api/category/${row.id}`, payload, headers);
    expect(updated.statusCode).toBe(400);
    expect(await categoryCount()).toBe(before);
    expect(await categoryRow(row.id)).toEqual(row);
  });

  it.each(["abc", "0", "-1", "1.5", "2147483648", "99999999999999999999"])("refuses the id %s with 400 on every single-row endpoint", async (id) => {
    const before = await categoryCount();
    for (const method of ["GET", "POST", "DELETE"] as Method[]) {
      const response = await send("clinic", method, `/api/category/${id}`, method === "POST" ? input() : undefined);
      expect({ method, status: response.statusCode }).toEqual({ method, status: 400 });
      expect(response.json().id).toEqual(expect.arrayContaining([expect.any(String)]));
    }
    expect(await categoryCount()).toBe(before);
  });

  it.each([
    ["page=0", "page"],
    ["page=abc", "page"],
    ["rowsPerPage=0", "rowsPerPage"],
    ["rowsPerPage=101", "rowsPerPage"],
    ["name=title&value=x", "name"],
    [`value=${"x".repeat(101)}`, "value"],
  ])("refuses the list query %s with 400 naming the parameter", async (query, field) => {
    const response = await send("clinic", "GET", `/api/categories/?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
  });
});

describe("paging, search and order", () => {
  it("pages through a search's rows in name order, with the total of all pages", async () => {
    const token = uniqueSuffix();
    for (const letter of ["c", "a", "e", "b", "d"]) await makeCategory(t.db, { name: `${token} ${letter}`, clinicId: t.ids.clinic });
    const page = async (n: number) => (await send("therapist", "GET", `/api/categories/?name=name&value=${token}&rowsPerPage=2&page=${n}`)).json();
    const names = (body: { data: { name: string }[] }) => body.data.map((row) => row.name.slice(token.length + 1));
    const [one, two, three, four] = [await page(1), await page(2), await page(3), await page(4)];
    expect([names(one), one.page, one.total]).toEqual([["a", "b"], 1, 5]);
    expect([names(two), two.page, two.total]).toEqual([["c", "d"], 2, 5]);
    expect([names(three), three.page, three.total]).toEqual([["e"], 3, 5]);
    expect([names(four), four.page, four.total]).toEqual([[], 4, 5]);
  });

  it("orders by name, then by id for equal names, whoever owns the row", async () => {
    const token = uniqueSuffix();
    const b = await makeCategory(t.db, { name: `${token} beta`, clinicId: t.ids.clinic });
    const a2 = await makeCategory(t.db, { name: `${token} alpha`, clinicId: null });
    const a1 = await makeCategory(t.db, { name: `${token} alpha`, clinicId: t.ids.clinic });
    const c = await makeCategory(t.db, { name: `${token} gamma`, clinicId: null });
    const body = (await send("clinic", "GET", `/api/categories/?value=${token}`)).json();
    expect(body.data.map((row: { id: number }) => row.id)).toEqual([a2.id, a1.id, b.id, c.id]);
  });

  it("searches names by default and descriptions with name=description, case-insensitively", async () => {
    const token = uniqueSuffix();
    const byName = await makeCategory(t.db, { name: `Vertigo ${token}`, description: "Plain", clinicId: t.ids.clinic });
    const byDescription = await makeCategory(t.db, { name: "Plain", description: `For VERTIGO ${token} cases`, clinicId: t.ids.clinic });
    const ids = async (query: string) => (await send("clinic", "GET", `/api/categories/?${query}`)).json().data.map((row: { id: number }) => row.id);
    expect(await ids(`value=vertigo%20${token}`)).toEqual([byName.id]);
    expect(await ids(`name=name&value=VERTIGO%20${token.toUpperCase()}`)).toEqual([byName.id]);
    expect(await ids(`name=description&value=vertigo%20${token}`)).toEqual([byDescription.id]);
  });

  it("lists everything in scope when the search text is empty or blank", async () => {
    const all = (await send("clinic", "GET", "/api/categories/?rowsPerPage=1")).json().total;
    expect(all).toBeGreaterThan(0);
    expect((await send("clinic", "GET", "/api/categories/?rowsPerPage=1&value=")).json().total).toBe(all);
    expect((await send("clinic", "GET", "/api/categories/?rowsPerPage=1&value=%20%20")).json().total).toBe(all);
  });

  it("matches %, _ and \\ in the search text literally", async () => {
    const token = uniqueSuffix();
    const make = (name: string) => makeCategory(t.db, { name: `${name} ${token}`, clinicId: t.ids.clinic });
    const percent = await make("50% off");
    await make("50 off");
    await make("500 off");
    const underscore = await make("a_b");
    await make("axb");
    const backslash = await make("c\\d");
    await make("cd");
    const ids = async (text: string) =>
      (await send("clinic", "GET", `/api/categories/?value=${encodeURIComponent(`${text} ${token}`)}`)).json().data.map((row: { id: number }) => row.id);
    expect(await ids("% off")).toEqual([percent.id]);
    expect(await ids("0% off")).toEqual([percent.id]);
    expect(await ids("_b")).toEqual([underscore.id]);
    expect(await ids("a_b")).toEqual([underscore.id]);
    expect(await ids("\\d")).toEqual([backslash.id]);
  });
});

describe("rich-text descriptions", () => {
  richTextDescriptionTests({
    create: (description) => send("clinic", "PUT", "/api/categories/", { name: `Rich ${uniqueSuffix()}`, description }),
    update: (id, description) => send("clinic", "POST", `/api/category/${id}`, { name: `Rich ${uniqueSuffix()}`, description }),
    read: (id) => send("therapist", "GET", `/api/category/${id}`),
    makeRow: () => makeCategory(t.db, { clinicId: t.ids.clinic }),
    row: categoryRow,
    count: categoryCount,
  });
});
