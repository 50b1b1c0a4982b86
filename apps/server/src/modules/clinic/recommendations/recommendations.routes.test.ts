import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse as InjectResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { uniqueSuffix } from "../../../../test/databases.ts";
import { type MadeClinic, makeCategory, makeClinic, makeRecommendation } from "../../../../test/factories.ts";
import { richTextDescriptionTests } from "../../../../test/rich-text.ts";
import { categories } from "../categories/categories.table.ts";
import { recommendations } from "./recommendations.table.ts";

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

const recommendationCount = async () => (await t.db.select({ n: count() }).from(recommendations))[0].n;
const recommendationRow = async (id: number) => (await t.db.select().from(recommendations).where(eq(recommendations.id, id)))[0];
const input = (label = uniqueSuffix(), categoryId: number | null = null) => ({ name: `Recommendation ${label}`, description: `About ${label}`, categoryId });
const idsOf = (response: InjectResponse) => response.json().data.map((row: { id: number }) => row.id);

/** A platform row (made by the admin), one of the demo clinic (made by its therapist) and one of the other clinic. */
async function ownedRows(token = uniqueSuffix()) {
  const platform = await makeRecommendation(t.db, { name: `${token} platform`, clinicId: null, createdBy: t.ids.admin });
  const own = await makeRecommendation(t.db, { name: `${token} own`, clinicId: t.ids.clinic, createdBy: t.ids.therapist });
  const foreign = await makeRecommendation(t.db, { name: `${token} foreign`, clinicId: other.clinic.id, createdBy: other.therapist.id });
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

/** A category of each owner, to file recommendations under. */
async function ownedCategories() {
  const platform = await makeCategory(t.db, { clinicId: null, createdBy: t.ids.admin });
  const own = await makeCategory(t.db, { clinicId: t.ids.clinic, createdBy: t.ids.clinic });
  const foreign = await makeCategory(t.db, { clinicId: other.clinic.id, createdBy: other.clinic.id });
  return { platform, own, foreign };
}

describe("GET /api/recommendations/", () => {
  it.each(DEMO_ROLES)("lists to %s exactly the rows in its scope, each marked editable or not", async (role) => {
    const rows = await ownedRows();
    const response = await send(role, "GET", `/api/recommendations/?value=${rows.token}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const expected = OWNERS.filter((owner) => MAY_READ[role].includes(owner));
    expect(body.total).toBe(expected.length);
    expect(body.page).toBe(1);
    expect(idsOf(response).sort()).toEqual(expected.map((owner) => rows[owner].id).sort());
    for (const row of body.data as { id: number; editable: boolean }[]) {
      const owner = OWNERS.find((candidate) => rows[candidate].id === row.id) as Owner;
      expect(row.editable).toBe(MAY_CHANGE[role].includes(owner));
    }
  });

  it("shows patients no catalogue rows at all", async () => {
    await ownedRows();
    const response = await send("patient", "GET", "/api/recommendations/?rowsPerPage=100");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [], page: 1, total: 0 });
  });

  it("answers records of the documented shape, with the category's name", async () => {
    const category = await makeCategory(t.db, { clinicId: null, name: `Shape ${uniqueSuffix()}` });
    const row = await makeRecommendation(t.db, { clinicId: t.ids.clinic, createdBy: t.ids.clinic, categoryId: category.id });
    const response = await send("clinic", "GET", `/api/recommendations/?value=${encodeURIComponent(row.name)}`);
    expect(response.json().data).toEqual([
      {
        id: row.id,
        name: row.name,
        description: row.description,
        categoryId: category.id,
        categoryName: category.name,
        clinicId: t.ids.clinic,
        editable: true,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      },
    ]);
  });
});

describe("GET /api/recommendation/:id", () => {
  it.each(DEMO_ROLES)("lets %s read the rows in its scope and refuses the others with 403", async (role) => {
    const rows = await ownedRows();
    for (const owner of OWNERS) {
      const response = await send(role, "GET", `/api/recommendation/${rows[owner].id}`);
      const allowed = MAY_READ[role].includes(owner);
      expect({ owner, status: response.statusCode }).toEqual({ owner, status: allowed ? 200 : 403 });
      if (allowed) expect(response.json()).toMatchObject({ id: rows[owner].id, name: rows[owner].name, editable: MAY_CHANGE[role].includes(owner) });
    }
  });

  it.each(DEMO_ROLES)("answers 404 to %s for a row that does not exist", async (role) => {
    const response = await send(role, "GET", "/api/recommendation/2147483647");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "Not found." });
  });
});

describe("POST /api/recommendations/ (create)", () => {
  it("files an admin's recommendation under the platform", async () => {
    const response = await send("admin", "POST", "/api/recommendations/", input());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ clinicId: null, editable: true, categoryId: null, categoryName: null });
    expect(await recommendationRow(body.id)).toMatchObject({ clinicId: null, createdBy: t.ids.admin });
  });

  it.each([
    ["clinic", "clinic"],
    ["therapist", "clinic"],
    ["otherClinic", "otherClinic"],
    ["otherTherapist", "otherClinic"],
  ] as [Who, "clinic" | "otherClinic"][])("files a recommendation %s makes under its clinic", async (who, owner) => {
    const data = input();
    const response = await send(who, "POST", "/api/recommendations/", data);
    expect(response.statusCode).toBe(201);
    const clinicId = owner === "clinic" ? t.ids.clinic : other.clinic.id;
    const creatorId = { clinic: t.ids.clinic, therapist: t.ids.therapist, otherClinic: other.clinic.id, otherTherapist: other.therapist.id }[
      who as "clinic" | "therapist" | "otherClinic" | "otherTherapist"
    ];
    const body = response.json();
    expect(body).toMatchObject({ ...data, clinicId, editable: true, categoryName: null });
    expect(await recommendationRow(body.id)).toMatchObject({ ...data, clinicId, createdBy: creatorId });
  });

  it.each(["patient", "otherPatient"] as Who[])("refuses %s with 403 and writes nothing", async (who) => {
    const before = await recommendationCount();
    const response = await send(who, "POST", "/api/recommendations/", input());
    expect(response.statusCode).toBe(403);
    expect(await recommendationCount()).toBe(before);
  });

  it("files it under no category when categoryId is left out", async () => {
    const { categoryId: _none, ...data } = input();
    const response = await send("clinic", "POST", "/api/recommendations/", data);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ categoryId: null, categoryName: null });
    expect((await recommendationRow(response.json().id)).categoryId).toBeNull();
  });

  it("stores the name and description trimmed", async () => {
    const response = await send("therapist", "POST", "/api/recommendations/", { name: "  Walk daily  ", description: "\n Ten minutes \t" });
    expect(response.statusCode).toBe(201);
    expect(await recommendationRow(response.json().id)).toMatchObject({ name: "Walk daily", description: "Ten minutes" });
  });
});

describe("filing under a category", () => {
  it.each(["clinic", "therapist"] as Who[])("lets %s file under the platform's categories and its own clinic's", async (who) => {
    const cats = await ownedCategories();
    for (const category of [cats.platform, cats.own]) {
      const response = await send(who, "POST", "/api/recommendations/", input(undefined, category.id));
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ categoryId: category.id, categoryName: category.name });
      expect((await recommendationRow(response.json().id)).categoryId).toBe(category.id);
    }
  });

  it.each(["clinic", "therapist", "otherClinic"] as Who[])(
    "refuses %s a category of another clinic, or one that does not exist, with 400 {categoryId}, writing nothing",
    async (who) => {
      const cats = await ownedCategories();
      const foreignId = who === "otherClinic" ? cats.own.id : cats.foreign.id;
      for (const categoryId of [foreignId, 2147483647]) {
        const before = await recommendationCount();
        const response = await send(who, "POST", "/api/recommendations/", input(undefined, categoryId));
        expect({ categoryId, status: response.statusCode }).toEqual({ categoryId, status: 400 });
        expect(response.json()).toEqual({ categoryId: [expect.any(String)] });
        expect(await recommendationCount()).toBe(before);
      }
    },
  );

  it("refuses to move a recommendation under another clinic's category, and changes nothing", async () => {
    const cats = await ownedCategories();
    const row = await makeRecommendation(t.db, { clinicId: t.ids.clinic, categoryId: cats.own.id });
    const response = await send("clinic", "PUT", `/api/recommendation/${row.id}`, input(undefined, cats.foreign.id));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ categoryId: [expect.any(String)] });
    expect(await recommendationRow(row.id)).toEqual(row);
  });

  it("moves a recommendation between categories, and out of any", async () => {
    const cats = await ownedCategories();
    const row = await makeRecommendation(t.db, { clinicId: t.ids.clinic, categoryId: cats.own.id });
    const moved = await send("therapist", "PUT", `/api/recommendation/${row.id}`, input("moved", cats.platform.id));
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ categoryId: cats.platform.id, categoryName: cats.platform.name });
    const { categoryId: _none, ...withoutCategory } = input("out");
    const out = await send("therapist", "PUT", `/api/recommendation/${row.id}`, withoutCategory);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ categoryId: null, categoryName: null });
    expect((await recommendationRow(row.id)).categoryId).toBeNull();
  });

  it("lets an admin file under any category", async () => {
    const cats = await ownedCategories();
    const row = await makeRecommendation(t.db, { clinicId: t.ids.clinic });
    const response = await send("admin", "PUT", `/api/recommendation/${row.id}`, input(undefined, cats.own.id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ clinicId: t.ids.clinic, categoryId: cats.own.id });
  });

  it("refuses to file a platform recommendation under one clinic's category", async () => {
    const cats = await ownedCategories();
    const response = await send("admin", "POST", "/api/recommendations/", input(undefined, cats.own.id));
    if (response.statusCode === 201) {
      const seen = await send("otherClinic", "GET", `/api/recommendation/${response.json().id}`);
      expect(seen.json().categoryName).not.toBe(cats.own.name);
    }
    expect(response.statusCode).toBe(400);
  });

  it("leaves a deleted category's recommendations in place, uncategorised", async () => {
    const cats = await ownedCategories();
    const filed = await makeRecommendation(t.db, { clinicId: t.ids.clinic, categoryId: cats.own.id });
    const alsoFiled = await makeRecommendation(t.db, { clinicId: null, categoryId: cats.own.id });
    const elsewhere = await makeRecommendation(t.db, { clinicId: t.ids.clinic, categoryId: cats.platform.id });
    const before = await recommendationCount();

    expect((await send("clinic", "DELETE", `/api/category/${cats.own.id}`)).statusCode).toBe(204);

    expect(await recommendationCount()).toBe(before);
    for (const row of [filed, alsoFiled]) {
      expect(await recommendationRow(row.id)).toMatchObject({ name: row.name, clinicId: row.clinicId, categoryId: null });
      expect((await send("clinic", "GET", `/api/recommendation/${row.id}`)).json()).toMatchObject({ categoryId: null, categoryName: null });
    }
    expect((await recommendationRow(elsewhere.id)).categoryId).toBe(cats.platform.id);
    expect((await send("clinic", "GET", `/api/recommendations/?category=${cats.own.id}`)).json()).toEqual({ data: [], page: 1, total: 0 });
  });
});

describe("PUT /api/recommendation/:id (update)", () => {
  it.each(DEMO_ROLES)("lets %s change only the rows it owns (admins: all), and refused rows stay as they were", async (role) => {
    const rows = await ownedRows();
    for (const owner of OWNERS) {
      const before = await recommendationRow(rows[owner].id);
      const data = input(`${role} ${owner}`);
      const response = await send(role, "PUT", `/api/recommendation/${rows[owner].id}`, data);
      const allowed = MAY_CHANGE[role].includes(owner);
      expect({ owner, status: response.statusCode }).toEqual({ owner, status: allowed ? 200 : 403 });
      if (allowed) {
        expect(response.json()).toMatchObject({ id: rows[owner].id, ...data, clinicId: before.clinicId, editable: true });
        // An update never moves a row to another owner, nor changes who made it.
        expect(await recommendationRow(rows[owner].id)).toMatchObject({ ...data, clinicId: before.clinicId, createdBy: before.createdBy });
      } else {
        expect(await recommendationRow(rows[owner].id)).toEqual(before);
      }
    }
  });

  it.each(["admin", "clinic", "therapist"] as Demo[])("answers 404 to %s for a row that does not exist, and writes nothing", async (role) => {
    const before = await recommendationCount();
    const response = await send(role, "PUT", "/api/recommendation/2147483647", input());
    expect(response.statusCode).toBe(404);
    expect(await recommendationCount()).toBe(before);
  });
});

describe("DELETE /api/recommendation/:id", () => {
  it.each(DEMO_ROLES)("lets %s delete only the rows it owns (admins: all), and refused rows stay", async (role) => {
    const rows = await ownedRows();
    for (const owner of OWNERS) {
      const response = await send(role, "DELETE", `/api/recommendation/${rows[owner].id}`);
      const allowed = MAY_CHANGE[role].includes(owner);
      expect({ owner, status: response.statusCode }).toEqual({ owner, status: allowed ? 204 : 403 });
      if (allowed) expect(response.body).toBe("");
      expect(await recommendationRow(rows[owner].id)).toEqual(allowed ? undefined : rows[owner]);
    }
  });

  it.each(["admin", "clinic", "therapist"] as Demo[])("answers 404 to %s for a row that does not exist", async (role) => {
    const response = await send(role, "DELETE", "/api/recommendation/2147483647");
    expect(response.statusCode).toBe(404);
  });

  it("leaves the category it was filed under in place", async () => {
    const category = await makeCategory(t.db, { clinicId: t.ids.clinic });
    const row = await makeRecommendation(t.db, { clinicId: t.ids.clinic, categoryId: category.id });
    expect((await send("clinic", "DELETE", `/api/recommendation/${row.id}`)).statusCode).toBe(204);
    expect((await t.db.select().from(categories).where(eq(categories.id, category.id)))[0]).toEqual(category);
  });
});

describe("another clinic", () => {
  it("cannot read, change or delete this clinic's rows, and does not see them in its lists", async () => {
    const rows = await ownedRows();
    for (const who of ["otherClinic", "otherTherapist"] as Who[]) {
      expect((await send(who, "GET", `/api/recommendation/${rows.own.id}`)).statusCode).toBe(403);
      expect((await send(who, "PUT", `/api/recommendation/${rows.own.id}`, input())).statusCode).toBe(403);
      expect((await send(who, "DELETE", `/api/recommendation/${rows.own.id}`)).statusCode).toBe(403);
      const list = await send(who, "GET", `/api/recommendations/?value=${rows.token}`);
      expect(idsOf(list).sort()).toEqual([rows.platform.id, rows.foreign.id].sort());
      expect(list.json().total).toBe(2);
    }
    expect(await recommendationRow(rows.own.id)).toEqual(rows.own);
  });

  it("finds none of this clinic's rows by filtering on this clinic's category", async () => {
    const category = await makeCategory(t.db, { clinicId: t.ids.clinic });
    const row = await makeRecommendation(t.db, { clinicId: t.ids.clinic, categoryId: category.id });
    expect(idsOf(await send("clinic", "GET", `/api/recommendations/?category=${category.id}`))).toEqual([row.id]);
    expect((await send("otherClinic", "GET", `/api/recommendations/?category=${category.id}`)).json()).toEqual({ data: [], page: 1, total: 0 });
  });

  it("refuses its patient any catalogue row (403) and lists none", async () => {
    const rows = await ownedRows();
    for (const owner of OWNERS) expect((await send("otherPatient", "GET", `/api/recommendation/${rows[owner].id}`)).statusCode).toBe(403);
    expect((await send("otherPatient", "GET", `/api/recommendations/?value=${rows.token}`)).json()).toEqual({ data: [], page: 1, total: 0 });
  });

  it("sees the platform's rows as both clinics do: listed, read-only (403 to change or delete, editable false)", async () => {
    const rows = await ownedRows();
    for (const who of ["clinic", "therapist", "otherClinic", "otherTherapist"] as Who[]) {
      const list = (await send(who, "GET", `/api/recommendations/?value=${rows.token}`)).json();
      expect(list.data.find((row: { id: number }) => row.id === rows.platform.id)).toMatchObject({ clinicId: null, editable: false });
      expect((await send(who, "GET", `/api/recommendation/${rows.platform.id}`)).json()).toMatchObject({ editable: false });
      expect((await send(who, "PUT", `/api/recommendation/${rows.platform.id}`, input())).statusCode).toBe(403);
      expect((await send(who, "DELETE", `/api/recommendation/${rows.platform.id}`)).statusCode).toBe(403);
    }
    expect(await recommendationRow(rows.platform.id)).toEqual(rows.platform);

    const { categoryId: _none, ...data } = input("by the admin");
    const changed = await send("admin", "PUT", `/api/recommendation/${rows.platform.id}`, data);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ ...data, clinicId: null, editable: true });
    for (const who of ["clinic", "otherClinic"] as Who[]) {
      expect((await send(who, "GET", `/api/recommendation/${rows.platform.id}`)).json()).toMatchObject({ ...data, editable: false });
    }
    expect((await send("admin", "DELETE", `/api/recommendation/${rows.platform.id}`)).statusCode).toBe(204);
    expect((await send("otherClinic", "GET", `/api/recommendation/${rows.platform.id}`)).statusCode).toBe(404);
  });
});

describe("signed out", () => {
  it("answers 401 on every endpoint and writes nothing", async () => {
    const row = await makeRecommendation(t.db, { clinicId: t.ids.clinic });
    const before = await recommendationCount();
    const calls: [Method, string, unknown?][] = [
      ["GET", "/api/recommendations/"],
      ["POST", "/api/recommendations/", input()],
      ["GET", `/api/recommendation/${row.id}`],
      ["PUT", `/api/recommendation/${row.id}`, input()],
      ["DELETE", `/api/recommendation/${row.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await send(null, method, url, payload);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 401 });
    }
    expect(await recommendationCount()).toBe(before);
    expect(await recommendationRow(row.id)).toEqual(row);
  });
});

