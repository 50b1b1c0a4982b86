import { CATALOGUE } from "@clinic/games";
import { FORBIDDEN_MARKUP_MESSAGE, GROUP } from "@clinic/shared";
import { asc, count, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse as InjectResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../../test/app.ts";
import { uniqueSuffix } from "../../../../test/databases.ts";
import { type MadeClinic, makeActivity, makeCategory, makeClinic, makeRecommendation, makeUser } from "../../../../test/factories.ts";
import { ATTACKS, boldParagraph, EDITOR_HTML, HARMLESS_EXTRA, ONLY_A_FOREIGN_IMAGE } from "../../../../test/rich-text.ts";
import { categories } from "../categories/categories.table.ts";
import { recommendations } from "../recommendations/recommendations.table.ts";
import { activities, activityCategories, activityRecommendations } from "./activities.table.ts";

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

/** Rows in the three tables an activity write touches: nothing may change after a refusal. */
async function rowCounts() {
  const [[a], [c], [r]] = await Promise.all([
    t.db.select({ n: count() }).from(activities),
    t.db.select({ n: count() }).from(activityCategories),
    t.db.select({ n: count() }).from(activityRecommendations),
  ]);
  return { activities: a.n, activityCategories: c.n, activityRecommendations: r.n };
}
const activityRow = async (id: number) => (await t.db.select().from(activities).where(eq(activities.id, id)))[0];
/** The ids an activity is linked to, as stored. */
async function linksOf(id: number) {
  const cats = await t.db
    .select({ id: activityCategories.categoryId })
    .from(activityCategories)
    .where(eq(activityCategories.activityId, id))
    .orderBy(asc(activityCategories.categoryId));
  const recos = await t.db
    .select({ id: activityRecommendations.recommendationId })
    .from(activityRecommendations)
    .where(eq(activityRecommendations.activityId, id))
    .orderBy(asc(activityRecommendations.recommendationId));
  return { categoryIds: cats.map((row) => row.id), recommendationIds: recos.map((row) => row.id) };
}
/** A valid text activity. */
const input = (label = uniqueSuffix(), extra: Record<string, unknown> = {}) => ({
  name: `Activity ${label}`,
  description: `About ${label}`,
  type: "text",
  body: `Read ${label} aloud.`,
  ...extra,
});
const idsOf = (response: InjectResponse) => response.json().data.map((row: { id: number }) => row.id);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** A platform row (made by the admin), one of the demo clinic (made by its therapist) and one of the other clinic. */
async function ownedRows(token = uniqueSuffix()) {
  const platform = await makeActivity(t.db, { name: `${token} platform`, clinicId: null, createdBy: t.ids.admin });
  const own = await makeActivity(t.db, { name: `${token} own`, clinicId: t.ids.clinic, createdBy: t.ids.therapist, type: "game" });
  const foreign = await makeActivity(t.db, { name: `${token} foreign`, clinicId: other.clinic.id, createdBy: other.therapist.id });
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

/** A category and a recommendation of each owner, to link activities to. */
async function ownedLinks() {
  const cat = {
    platform: await makeCategory(t.db, { clinicId: null, createdBy: t.ids.admin }),
    own: await makeCategory(t.db, { clinicId: t.ids.clinic, createdBy: t.ids.clinic }),
    foreign: await makeCategory(t.db, { clinicId: other.clinic.id, createdBy: other.clinic.id }),
  };
  const reco = {
    platform: await makeRecommendation(t.db, { clinicId: null, createdBy: t.ids.admin }),
    own: await makeRecommendation(t.db, { clinicId: t.ids.clinic, createdBy: t.ids.clinic }),
    foreign: await makeRecommendation(t.db, { clinicId: other.clinic.id, createdBy: other.clinic.id }),
  };
  return { cat, reco };
}

describe("GET /api/activities/", () => {
  it.each(DEMO_ROLES)("lists to %s exactly the rows in its scope, each marked editable or not", async (role) => {
    const rows = await ownedRows();
    const response = await send(role, "GET", `/api/activities/?value=${rows.token}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const expected = OWNERS.filter((owner) => MAY_READ[role].includes(owner));
    expect(body.total).toBe(expected.length);
    expect(body.page).toBe(1);
    expect(sorted(idsOf(response))).toEqual(sorted(expected.map((owner) => rows[owner].id)));
    for (const row of body.data as { id: number; editable: boolean }[]) {
      const owner = OWNERS.find((candidate) => rows[candidate].id === row.id) as Owner;
      expect(row.editable).toBe(MAY_CHANGE[role].includes(owner));
    }
  });

  it("keeps text and game activities of nutrition categories with nutrition=true (nutritionPlans), the rest with false", async () => {
    const token = uniqueSuffix();
    const food = await makeCategory(t.db, { clinicId: t.ids.clinic });
    const misc = await makeCategory(t.db, { clinicId: t.ids.clinic });
    await t.db.update(categories).set({ nutrition: true }).where(eq(categories.id, food.id));
    const menu = await makeActivity(t.db, { name: `Menu ${token}`, clinicId: t.ids.clinic, categoryIds: [food.id, misc.id] });
    const walk = await makeActivity(t.db, { name: `Walk ${token}`, clinicId: t.ids.clinic, categoryIds: [misc.id] });
    const loose = await makeActivity(t.db, { name: `Loose ${token}`, clinicId: t.ids.clinic });
    const list = async (query: string) => sorted(idsOf(await send("therapist", "GET", `/api/activities/?value=${token}&${query}`)));
    expect(await list("nutrition=true")).toEqual([menu.id]);
    expect(await list("nutrition=true&type=text")).toEqual([menu.id]);
    expect(await list("nutrition=true&type=game")).toEqual([]);
    expect(await list("nutrition=false")).toEqual(sorted([walk.id, loose.id]));
    expect((await send("therapist", "GET", "/api/activities/?nutrition=yes")).statusCode).toBe(400);
  });

  it("shows patients no catalogue rows at all", async () => {
    await ownedRows();
    for (const who of ["patient", "otherPatient"] as Who[]) {
      const response = await send(who, "GET", "/api/activities/?rowsPerPage=100");
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: [], page: 1, total: 0 });
    }
  });

  it("answers records of the documented shape, with their categories and recommendations in name order", async () => {
    const token = uniqueSuffix();
    const catB = await makeCategory(t.db, { name: `${token} b category`, clinicId: t.ids.clinic });
    const catA = await makeCategory(t.db, { name: `${token} a category`, clinicId: null });
    const recoB = await makeRecommendation(t.db, { name: `${token} b reco`, clinicId: null });
    const recoA = await makeRecommendation(t.db, { name: `${token} a reco`, clinicId: t.ids.clinic });
    const row = await makeActivity(t.db, {
      name: `Shape ${token}`,
      clinicId: t.ids.clinic,
      createdBy: t.ids.clinic,
      type: "game",
      gameBuildId: "reactor-choice-2",
      categoryIds: [catB.id, catA.id],
      recommendationIds: [recoB.id, recoA.id],
    });
    const response = await send("clinic", "GET", `/api/activities/?value=${encodeURIComponent(row.name)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      page: 1,
      total: 1,
      data: [
        {
          id: row.id,
          name: row.name,
          description: row.description,
          type: "game",
          categories: [
            { id: catA.id, name: catA.name },
            { id: catB.id, name: catB.name },
          ],
          recommendations: [
            { id: recoA.id, name: recoA.name },
            { id: recoB.id, name: recoB.name },
          ],
          fileId: null,
          videoUrl: null,
          file: null,
          gameBuildId: "reactor-choice-2",
          body: null,
          imageUploadId: null,
          imageUrl: null,
          clinicId: t.ids.clinic,
          editable: true,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        },
      ],
    });
  });

  it("answers empty link lists for an activity with no links", async () => {
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic });
    const response = await send("therapist", "GET", `/api/activities/?value=${encodeURIComponent(row.name)}`);
    expect(response.json().data).toEqual([expect.objectContaining({ id: row.id, categories: [], recommendations: [], type: "text", body: row.body })]);
  });
});