describe("with the clinic module switched off", () => {
  it("answers 404 on every endpoint to everyone, and works again once it is back on", async () => {
    const row = await makeRecommendation(t.db, { clinicId: t.ids.clinic });
    const calls: [Method, string, unknown?][] = [
      ["GET", "/api/recommendations/"],
      ["POST", "/api/recommendations/", input()],
      ["GET", `/api/recommendation/${row.id}`],
      ["PUT", `/api/recommendation/${row.id}`, input()],
      ["DELETE", `/api/recommendation/${row.id}`],
    ];
    const before = await recommendationCount();
    expect((await send("admin", "PUT", "/api/flags/clinic", { enabled: false })).statusCode).toBe(200);
    try {
      for (const who of [...DEMO_ROLES, null]) {
        for (const [method, url, payload] of calls) {
          const response = await send(who, method, url, payload);
          expect({ who, method, url, status: response.statusCode }).toEqual({ who, method, url, status: 404 });
        }
      }
      expect(await recommendationCount()).toBe(before);
      expect(await recommendationRow(row.id)).toEqual(row);
    } finally {
      expect((await send("admin", "PUT", "/api/flags/clinic", { enabled: true })).statusCode).toBe(200);
    }
    expect((await send("clinic", "GET", `/api/recommendation/${row.id}`)).statusCode).toBe(200);
    expect((await send("clinic", "GET", "/api/recommendations/")).statusCode).toBe(200);
  });
});