describe("GET /api/activity/:id", () => {
  it.each(DEMO_ROLES)("lets %s read the rows in its scope and refuses the others with 403", async (role) => {
    const rows = await ownedRows();
    for (const owner of OWNERS) {
      const response = await send(role, "GET", `/api/activity/${rows[owner].id}`);
      const allowed = MAY_READ[role].includes(owner);
      expect({ owner, status: response.statusCode }).toEqual({ owner, status: allowed ? 200 : 403 });
      if (allowed) expect(response.json()).toMatchObject({ id: rows[owner].id, name: rows[owner].name, editable: MAY_CHANGE[role].includes(owner) });
    }
  });

  it("answers the same record as the list does", async () => {
    const { cat, reco } = await ownedLinks();
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic, categoryIds: [cat.own.id], recommendationIds: [reco.platform.id] });
    const one = (await send("clinic", "GET", `/api/activity/${row.id}`)).json();
    const list = (await send("clinic", "GET", `/api/activities/?value=${encodeURIComponent(row.name)}`)).json();
    expect(list.data).toEqual([one]);
    expect(one).toMatchObject({
      categories: [{ id: cat.own.id, name: cat.own.name }],
      recommendations: [{ id: reco.platform.id, name: reco.platform.name }],
    });
  });

  it.each(DEMO_ROLES)("answers 404 to %s for a row that does not exist", async (role) => {
    const response = await send(role, "GET", "/api/activity/2147483647");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "Not found." });
  });
});

describe("POST /api/activities/ (create)", () => {
  it("files an admin's activity under the platform", async () => {
    const response = await send("admin", "POST", "/api/activities/", input());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ clinicId: null, editable: true, categories: [], recommendations: [] });
    expect(await activityRow(body.id)).toMatchObject({ clinicId: null, createdBy: t.ids.admin });
  });

  it.each([
    ["clinic", "clinic"],
    ["therapist", "clinic"],
    ["otherClinic", "otherClinic"],
    ["otherTherapist", "otherClinic"],
  ] as [Who, "clinic" | "otherClinic"][])("files an activity %s makes under its clinic", async (who, owner) => {
    const data = input();
    const response = await send(who, "POST", "/api/activities/", data);
    expect(response.statusCode).toBe(201);
    const clinicId = owner === "clinic" ? t.ids.clinic : other.clinic.id;
    const creatorId = { clinic: t.ids.clinic, therapist: t.ids.therapist, otherClinic: other.clinic.id, otherTherapist: other.therapist.id }[
      who as "clinic" | "therapist" | "otherClinic" | "otherTherapist"
    ];
    const body = response.json();
    expect(body).toMatchObject({ ...data, clinicId, editable: true, fileId: null, gameBuildId: null });
    expect(await activityRow(body.id)).toMatchObject({ ...data, clinicId, createdBy: creatorId });
    expect((await send(who, "GET", `/api/activity/${body.id}`)).json()).toEqual(body);
  });

  it.each(["patient", "otherPatient"] as Who[])("refuses %s with 403 and writes nothing", async (who) => {
    const { cat, reco } = await ownedLinks();
    const before = await rowCounts();
    const response = await send(who, "POST", "/api/activities/", input(undefined, { categoryIds: [cat.platform.id], recommendationIds: [reco.platform.id] }));
    expect(response.statusCode).toBe(403);
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a staff member who belongs to no clinic with 403, and writes nothing", async () => {
    const loner = await makeUser(t.db, { groups: [GROUP.therapist], clinicId: null });
    const cookie = await t.login(loner.email, loner.password);
    const before = await rowCounts();
    const response = await t.app.inject({ method: "POST", url: "/api/activities/", headers: { cookie, origin: TEST_PUBLIC_URL }, payload: input() });
    expect(response.statusCode).toBe(403);
    expect(await rowCounts()).toEqual(before);
    const list = await t.app.inject({ method: "GET", url: "/api/activities/", headers: { cookie } });
    expect(list.json()).toEqual({ data: [], page: 1, total: 0 });
  });

  it("stores a game with its build id, and nothing of the other types", async () => {
    const response = await send("clinic", "POST", "/api/activities/", {
      ...input(),
      type: "game",
      gameBuildId: "  reactor-simple  ",
      body: "ignored text",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ type: "game", gameBuildId: "reactor-simple", body: null, fileId: null });
    expect(await activityRow(response.json().id)).toMatchObject({ type: "game", gameBuildId: "reactor-simple", body: null, fileId: null });
  });

  it("stores a text with its body (rich text, trimmed), and nothing of the other types (gameBuildId null)", async () => {
    const body = "<h2>Line one</h2>\n<p>Line <strong>two</strong></p>";
    const response = await send("therapist", "POST", "/api/activities/", { ...input(), body: `  ${body}\n`, gameBuildId: "some-game" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ type: "text", body, gameBuildId: null, fileId: null });
    expect(await activityRow(response.json().id)).toMatchObject({ type: "text", body, gameBuildId: null, fileId: null });
  });

  it("stores the name and description trimmed", async () => {
    const response = await send("therapist", "POST", "/api/activities/", { ...input(), name: "  Reading  ", description: "\n Ten minutes \t" });
    expect(response.statusCode).toBe(201);
    expect(await activityRow(response.json().id)).toMatchObject({ name: "Reading", description: "Ten minutes" });
  });
});

describe("linking categories and recommendations", () => {
  it.each(["clinic", "therapist"] as Who[])("lets %s link the platform's entries and its own clinic's", async (who) => {
    const { cat, reco } = await ownedLinks();
    const response = await send(
      who,
      "POST",
      "/api/activities/",
      input(undefined, { categoryIds: [cat.platform.id, cat.own.id], recommendationIds: [reco.own.id, reco.platform.id] }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(sorted(body.categories.map((row: { id: number }) => row.id))).toEqual(sorted([cat.platform.id, cat.own.id]));
    expect(sorted(body.recommendations.map((row: { id: number }) => row.id))).toEqual(sorted([reco.own.id, reco.platform.id]));
    expect(await linksOf(body.id)).toEqual({ categoryIds: sorted([cat.platform.id, cat.own.id]), recommendationIds: sorted([reco.own.id, reco.platform.id]) });
  });

  it("stores each linked id once when the arrays repeat it", async () => {
    const { cat, reco } = await ownedLinks();
    const response = await send(
      "clinic",
      "POST",
      "/api/activities/",
      input(undefined, { categoryIds: [cat.own.id, cat.own.id, cat.platform.id, cat.own.id], recommendationIds: [reco.own.id, reco.own.id] }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().categories).toHaveLength(2);
    expect(response.json().recommendations).toEqual([{ id: reco.own.id, name: reco.own.name }]);
    expect(await linksOf(response.json().id)).toEqual({ categoryIds: sorted([cat.own.id, cat.platform.id]), recommendationIds: [reco.own.id] });
  });

  it.each(["clinic", "therapist", "otherClinic"] as Who[])(
    "refuses %s a category or recommendation of another clinic, or one that does not exist, with 400, writing nothing",
    async (who) => {
      const { cat, reco } = await ownedLinks();
      const foreignCat = who === "otherClinic" ? cat.own.id : cat.foreign.id;
      const foreignReco = who === "otherClinic" ? reco.own.id : reco.foreign.id;
      const cases: [Record<string, number[]>, Record<string, unknown>][] = [
        [{ categoryIds: [foreignCat] }, { categoryIds: [expect.any(String)] }],
        [{ categoryIds: [cat.platform.id, 2147483647] }, { categoryIds: [expect.any(String)] }],
        [{ recommendationIds: [foreignReco] }, { recommendationIds: [expect.any(String)] }],
        [{ recommendationIds: [reco.platform.id, 2147483647] }, { recommendationIds: [expect.any(String)] }],
        [
          { categoryIds: [foreignCat], recommendationIds: [foreignReco] },
          { categoryIds: [expect.any(String)], recommendationIds: [expect.any(String)] },
        ],
      ];
      for (const [links, errors] of cases) {
        const before = await rowCounts();
        const response = await send(who, "POST", "/api/activities/", input(undefined, links));
        expect({ links, status: response.statusCode }).toEqual({ links, status: 400 });
        expect(response.json()).toEqual(errors);
        expect(await rowCounts()).toEqual(before);
      }
    },
  );

  it("refuses to link one clinic's entries to a platform activity, even for an admin", async () => {
    const { cat, reco } = await ownedLinks();
    const before = await rowCounts();
    for (const links of [{ categoryIds: [cat.own.id] }, { recommendationIds: [reco.foreign.id] }]) {
      const response = await send("admin", "POST", "/api/activities/", input(undefined, links));
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(Object.keys(links));
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("lets an admin link a clinic's own entries to that clinic's activity, but not another clinic's", async () => {
    const { cat, reco } = await ownedLinks();
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic });
    const ok = await send("admin", "PUT", `/api/activity/${row.id}`, input(undefined, { categoryIds: [cat.own.id], recommendationIds: [reco.own.id] }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ clinicId: t.ids.clinic, categories: [{ id: cat.own.id }], recommendations: [{ id: reco.own.id }] });
    const refused = await send("admin", "PUT", `/api/activity/${row.id}`, input(undefined, { categoryIds: [cat.foreign.id] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ categoryIds: [expect.any(String)] });
    expect(await linksOf(row.id)).toEqual({ categoryIds: [cat.own.id], recommendationIds: [reco.own.id] });
  });

  it("replaces the links on update, and an update without arrays removes them all", async () => {
    const { cat, reco } = await ownedLinks();
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic, categoryIds: [cat.own.id, cat.platform.id], recommendationIds: [reco.own.id] });
    const replaced = await send(
      "therapist",
      "PUT",
      `/api/activity/${row.id}`,
      input(undefined, { categoryIds: [cat.platform.id], recommendationIds: [reco.platform.id] }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      categories: [{ id: cat.platform.id, name: cat.platform.name }],
      recommendations: [{ id: reco.platform.id, name: reco.platform.name }],
    });
    expect(await linksOf(row.id)).toEqual({ categoryIds: [cat.platform.id], recommendationIds: [reco.platform.id] });

    const cleared = await send("therapist", "PUT", `/api/activity/${row.id}`, input());
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ categories: [], recommendations: [] });
    expect(await linksOf(row.id)).toEqual({ categoryIds: [], recommendationIds: [] });
  });

  it("keeps the links as they were when an update is refused for a bad link", async () => {
    const { cat, reco } = await ownedLinks();
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic, categoryIds: [cat.own.id], recommendationIds: [reco.own.id] });
    const before = await rowCounts();
    const response = await send(
      "clinic",
      "PUT",
      `/api/activity/${row.id}`,
      input("changed", { categoryIds: [cat.platform.id], recommendationIds: [reco.foreign.id] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ recommendationIds: [expect.any(String)] });
    expect(await activityRow(row.id)).toEqual(row);
    expect(await linksOf(row.id)).toEqual({ categoryIds: [cat.own.id], recommendationIds: [reco.own.id] });
    expect(await rowCounts()).toEqual(before);
  });

  it("drops a link when its category or recommendation is deleted, and keeps the activity", async () => {
    const { cat, reco } = await ownedLinks();
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic, categoryIds: [cat.own.id, cat.platform.id], recommendationIds: [reco.own.id] });
    expect((await send("clinic", "DELETE", `/api/category/${cat.own.id}`)).statusCode).toBe(204);
    expect((await send("clinic", "DELETE", `/api/recommendation/${reco.own.id}`)).statusCode).toBe(204);
    expect(await linksOf(row.id)).toEqual({ categoryIds: [cat.platform.id], recommendationIds: [] });
    expect((await send("clinic", "GET", `/api/activity/${row.id}`)).json()).toMatchObject({
      categories: [{ id: cat.platform.id, name: cat.platform.name }],
      recommendations: [],
    });
  });
});

describe("PUT /api/activity/:id (update)", () => {
  it.each(DEMO_ROLES)("lets %s change only the rows it owns (admins: all), and refused rows and links stay as they were", async (role) => {
    const rows = await ownedRows();
    const { cat } = await ownedLinks();
    for (const owner of OWNERS) {
      const before = await activityRow(rows[owner].id);
      const linksBefore = await linksOf(rows[owner].id);
      const columns = input(`${role} ${owner}`);
      const data = { ...columns, categoryIds: [cat.platform.id] };
      const response = await send(role, "PUT", `/api/activity/${rows[owner].id}`, data);
      const allowed = MAY_CHANGE[role].includes(owner);
      expect({ owner, status: response.statusCode }).toEqual({ owner, status: allowed ? 200 : 403 });
      if (allowed) {
        expect(response.json()).toMatchObject({ id: rows[owner].id, ...columns, clinicId: before.clinicId, editable: true });
        // An update never moves a row to another owner, nor changes who made it.
        expect(await activityRow(rows[owner].id)).toMatchObject({ ...columns, clinicId: before.clinicId, createdBy: before.createdBy });
        expect((await linksOf(rows[owner].id)).categoryIds).toEqual([cat.platform.id]);
      } else {
        expect(await activityRow(rows[owner].id)).toEqual(before);
        expect(await linksOf(rows[owner].id)).toEqual(linksBefore);
      }
    }
  });

  it("changes the type, keeping only the new type's field", async () => {
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic, type: "game", gameBuildId: "old-game" });
    const toText = await send("clinic", "PUT", `/api/activity/${row.id}`, input(undefined, { gameBuildId: "old-game" }));
    expect(toText.statusCode).toBe(200);
    expect(await activityRow(row.id)).toMatchObject({ type: "text", gameBuildId: null, fileId: null, body: expect.any(String) });
    const toGame = await send("clinic", "PUT", `/api/activity/${row.id}`, input(undefined, { type: "game", gameBuildId: "reactor-go-nogo" }));
    expect(toGame.statusCode).toBe(200);
    expect(toGame.json()).toMatchObject({ type: "game", gameBuildId: "reactor-go-nogo", body: null, fileId: null });
    expect(await activityRow(row.id)).toMatchObject({ type: "game", gameBuildId: "reactor-go-nogo", body: null });
  });

  it("moves updatedAt forward and keeps createdAt", async () => {
    const made = await makeActivity(t.db, { clinicId: t.ids.clinic });
    const long = new Date("2020-01-01T00:00:00Z");
    await t.db.update(activities).set({ createdAt: long, updatedAt: long }).where(eq(activities.id, made.id));
    const response = await send("clinic", "PUT", `/api/activity/${made.id}`, input());
    expect(response.statusCode).toBe(200);
    const after = await activityRow(made.id);
    expect(after.createdAt).toEqual(long);
    expect(after.updatedAt.getTime()).toBeGreaterThan(long.getTime());
    expect(response.json()).toMatchObject({ createdAt: long.toISOString(), updatedAt: after.updatedAt.toISOString() });
  });

  it.each(["admin", "clinic", "therapist"] as Demo[])("answers 404 to %s for a row that does not exist, and writes nothing", async (role) => {
    const before = await rowCounts();
    const response = await send(role, "PUT", "/api/activity/2147483647", input());
    expect(response.statusCode).toBe(404);
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a patient with 403 before looking at the row", async () => {
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic });
    for (const id of [row.id, 2147483647]) expect((await send("patient", "PUT", `/api/activity/${id}`, input())).statusCode).toBe(403);
    expect(await activityRow(row.id)).toEqual(row);
  });
});