describe("validation", () => {
  const at = (length: number) => "x".repeat(length);

  it("accepts a name of 60 characters and a description of 600, on create and on update", async () => {
    const data = { name: at(60), description: at(600) };
    const created = await send("clinic", "POST", "/api/recommendations/", data);
    expect(created.statusCode).toBe(201);
    expect(await recommendationRow(created.json().id)).toMatchObject(data);
    const row = await makeRecommendation(t.db, { clinicId: t.ids.clinic });
    const updated = await send("clinic", "PUT", `/api/recommendation/${row.id}`, data);
    expect(updated.statusCode).toBe(200);
    expect(await recommendationRow(row.id)).toMatchObject(data);
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
    ["a category id as text", { name: "ok", description: "ok", categoryId: "1" }, "categoryId"],
    ["a category id of 0", { name: "ok", description: "ok", categoryId: 0 }, "categoryId"],
    ["a negative category id", { name: "ok", description: "ok", categoryId: -1 }, "categoryId"],
    ["a fractional category id", { name: "ok", description: "ok", categoryId: 1.5 }, "categoryId"],
    ["a boolean category id", { name: "ok", description: "ok", categoryId: true }, "categoryId"],
    ["an unknown field", { name: "ok", description: "ok", clinicId: "someone" }, "clinicId"],
  ];

  it.each(badBodies)("refuses %s on create with 400 naming the field, and writes nothing", async (_label, payload, field) => {
    const before = await recommendationCount();
    const response = await send("clinic", "POST", "/api/recommendations/", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
    expect(await recommendationCount()).toBe(before);
  });

  it.each(badBodies)("refuses %s on update with 400 naming the field, and changes nothing", async (_label, payload, field) => {
    const row = await makeRecommendation(t.db, { clinicId: t.ids.clinic });
    const response = await send("clinic", "PUT", `/api/recommendation/${row.id}`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
    expect(await recommendationRow(row.id)).toEqual(row);
  });

  it("reports every bad field at once", async () => {
    const response = await send("clinic", "POST", "/api/recommendations/", { name: at(61), description: "", categoryId: "x" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ name: [expect.any(String)], description: [expect.any(String)], categoryId: [expect.any(String)] });
  });

  it.each([
    ["malformed JSON", '{"name": "x", "description": ', { "content-type": "application/json" }],
    ["a JSON array", "[]", { "content-type": "application/json" }],
    ["a JSON string", '"name"', { "content-type": "application/json" }],
    ["no body at all", undefined, {}],
  ] as [string, string | undefined, Record<string, string>][])("refuses %s with 400 and writes nothing", async (_label, payload, headers) => {
    const row = await makeRecommendation(t.db, { clinicId: t.ids.clinic });
    const before = await recommendationCount();
    const created = await send("clinic", "POST", "/api/recommendations/", payload, headers);
    expect(created.statusCode).toBe(400);
    const updated = await send("clinic", "PUT", `/api/recommendation/${row.id}`, payload, headers);
    expect(updated.statusCode).toBe(400);
    expect(await recommendationCount()).toBe(before);
    expect(await recommendationRow(row.id)).toEqual(row);
  });

  it.each(["abc", "0", "-1", "1.5", "2147483648", "99999999999999999999"])("refuses the id %s with 400 on every single-row endpoint", async (id) => {
    const before = await recommendationCount();
    for (const method of ["GET", "PUT", "DELETE"] as Method[]) {
      const response = await send("clinic", method, `/api/recommendation/${id}`, method === "PUT" ? input() : undefined);
      expect({ method, status: response.statusCode }).toEqual({ method, status: 400 });
      expect(response.json().id).toEqual(expect.arrayContaining([expect.any(String)]));
    }
    expect(await recommendationCount()).toBe(before);
  });

  it.each([
    ["page=0", "page"],
    ["rowsPerPage=101", "rowsPerPage"],
    ["name=categoryName&value=x", "name"],
    [`value=${"x".repeat(101)}`, "value"],
    ["category=abc", "category"],
    ["category=0", "category"],
    ["category=-3", "category"],
  ])("refuses the list query %s with 400 naming the parameter", async (query, field) => {
    const response = await send("clinic", "GET", `/api/recommendations/?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
  });
});

describe("paging, filters and order", () => {
  it("pages through a search's rows in name order, with the total of all pages", async () => {
    const token = uniqueSuffix();
    for (const letter of ["c", "a", "e", "b", "d"]) await makeRecommendation(t.db, { name: `${token} ${letter}`, clinicId: t.ids.clinic });
    const page = async (n: number) => (await send("therapist", "GET", `/api/recommendations/?name=name&value=${token}&rowsPerPage=2&page=${n}`)).json();
    const names = (body: { data: { name: string }[] }) => body.data.map((row) => row.name.slice(token.length + 1));
    const [one, two, three, four] = [await page(1), await page(2), await page(3), await page(4)];
    expect([names(one), one.page, one.total]).toEqual([["a", "b"], 1, 5]);
    expect([names(two), two.page, two.total]).toEqual([["c", "d"], 2, 5]);
    expect([names(three), three.page, three.total]).toEqual([["e"], 3, 5]);
    expect([names(four), four.page, four.total]).toEqual([[], 4, 5]);
  });

  it("orders by name, then by id for equal names, whoever owns the row", async () => {
    const token = uniqueSuffix();
    const b = await makeRecommendation(t.db, { name: `${token} beta`, clinicId: t.ids.clinic });
    const a2 = await makeRecommendation(t.db, { name: `${token} alpha`, clinicId: null });
    const a1 = await makeRecommendation(t.db, { name: `${token} alpha`, clinicId: t.ids.clinic });
    const c = await makeRecommendation(t.db, { name: `${token} gamma`, clinicId: null });
    expect(idsOf(await send("clinic", "GET", `/api/recommendations/?value=${token}`))).toEqual([a2.id, a1.id, b.id, c.id]);
  });

  it("searches names by default and descriptions with name=description, case-insensitively", async () => {
    const token = uniqueSuffix();
    const byName = await makeRecommendation(t.db, { name: `Vertigo ${token}`, description: "Plain", clinicId: t.ids.clinic });
    const byDescription = await makeRecommendation(t.db, { name: "Plain", description: `For VERTIGO ${token} cases`, clinicId: t.ids.clinic });
    const ids = async (query: string) => idsOf(await send("clinic", "GET", `/api/recommendations/?${query}`));
    expect(await ids(`value=vertigo%20${token}`)).toEqual([byName.id]);
    expect(await ids(`name=name&value=VERTIGO%20${token.toUpperCase()}`)).toEqual([byName.id]);
    expect(await ids(`name=description&value=vertigo%20${token}`)).toEqual([byDescription.id]);
  });

  it("narrows to one category with category=, alone or with a search, and pages within it", async () => {
    const token = uniqueSuffix();
    const cats = await ownedCategories();
    const inOwn = [];
    for (const letter of ["b", "a", "c"])
      inOwn.push(await makeRecommendation(t.db, { name: `${token} ${letter}`, clinicId: t.ids.clinic, categoryId: cats.own.id }));
    const inPlatform = await makeRecommendation(t.db, { name: `${token} d`, clinicId: null, categoryId: cats.platform.id });
    await makeRecommendation(t.db, { name: `${token} e`, clinicId: t.ids.clinic, categoryId: null });

    const own = await send("therapist", "GET", `/api/recommendations/?category=${cats.own.id}`);
    expect(idsOf(own)).toEqual([inOwn[1].id, inOwn[0].id, inOwn[2].id]);
    expect(own.json().total).toBe(3);
    expect(idsOf(await send("therapist", "GET", `/api/recommendations/?category=${cats.platform.id}&value=${token}`))).toEqual([inPlatform.id]);
    expect(idsOf(await send("therapist", "GET", `/api/recommendations/?category=${cats.own.id}&value=${token}%20c`))).toEqual([inOwn[2].id]);
    const second = (await send("therapist", "GET", `/api/recommendations/?category=${cats.own.id}&rowsPerPage=2&page=2`)).json();
    expect([second.data.map((row: { id: number }) => row.id), second.total]).toEqual([[inOwn[2].id], 3]);
    expect((await send("therapist", "GET", "/api/recommendations/?category=2147483647")).json()).toEqual({ data: [], page: 1, total: 0 });
  });

  it("matches %, _ and \\ in the search text literally", async () => {
    const token = uniqueSuffix();
    const make = (name: string) => makeRecommendation(t.db, { name: `${name} ${token}`, clinicId: t.ids.clinic });
    const percent = await make("50% off");
    await make("50 off");
    await make("500 off");
    const underscore = await make("a_b");
    await make("axb");
    const backslash = await make("c\\d");
    await make("cd");
    const ids = async (text: string) => idsOf(await send("clinic", "GET", `/api/recommendations/?value=${encodeURIComponent(`${text} ${token}`)}`));
    expect(await ids("% off")).toEqual([percent.id]);
    expect(await ids("0% off")).toEqual([percent.id]);
    expect(await ids("_b")).toEqual([underscore.id]);
    expect(await ids("a_b")).toEqual([underscore.id]);
    expect(await ids("\\d")).toEqual([backslash.id]);
  });
});

describe("rich-text descriptions", () => {
  richTextDescriptionTests({
    create: (description) => send("therapist", "POST", "/api/recommendations/", { name: `Rich ${uniqueSuffix()}`, description }),
    update: (id, description) => send("therapist", "PUT", `/api/recommendation/${id}`, { name: `Rich ${uniqueSuffix()}`, description }),
    read: (id) => send("clinic", "GET", `/api/recommendation/${id}`),
    makeRow: () => makeRecommendation(t.db, { clinicId: t.ids.clinic }),
    row: recommendationRow,
    count: recommendationCount,
  });
});