describe("DELETE /api/activity/:id", () => {
  it.each(DEMO_ROLES)("lets %s delete only the rows it owns (admins: all), and refused rows stay", async (role) => {
    const rows = await ownedRows();
    for (const owner of OWNERS) {
      const response = await send(role, "DELETE", `/api/activity/${rows[owner].id}`);
      const allowed = MAY_CHANGE[role].includes(owner);
      expect({ owner, status: response.statusCode }).toEqual({ owner, status: allowed ? 204 : 403 });
      if (allowed) expect(response.body).toBe("");
      expect(await activityRow(rows[owner].id)).toEqual(allowed ? undefined : rows[owner]);
    }
  });

  it("removes the activity's links with it, and leaves the categories and recommendations in place", async () => {
    const { cat, reco } = await ownedLinks();
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic, categoryIds: [cat.own.id, cat.platform.id], recommendationIds: [reco.own.id] });
    const kept = await makeActivity(t.db, { clinicId: t.ids.clinic, categoryIds: [cat.own.id], recommendationIds: [reco.own.id] });
    const before = await rowCounts();
    expect((await send("therapist", "DELETE", `/api/activity/${row.id}`)).statusCode).toBe(204);
    expect(await rowCounts()).toEqual({
      activities: before.activities - 1,
      activityCategories: before.activityCategories - 2,
      activityRecommendations: before.activityRecommendations - 1,
    });
    expect(await linksOf(row.id)).toEqual({ categoryIds: [], recommendationIds: [] });
    expect(await linksOf(kept.id)).toEqual({ categoryIds: [cat.own.id], recommendationIds: [reco.own.id] });
    expect((await t.db.select().from(categories).where(eq(categories.id, cat.own.id)))[0]).toEqual(cat.own);
    expect((await t.db.select().from(recommendations).where(eq(recommendations.id, reco.own.id)))[0]).toEqual(reco.own);
    expect((await send("therapist", "GET", `/api/activity/${row.id}`)).statusCode).toBe(404);
  });

  it("keeps a refused row's links", async () => {
    const { cat } = await ownedLinks();
    const row = await makeActivity(t.db, { clinicId: null, categoryIds: [cat.platform.id] });
    const before = await rowCounts();
    expect((await send("clinic", "DELETE", `/api/activity/${row.id}`)).statusCode).toBe(403);
    expect(await rowCounts()).toEqual(before);
    expect(await linksOf(row.id)).toEqual({ categoryIds: [cat.platform.id], recommendationIds: [] });
  });

  it.each(["admin", "clinic", "therapist"] as Demo[])("answers 404 to %s for a row that does not exist", async (role) => {
    const response = await send(role, "DELETE", "/api/activity/2147483647");
    expect(response.statusCode).toBe(404);
  });
});

describe("another clinic", () => {
  it("cannot read, change or delete this clinic's rows, and does not see them in its lists", async () => {
    const rows = await ownedRows();
    for (const who of ["otherClinic", "otherTherapist"] as Who[]) {
      expect((await send(who, "GET", `/api/activity/${rows.own.id}`)).statusCode).toBe(403);
      expect((await send(who, "PUT", `/api/activity/${rows.own.id}`, input())).statusCode).toBe(403);
      expect((await send(who, "DELETE", `/api/activity/${rows.own.id}`)).statusCode).toBe(403);
      const list = await send(who, "GET", `/api/activities/?value=${rows.token}`);
      expect(sorted(idsOf(list))).toEqual(sorted([rows.platform.id, rows.foreign.id]));
      expect(list.json().total).toBe(2);
    }
    expect(await activityRow(rows.own.id)).toEqual(rows.own);
  });

  it("finds none of this clinic's activities by filtering on this clinic's category", async () => {
    const { cat } = await ownedLinks();
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic, categoryIds: [cat.own.id] });
    expect(idsOf(await send("clinic", "GET", `/api/activities/?category=${cat.own.id}`))).toEqual([row.id]);
    expect((await send("otherClinic", "GET", `/api/activities/?category=${cat.own.id}`)).json()).toEqual({ data: [], page: 1, total: 0 });
  });

  it("refuses its patient any catalogue row (403) and lists none", async () => {
    const rows = await ownedRows();
    for (const owner of OWNERS) expect((await send("otherPatient", "GET", `/api/activity/${rows[owner].id}`)).statusCode).toBe(403);
    expect((await send("otherPatient", "GET", `/api/activities/?value=${rows.token}`)).json()).toEqual({ data: [], page: 1, total: 0 });
  });

  it("sees the platform's rows as both clinics do: listed, read-only (403 to change or delete, editable false)", async () => {
    const rows = await ownedRows();
    for (const who of ["clinic", "therapist", "otherClinic", "otherTherapist"] as Who[]) {
      const list = (await send(who, "GET", `/api/activities/?value=${rows.token}`)).json();
      expect(list.data.find((row: { id: number }) => row.id === rows.platform.id)).toMatchObject({ clinicId: null, editable: false });
      expect((await send(who, "GET", `/api/activity/${rows.platform.id}`)).json()).toMatchObject({ editable: false });
      expect((await send(who, "PUT", `/api/activity/${rows.platform.id}`, input())).statusCode).toBe(403);
      expect((await send(who, "DELETE", `/api/activity/${rows.platform.id}`)).statusCode).toBe(403);
    }
    expect(await activityRow(rows.platform.id)).toEqual(rows.platform);

    const data = input("by the admin");
    const changed = await send("admin", "PUT", `/api/activity/${rows.platform.id}`, data);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ ...data, clinicId: null, editable: true });
    for (const who of ["clinic", "otherClinic"] as Who[]) {
      expect((await send(who, "GET", `/api/activity/${rows.platform.id}`)).json()).toMatchObject({ ...data, editable: false });
    }
    expect((await send("admin", "DELETE", `/api/activity/${rows.platform.id}`)).statusCode).toBe(204);
    expect((await send("otherClinic", "GET", `/api/activity/${rows.platform.id}`)).statusCode).toBe(404);
  });
});

describe("GET /api/activityCategories/", () => {
  /** An activity of each owner, each filed under a category it may use. */
  async function linkedRows() {
    const { cat } = await ownedLinks();
    const platform = await makeActivity(t.db, { clinicId: null, categoryIds: [cat.platform.id] });
    const own = await makeActivity(t.db, { clinicId: t.ids.clinic, categoryIds: [cat.own.id, cat.platform.id] });
    const foreign = await makeActivity(t.db, { clinicId: other.clinic.id, categoryIds: [cat.foreign.id] });
    return { cat, rows: { platform, own, foreign } };
  }

  it.each(DEMO_ROLES)("lists to %s only the links of the activities in its scope", async (role) => {
    const { rows } = await linkedRows();
    for (const owner of OWNERS) {
      const response = await send(role, "GET", `/api/activityCategories/?activity=${rows[owner].id}`);
      expect(response.statusCode).toBe(200);
      const expected = MAY_READ[role].includes(owner) ? (await linksOf(rows[owner].id)).categoryIds : [];
      const body = response.json();
      expect({ owner, categories: sorted(body.data.map((row: { category: number }) => row.category)) }).toEqual({ owner, categories: expected });
      expect(body.total).toBe(expected.length);
    }
  });

  it("answers links of the documented shape", async () => {
    const { cat, rows } = await linkedRows();
    const [stored] = await t.db.select().from(activityCategories).where(eq(activityCategories.activityId, rows.platform.id));
    const response = await send("therapist", "GET", `/api/activityCategories/?activity=${rows.platform.id}`);
    expect(response.json()).toEqual({
      data: [{ id: stored.id, activity: rows.platform.id, category: cat.platform.id, categoryName: cat.platform.name }],
      page: 1,
      total: 1,
    });
  });

  it("shows patients no links, and no other clinic's links in a clinic's unfiltered list", async () => {
    const { rows } = await linkedRows();
    expect((await send("patient", "GET", "/api/activityCategories/?rowsPerPage=100")).json()).toEqual({ data: [], page: 1, total: 0 });
    const all = (await send("clinic", "GET", "/api/activityCategories/?rowsPerPage=100")).json();
    const activityIds = new Set(all.data.map((row: { activity: number }) => row.activity));
    expect(activityIds.has(rows.own.id)).toBe(true);
    expect(activityIds.has(rows.foreign.id)).toBe(false);
    const inScope = await t.db
      .select({ n: count() })
      .from(activityCategories)
      .innerJoin(activities, eq(activities.id, activityCategories.activityId))
      .where(eq(activities.clinicId, other.clinic.id));
    expect(all.total).toBe((await rowCounts()).activityCategories - inScope[0].n);
  });

  it("pages the links in id order", async () => {
    const { cat } = await ownedLinks();
    const extra = [await makeCategory(t.db, { clinicId: t.ids.clinic }), await makeCategory(t.db, { clinicId: null })];
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic, categoryIds: [cat.own.id, cat.platform.id, ...extra.map((c) => c.id)] });
    const stored = await t.db
      .select({ id: activityCategories.id })
      .from(activityCategories)
      .where(eq(activityCategories.activityId, row.id))
      .orderBy(asc(activityCategories.id));
    const page = async (n: number) => (await send("clinic", "GET", `/api/activityCategories/?activity=${row.id}&rowsPerPage=3&page=${n}`)).json();
    const [one, two] = [await page(1), await page(2)];
    expect([one.data.map((link: { id: number }) => link.id), one.page, one.total]).toEqual([stored.slice(0, 3).map((s) => s.id), 1, 4]);
    expect([two.data.map((link: { id: number }) => link.id), two.page, two.total]).toEqual([stored.slice(3).map((s) => s.id), 2, 4]);
  });

  it.each(["activity=abc", "activity=0", "activity=-1", "page=0", "rowsPerPage=101"])("refuses the query %s with 400 naming the parameter", async (query) => {
    const response = await send("clinic", "GET", `/api/activityCategories/?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()[query.split("=")[0]]).toEqual([expect.any(String)]);
  });

  it("answers an activity that does not exist with an empty list", async () => {
    expect((await send("clinic", "GET", "/api/activityCategories/?activity=2147483647")).json()).toEqual({ data: [], page: 1, total: 0 });
  });

  it("refuses a user without view_activity or change_activity with 403", async () => {
    const plain = await makeUser(t.db, { groups: [] });
    const cookie = await t.login(plain.email, plain.password);
    for (const url of ["/api/activityCategories/", "/api/activities/"]) {
      const response = await t.app.inject({ method: "GET", url, headers: { cookie } });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
    }
  });
});

describe("GET /api/clinic/", () => {
  const demoClinic = () => ({ id: t.ids.clinic, name: "Clínica Vestibular Norte", email: expect.any(String) });

  it("lists every clinic account to an admin, in name order, and no other kind of account", async () => {
    const response = await send("admin", "GET", "/api/clinic/");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const ids = body.data.map((row: { id: string }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([t.ids.clinic, other.clinic.id]));
    for (const id of [t.ids.admin, t.ids.therapist, t.ids.patient, other.therapist.id, other.patient.id]) expect(ids).not.toContain(id);
    expect(body.total).toBe(body.data.length);
    expect(body.page).toBe(1);
    expect(body.data.find((row: { id: string }) => row.id === other.clinic.id)).toEqual({
      id: other.clinic.id,
      name: expect.stringMatching(/^Clinic /),
      email: other.clinic.email,
    });
    const clinicAccounts = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from user_groups where group_id = ${GROUP.clinic}`);
    expect(body.total).toBe(clinicAccounts.rows[0].n);
    const names: string[] = body.data.map((row: { name: string }) => row.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it.each([
    ["clinic", "demo"],
    ["therapist", "demo"],
    ["patient", "demo"],
    ["otherClinic", "other"],
    ["otherTherapist", "other"],
    ["otherPatient", "other"],
  ] as [Who, "demo" | "other"][])("lists to %s only its own clinic", async (who, clinic) => {
    const response = await send(who, "GET", "/api/clinic/");
    expect(response.statusCode).toBe(200);
    const expected = clinic === "demo" ? demoClinic() : { id: other.clinic.id, name: expect.any(String), email: other.clinic.email };
    expect(response.json()).toEqual({ data: [expected], page: 1, total: 1 });
  });

  it("lists nothing to a signed-in user who belongs to no clinic", async () => {
    const loner = await makeUser(t.db, { groups: [GROUP.therapist], clinicId: null });
    const cookie = await t.login(loner.email, loner.password);
    const response = await t.app.inject({ method: "GET", url: "/api/clinic/", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [], page: 1, total: 0 });
  });
});

describe("signed out", () => {
  it("answers 401 on every endpoint and writes nothing", async () => {
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic });
    const before = await rowCounts();
    const calls: [Method, string, unknown?][] = [
      ["GET", "/api/activities/"],
      ["POST", "/api/activities/", input()],
      ["GET", `/api/activity/${row.id}`],
      ["PUT", `/api/activity/${row.id}`, input()],
      ["DELETE", `/api/activity/${row.id}`],
      ["GET", "/api/activityCategories/"],
      ["GET", "/api/clinic/"],
    ];
    for (const [method, url, payload] of calls) {
      const response = await send(null, method, url, payload);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 401 });
    }
    expect(await rowCounts()).toEqual(before);
    expect(await activityRow(row.id)).toEqual(row);
  });
});

describe("with the clinic module switched off", () => {
  it("answers 404 on every endpoint to everyone, and works again once it is back on", async () => {
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic });
    const calls: [Method, string, unknown?][] = [
      ["GET", "/api/activities/"],
      ["POST", "/api/activities/", input()],
      ["GET", `/api/activity/${row.id}`],
      ["PUT", `/api/activity/${row.id}`, input()],
      ["DELETE", `/api/activity/${row.id}`],
      ["GET", "/api/activityCategories/"],
      ["GET", "/api/clinic/"],
    ];
    const before = await rowCounts();
    expect((await send("admin", "PUT", "/api/flags/clinic", { enabled: false })).statusCode).toBe(200);
    try {
      for (const who of [...DEMO_ROLES, null]) {
        for (const [method, url, payload] of calls) {
          const response = await send(who, method, url, payload);
          expect({ who, method, url, status: response.statusCode }).toEqual({ who, method, url, status: 404 });
        }
      }
      expect(await rowCounts()).toEqual(before);
      expect(await activityRow(row.id)).toEqual(row);
    } finally {
      expect((await send("admin", "PUT", "/api/flags/clinic", { enabled: true })).statusCode).toBe(200);
    }
    expect((await send("clinic", "GET", `/api/activity/${row.id}`)).statusCode).toBe(200);
    expect((await send("clinic", "GET", "/api/activities/")).statusCode).toBe(200);
  });
});

describe("validation", () => {
  const at = (length: number, letter = "x") => letter.repeat(length);

  it("accepts a name of 60 characters, a description of 600 and a body of 20000, on create and on update", async () => {
    const data = { ...input(), name: at(60), description: at(600), body: at(20_000) };
    const created = await send("clinic", "POST", "/api/activities/", data);
    expect(created.statusCode).toBe(201);
    expect(await activityRow(created.json().id)).toMatchObject(data);
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic });
    const updated = await send("clinic", "PUT", `/api/activity/${row.id}`, data);
    expect(updated.statusCode).toBe(200);
    expect(await activityRow(row.id)).toMatchObject(data);
  });

  it("accepts the longest build id of the games catalogue, and 20 category and 50 recommendation ids", async () => {
    const { cat, reco } = await ownedLinks();
    const data = {
      ...input(),
      type: "game",
      gameBuildId: CATALOGUE.map((build) => build.id).reduce((a, b) => (b.length > a.length ? b : a)),
      categoryIds: Array(20).fill(cat.own.id),
      recommendationIds: Array(50).fill(reco.platform.id),
    };
    const response = await send("clinic", "POST", "/api/activities/", data);
    expect(response.statusCode).toBe(201);
    expect(await activityRow(response.json().id)).toMatchObject({ gameBuildId: data.gameBuildId });
    expect(await linksOf(response.json().id)).toEqual({ categoryIds: [cat.own.id], recommendationIds: [reco.platform.id] });
  });

  const ok = { name: "ok", description: "ok" };
  const badBodies: [string, unknown, string][] = [
    ["a name of 61 characters", { ...input(), name: at(61) }, "name"],
    ["a description of 601 characters", { ...input(), description: at(601) }, "description"],
    ["a body of 20001 characters", { ...input(), body: at(20_001) }, "body"],
    ["a body of 20001 characters on a game", { ...ok, type: "game", gameBuildId: "reactor-simple", body: at(20_001) }, "body"],
    ["a missing name", { description: "ok", type: "text", body: "b" }, "name"],
    ["a missing description", { name: "ok", type: "text", body: "b" }, "description"],
    ["a blank name", { ...input(), name: "   " }, "name"],
    ["a blank description", { ...input(), description: " \n " }, "description"],
    ["a numeric name", { ...input(), name: 42 }, "name"],
    ["a missing type", { ...ok, body: "b" }, "type"],
    ["an unknown type", { ...ok, type: "audio", body: "b" }, "type"],
    ["a capitalised type", { ...ok, type: "Text", body: "b" }, "type"],
    ["a text without body", { ...ok, type: "text" }, "body"],
    ["a text with a null body", { ...ok, type: "text", body: null }, "body"],
    ["a text with a blank body", { ...ok, type: "text", body: " \n\t " }, "body"],
    ["a body with a NUL character", { ...ok, type: "text", body: "a\u0000b" }, "body"],
    ["a game without build id", { ...ok, type: "game" }, "gameBuildId"],
    ["a game with a null build id", { ...ok, type: "game", gameBuildId: null }, "gameBuildId"],
    ["a game with an empty build id", { ...ok, type: "game", gameBuildId: "" }, "gameBuildId"],
    ["a game build id with capitals", { ...ok, type: "game", gameBuildId: "Memory" }, "gameBuildId"],
    ["a game build id starting with a dash", { ...ok, type: "game", gameBuildId: "-memory" }, "gameBuildId"],
    ["a game build id with an underscore", { ...ok, type: "game", gameBuildId: "memory_2" }, "gameBuildId"],
    ["a game build id with a slash", { ...ok, type: "game", gameBuildId: "../etc" }, "gameBuildId"],
    ["a game build the catalogue does not have", { ...ok, type: "game", gameBuildId: "memory-cards" }, "gameBuildId"],
    ["a game build id of 65 characters", { ...ok, type: "game", gameBuildId: at(65, "a") }, "gameBuildId"],
    ["a numeric game build id", { ...ok, type: "game", gameBuildId: 12 }, "gameBuildId"],
    ["a video without file", { ...ok, type: "video" }, "fileId"],
    ["a video with a null file", { ...ok, type: "video", fileId: null }, "fileId"],
    ["a video with a file id of 0", { ...ok, type: "video", fileId: 0 }, "fileId"],
    ["a video with a file id as text", { ...ok, type: "video", fileId: "1" }, "fileId"],
    ["a negative file id", { ...input(), fileId: -1 }, "fileId"],
    ["21 category ids", { ...input(), categoryIds: Array(21).fill(1) }, "categoryIds"],
    ["51 recommendation ids", { ...input(), recommendationIds: Array(51).fill(1) }, "recommendationIds"],
    ["category ids that are not an array", { ...input(), categoryIds: 1 }, "categoryIds"],
    ["recommendation ids that are null", { ...input(), recommendationIds: null }, "recommendationIds"],
    ["a category id as text", { ...input(), categoryIds: ["1"] }, "categoryIds.0"],
    ["a category id of 0", { ...input(), categoryIds: [1, 0] }, "categoryIds.1"],
    ["a fractional recommendation id", { ...input(), recommendationIds: [1.5] }, "recommendationIds.0"],
    ["an unknown field", { ...input(), clinicId: "someone" }, "clinicId"],
    ["an answer-only field", { ...input(), editable: true }, "editable"],
    ["categories in the answer's shape", { ...input(), categories: [{ id: 1, name: "x" }] }, "categories"],
  ];

  it.each(badBodies)("refuses %s on create with 400 naming the field, and writes nothing", async (_label, payload, field) => {
    const before = await rowCounts();
    const response = await send("clinic", "POST", "/api/activities/", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(await rowCounts()).toEqual(before);
  });

  it.each(badBodies)("refuses %s on update with 400 naming the field, and changes nothing", async (_label, payload, field) => {
    const { cat } = await ownedLinks();
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic, categoryIds: [cat.own.id] });
    const response = await send("clinic", "PUT", `/api/activity/${row.id}`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(await activityRow(row.id)).toEqual(row);
    expect(await linksOf(row.id)).toEqual({ categoryIds: [cat.own.id], recommendationIds: [] });
  });

  it("reports every bad field at once", async () => {
    const response = await send("clinic", "POST", "/api/activities/", { name: at(61), description: "", type: "game", gameBuildId: "Bad", extra: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name: [expect.any(String)],
      description: [expect.any(String)],
      gameBuildId: [expect.any(String)],
      extra: [expect.any(String)],
    });
  });

  it.each([
    ["malformed JSON", '{"name": "x", "description": ', { "content-type": "application/json" }],
    ["a JSON array", "[]", { "content-type": "application/json" }],
    ["a JSON string", '"name"', { "content-type": "application/json" }],
    ["no body at all", undefined, {}],
  ] as [string, string | undefined, Record<string, string>][])("refuses %s with 400 and writes nothing", async (_label, payload, headers) => {
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic });
    const before = await rowCounts();
    const created = await send("clinic", "POST", "/api/activities/", payload, headers);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(expect.any(Object));
    const updated = await send("clinic", "PUT", `/api/activity/${row.id}`, payload, headers);
    expect(updated.statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
    expect(await activityRow(row.id)).toEqual(row);
  });

  it.each(["abc", "0", "-1", "1.5", "2147483648", "99999999999999999999"])("refuses the id %s with 400 on every single-row endpoint", async (id) => {
    const before = await rowCounts();
    for (const method of ["GET", "PUT", "DELETE"] as Method[]) {
      const response = await send("clinic", method, `/api/activity/${id}`, method === "PUT" ? input() : undefined);
      expect({ method, status: response.statusCode }).toEqual({ method, status: 400 });
      expect(response.json().id).toEqual(expect.arrayContaining([expect.any(String)]));
    }
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ["page=0", "page"],
    ["page=abc", "page"],
    ["rowsPerPage=0", "rowsPerPage"],
    ["rowsPerPage=101", "rowsPerPage"],
    ["name=type&value=x", "name"],
    [`value=${"x".repeat(101)}`, "value"],
    ["value=a%00b", "value"],
    ["type=audio", "type"],
    ["type=Game", "type"],
    ["category=abc", "category"],
    ["category=0", "category"],
    ["category=-3", "category"],
  ])("refuses the list query %s with 400 naming the parameter", async (query, field) => {
    const response = await send("clinic", "GET", `/api/activities/?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field]).toEqual([expect.any(String)]);
  });

  // Ids beyond PostgreSQL's integer range are refused by the schema, never by the database.
  for (const field of ["categoryIds", "recommendationIds"]) {
    it(`refuses a ${field} entry beyond the integer range with 400, not 500`, async () => {
      const before = await rowCounts();
      const response = await send("clinic", "POST", "/api/activities/", input(undefined, { [field]: [2147483648] }));
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json()).every((key) => key.startsWith(field))).toBe(true);
      expect(await rowCounts()).toEqual(before);
    });
  }

  for (const [url, field] of [
    ["/api/activities/?category=2147483648", "category"],
    ["/api/activityCategories/?activity=2147483648", "activity"],
  ]) {
    it(`refuses ${url} with 400 naming ${field}, not 500`, async () => {
      const response = await send("clinic", "GET", url);
      expect(response.statusCode).toBe(400);
      expect(response.json()[field]).toEqual([expect.any(String)]);
    });
  }
});

describe("paging, filters and order", () => {
  it("pages through a search's rows in name order, with the total of all pages", async () => {
    const token = uniqueSuffix();
    for (const letter of ["c", "a", "e", "b", "d"]) await makeActivity(t.db, { name: `${token} ${letter}`, clinicId: t.ids.clinic });
    const page = async (n: number) => (await send("therapist", "GET", `/api/activities/?name=name&value=${token}&rowsPerPage=2&page=${n}`)).json();
    const names = (body: { data: { name: string }[] }) => body.data.map((row) => row.name.slice(token.length + 1));
    const [one, two, three, four] = [await page(1), await page(2), await page(3), await page(4)];
    expect([names(one), one.page, one.total]).toEqual([["a", "b"], 1, 5]);
    expect([names(two), two.page, two.total]).toEqual([["c", "d"], 2, 5]);
    expect([names(three), three.page, three.total]).toEqual([["e"], 3, 5]);
    expect([names(four), four.page, four.total]).toEqual([[], 4, 5]);
  });

  it("orders by name, then by id for equal names, whoever owns the row", async () => {
    const token = uniqueSuffix();
    const b = await makeActivity(t.db, { name: `${token} beta`, clinicId: t.ids.clinic });
    const a2 = await makeActivity(t.db, { name: `${token} alpha`, clinicId: null });
    const a1 = await makeActivity(t.db, { name: `${token} alpha`, clinicId: t.ids.clinic, type: "game" });
    const c = await makeActivity(t.db, { name: `${token} gamma`, clinicId: null });
    expect(idsOf(await send("clinic", "GET", `/api/activities/?value=${token}`))).toEqual([a2.id, a1.id, b.id, c.id]);
  });

  it("narrows to one type with type=, alone or with a search", async () => {
    const token = uniqueSuffix();
    const game = await makeActivity(t.db, { name: `${token} game`, clinicId: t.ids.clinic, type: "game" });
    const text = await makeActivity(t.db, { name: `${token} text`, clinicId: null, type: "text" });
    const otherGame = await makeActivity(t.db, { name: `${token} other game`, clinicId: other.clinic.id, type: "game" });
    expect(idsOf(await send("clinic", "GET", `/api/activities/?value=${token}&type=game`))).toEqual([game.id]);
    expect(idsOf(await send("clinic", "GET", `/api/activities/?value=${token}&type=text`))).toEqual([text.id]);
    expect((await send("clinic", "GET", `/api/activities/?value=${token}&type=video`)).json()).toEqual({ data: [], page: 1, total: 0 });
    expect(idsOf(await send("admin", "GET", `/api/activities/?value=${token}&type=game`))).toEqual([game.id, otherGame.id]);
    const games = (await send("clinic", "GET", "/api/activities/?type=game&rowsPerPage=100")).json();
    expect(games.data.every((row: { type: string }) => row.type === "game")).toBe(true);
  });

  it("narrows to one category with category=, alone or with type and search, and pages within it", async () => {
    const token = uniqueSuffix();
    const { cat } = await ownedLinks();
    const inOwn = [];
    for (const letter of ["b", "a", "c"])
      inOwn.push(
        await makeActivity(t.db, { name: `${token} ${letter}`, clinicId: t.ids.clinic, categoryIds: [cat.own.id], type: letter === "c" ? "game" : "text" }),
      );
    const inPlatform = await makeActivity(t.db, { name: `${token} d`, clinicId: null, categoryIds: [cat.platform.id] });
    await makeActivity(t.db, { name: `${token} e`, clinicId: t.ids.clinic });

    const own = await send("therapist", "GET", `/api/activities/?category=${cat.own.id}`);
    expect(idsOf(own)).toEqual([inOwn[1].id, inOwn[0].id, inOwn[2].id]);
    expect(own.json().total).toBe(3);
    expect(idsOf(await send("therapist", "GET", `/api/activities/?category=${cat.platform.id}&value=${token}`))).toEqual([inPlatform.id]);
    expect(idsOf(await send("therapist", "GET", `/api/activities/?category=${cat.own.id}&type=game`))).toEqual([inOwn[2].id]);
    expect(idsOf(await send("therapist", "GET", `/api/activities/?category=${cat.own.id}&value=${token}%20a`))).toEqual([inOwn[1].id]);
    const second = (await send("therapist", "GET", `/api/activities/?category=${cat.own.id}&rowsPerPage=2&page=2`)).json();
    expect([second.data.map((row: { id: number }) => row.id), second.total]).toEqual([[inOwn[2].id], 3]);
    expect((await send("therapist", "GET", "/api/activities/?category=2147483647")).json()).toEqual({ data: [], page: 1, total: 0 });
  });

  it("lists an activity once when it has several categories", async () => {
    const { cat } = await ownedLinks();
    const row = await makeActivity(t.db, { clinicId: t.ids.clinic, categoryIds: [cat.own.id, cat.platform.id] });
    const response = await send("clinic", "GET", `/api/activities/?value=${encodeURIComponent(row.name)}`);
    expect(response.json().total).toBe(1);
    expect(response.json().data[0].categories).toHaveLength(2);
  });

  it("searches names by default and descriptions with name=description, case-insensitively", async () => {
    const token = uniqueSuffix();
    const byName = await makeActivity(t.db, { name: `Vertigo ${token}`, description: "Plain", clinicId: t.ids.clinic });
    const byDescription = await makeActivity(t.db, { name: "Plain", description: `For VERTIGO ${token} cases`, clinicId: t.ids.clinic });
    const ids = async (query: string) => idsOf(await send("clinic", "GET", `/api/activities/?${query}`));
    expect(await ids(`value=vertigo%20${token}`)).toEqual([byName.id]);
    expect(await ids(`name=name&value=VERTIGO%20${token.toUpperCase()}`)).toEqual([byName.id]);
    expect(await ids(`name=description&value=vertigo%20${token}`)).toEqual([byDescription.id]);
  });

  it("lists everything in scope when the search text is empty or blank", async () => {
    await makeActivity(t.db, { clinicId: t.ids.clinic });
    const all = (await send("clinic", "GET", "/api/activities/?rowsPerPage=1")).json().total;
    expect(all).toBeGreaterThan(0);
    expect((await send("clinic", "GET", "/api/activities/?rowsPerPage=1&value=")).json().total).toBe(all);
    expect((await send("clinic", "GET", "/api/activities/?rowsPerPage=1&value=%20%20")).json().total).toBe(all);
  });

  it("matches %, _ and \\ in the search text literally, in names and descriptions", async () => {
    const token = uniqueSuffix();
    const make = (name: string) => makeActivity(t.db, { name: `${name} ${token}`, description: `${name} ${token}`, clinicId: t.ids.clinic });
    const percent = await make("50% off");
    await make("50 off");
    await make("500 off");
    const underscore = await make("a_b");
    await make("axb");
    const backslash = await make("c\\d");
    await make("cd");
    for (const field of ["name", "description"]) {
      const ids = async (text: string) => idsOf(await send("clinic", "GET", `/api/activities/?name=${field}&value=${encodeURIComponent(`${text} ${token}`)}`));
      expect(await ids("% off")).toEqual([percent.id]);
      expect(await ids("0% off")).toEqual([percent.id]);
      expect(await ids("_b")).toEqual([underscore.id]);
      expect(await ids("a_b")).toEqual([underscore.id]);
      expect(await ids("\\d")).toEqual([backslash.id]);
    }
  });
});

describe("rich text: descriptions and text bodies", () => {
  const create = (extra: Record<string, unknown>) => send("therapist", "POST", "/api/activities/", input(uniqueSuffix(), extra));
  const update = (id: number, extra: Record<string, unknown>) => send("therapist", "PUT", `/api/activity/${id}`, input(uniqueSuffix(), extra));
  const ownRow = () => makeActivity(t.db, { clinicId: t.ids.clinic, createdBy: t.ids.therapist });

  it.each(["description", "body"] as const)("refuses attacks in the %s with 400 on that field, on create and on update, and writes nothing", async (field) => {
    for (const [label, html] of ATTACKS) {
      const before = await rowCounts();
      const created = await create({ [field]: html });
      // (An attack that is all of a text's body also leaves it with no text: that is said too.)
      expect([label, created.statusCode, Object.keys(created.json())]).toEqual([label, 400, [field]]);
      expect(created.json()[field]).toContain(FORBIDDEN_MARKUP_MESSAGE);
      expect(await rowCounts()).toEqual(before);
      const row = await ownRow();
      const updated = await update(row.id, { [field]: html });
      expect([label, updated.statusCode, Object.keys(updated.json())]).toEqual([label, 400, [field]]);
      expect(updated.json()[field]).toContain(FORBIDDEN_MARKUP_MESSAGE);
      expect(await activityRow(row.id)).toEqual(row);
    }
  });

  it("refuses a text body with a javascript: link with 400 on body", async () => {
    const before = await rowCounts();
    const response = await create({ body: '<p>Read <a href="javascript:alert(1)">this</a></p>' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ body: [FORBIDDEN_MARKUP_MESSAGE] });
    expect(await rowCounts()).toEqual(before);
  });

  it("stores harmless markup outside the allowlist sanitised, in descriptions and bodies, on create and on update", async () => {
    const created = await create({ description: HARMLESS_EXTRA.sent, body: HARMLESS_EXTRA.sent });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ description: HARMLESS_EXTRA.stored, body: HARMLESS_EXTRA.stored });
    expect(await activityRow(created.json().id)).toMatchObject({ description: HARMLESS_EXTRA.stored, body: HARMLESS_EXTRA.stored });
    const row = await ownRow();
    const updated = await update(row.id, { description: HARMLESS_EXTRA.sent, body: HARMLESS_EXTRA.sent });
    expect(updated.statusCode).toBe(200);
    expect(await activityRow(row.id)).toMatchObject({ description: HARMLESS_EXTRA.stored, body: HARMLESS_EXTRA.stored });
  });

  it("stores the editor's HTML as it is, and an image of this platform's uploads in a body", async () => {
    const image = '<img src="/api/uploads/123e4567-e89b-42d3-a456-426614174000" alt="Tandem stance">';
    const body = `${EDITOR_HTML}${image}<ol start="2"><li><p>Then <u>stand</u></p></li></ol><hr><blockquote><p>Stop if dizzy.<br>Sit down.</p></blockquote>`;
    const created = await create({ description: EDITOR_HTML, body });
    expect(created.statusCode).toBe(201);
    expect(await activityRow(created.json().id)).toMatchObject({ description: EDITOR_HTML, body });
    expect((await send("clinic", "GET", `/api/activity/${created.json().id}`)).json()).toMatchObject({ description: EDITOR_HTML, body });
  });

  it("counts 600 visible characters of a description, not the markup around them: 600 are accepted, 601 refused", async () => {
    const created = await create({ description: boldParagraph(600) });
    expect(created.statusCode).toBe(201);
    expect((await activityRow(created.json().id)).description).toBe(boldParagraph(600));
    const before = await rowCounts();
    const refused = await create({ description: boldParagraph(601) });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(["description"]);
    expect(await rowCounts()).toEqual(before);
    const row = await ownRow();
    expect((await update(row.id, { description: boldParagraph(600) })).statusCode).toBe(200);
    expect((await update(row.id, { description: boldParagraph(601) })).statusCode).toBe(400);
    expect((await activityRow(row.id)).description).toBe(boldParagraph(600));
  });

  it("counts a body's visible characters too: 20000 in markup are accepted, 20001 refused", async () => {
    expect((await create({ body: boldParagraph(20_000) })).statusCode).toBe(201);
    const refused = await create({ body: boldParagraph(20_001) });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(["body"]);
  });

  it("refuses a text body with markup but no text, and a description the sanitiser would leave empty; nothing is written", async () => {
    const before = await rowCounts();
    const emptyBody = await create({ body: "<p></p><p> </p>" });
    expect(emptyBody.statusCode).toBe(400);
    expect(Object.keys(emptyBody.json())).toEqual(["body"]);
    const foreignImage = await create({ description: ONLY_A_FOREIGN_IMAGE });
    expect(foreignImage.statusCode).toBe(400);
    expect(Object.keys(foreignImage.json())).toEqual(["description"]);
    expect(await rowCounts()).toEqual(before);
  });

  it("keeps no body for a game, whatever markup was sent with it", async () => {
    const response = await create({ type: "game", gameBuildId: "reactor-simple", body: HARMLESS_EXTRA.sent });
    expect(response.statusCode).toBe(201);
    expect((await activityRow(response.json().id)).body).toBeNull();
  });
});
