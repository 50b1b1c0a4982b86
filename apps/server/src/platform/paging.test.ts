import type { PoolClient } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedActivities, SEARCH_WORD } from "../../bench/seed-activities.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../test/app.ts";
import { makeActivity, makeCategory, makeClinic, makeRecommendation } from "../../test/factories.ts";
import { assignedActivities, assignedRecommendations } from "../modules/clinic/assignments/assignments.table.ts";
import { describeStatements, statementsBeyondIdentity } from "../../test/statements.ts";
import { pagingSettings, TableWrites } from "./paging.ts";

type Role = "admin" | "clinic" | "therapist" | "patient";
let t: TestApp;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ["admin", "clinic", "therapist", "patient"] as const) cookies[role] = await t.loginAs(role);
  const category = await makeCategory(t.db, { name: "Paging category" });
  const recommendation = await makeRecommendation(t.db, { name: "Paging recommendation", categoryId: category.id });
  for (let n = 0; n < 12; n += 1)
    await makeActivity(t.db, { name: `Paging activity ${n}`, categoryIds: [category.id], recommendationIds: [recommendation.id] });
  // The demo patient's own assignments, for the assignment lists.
  await t.db.insert(assignedRecommendations).values({ recommendationId: recommendation.id, patientId: t.ids.patient });
  await t.db.insert(assignedActivities).values({ activityId: (await makeActivity(t.db)).id, patientId: t.ids.patient, date: "2026-01-05", duration: 10 });
});
afterAll(async () => t?.close());

const get = (role: Role, url: string) => t.app.inject({ method: "GET", url, headers: { cookie: cookies[role] } });

/** Statements a GET runs beyond its identity (test/statements.ts). */
async function listStatements(role: Role, url: string) {
  const list = await statementsBeyondIdentity(t.database.pool, () => get(role, url));
  // Writes a read makes (the audit record of a patient's data) are allowed on top, as issue 14 says.
  const own = list.own.filter((text) => !/^\s*(insert|update|delete)\b/i.test(text));
  return { own: own.length, statements: list.statements, body: list.body };
}

/** The page's capped count, as platform/paging.ts writes it into the page's statement. */
const COUNTED = /\) as counted\)/;

/** The catalogue's lists, and the people and assignment lists, each as a role allowed to read it. */
const LISTS: [Role, string][] = [
  ["therapist", "/api/activities/?rowsPerPage=10"],
  ["admin", "/api/activities/?rowsPerPage=10"],
  ["therapist", "/api/activities/?rowsPerPage=10&name=name&value=paging"],
  ["therapist", "/api/activityCategories/?rowsPerPage=10"],
  ["therapist", "/api/categories/?rowsPerPage=10"],
  ["therapist", "/api/recommendations/?rowsPerPage=10"],
  ["therapist", "/api/files/?rowsPerPage=10"],
  ["therapist", "/api/user-patients/?rowsPerPage=10"],
  ["clinic", "/api/user-patients/?rowsPerPage=10"],
  ["clinic", "/api/staff/?rowsPerPage=10"],
  ["admin", "/api/clinics/?rowsPerPage=10"],
  ["admin", "/api/users/?rowsPerPage=10"],
];

describe("a list page", () => {
  it.each([
    ["therapist", (ids: TestApp["ids"]) => `/api/assignActivityList/${ids.patient}/?rowsPerPage=10`],
    ["therapist", (ids: TestApp["ids"]) => `/api/patientAssignActivities/${ids.patient}?rowsPerPage=10`],
    ["patient", (ids: TestApp["ids"]) => `/api/patientAssignActivities/${ids.patient}?rowsPerPage=10`],
    ["therapist", (ids: TestApp["ids"]) => `/api/patients-recommendations/${ids.patient}?rowsPerPage=10`],
    ["therapist", () => "/api/assignListRecommendations/?rowsPerPage=10"],
  ] as [Role, (ids: TestApp["ids"]) => string][])(
    "as %s, an assignment list runs its page in one statement, the patient's check in it",
    async (role, urlOf) => {
      await makeRecommendation(t.db);
      const first = await listStatements(role, urlOf(t.ids));
      expect(first.body.data.length, "the check rides on the page's rows: the demo patient has some").toBeGreaterThan(0);
      expect(first.own, describeStatements(first.statements)).toBeLessThanOrEqual(1);
      expect(first.statements.filter((text) => COUNTED.test(text))).toHaveLength(1);
      const again = await listStatements(role, urlOf(t.ids));
      expect(again.own, describeStatements(again.statements)).toBeLessThanOrEqual(1);
      expect(again.statements.some((text) => COUNTED.test(text))).toBe(false);
    },
  );

  it("refuses with 404 another clinic's patient whose page has rows, the check riding on them", async () => {
    const other = await makeClinic(t.db);
    const recommendation = await makeRecommendation(t.db);
    await t.db.insert(assignedRecommendations).values({ recommendationId: recommendation.id, patientId: other.patient.id });
    await t.db.insert(assignedActivities).values({ activityId: (await makeActivity(t.db)).id, patientId: other.patient.id, date: "2026-01-05", duration: 10 });
    for (const url of [
      `/api/patients-recommendations/${other.patient.id}`,
      `/api/assignActivityList/${other.patient.id}/`,
      `/api/patientAssignActivities/${other.patient.id}`,
    ]) {
      const refused = await get("therapist", url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.body).not.toContain(recommendation.name);
    }
  });

  it.each(LISTS)("as %s, %s runs one statement of its own, counted or not", async (role, url) => {
    // A write first, so the total is not cached: the page counts in its own statement.
    await makeCategory(t.db);
    await makeRecommendation(t.db);
    await makeActivity(t.db);
    const first = await listStatements(role, url);
    expect(first.own, describeStatements(first.statements)).toBeLessThanOrEqual(1);
    expect(first.statements.some((text) => COUNTED.test(text))).toBe(true);
    // Again, the total is known: the page's statement does not count.
    const again = await listStatements(role, url);
    expect(again.own, describeStatements(again.statements)).toBeLessThanOrEqual(1);
    expect(again.statements.some((text) => COUNTED.test(text))).toBe(false);
    expect(again.body.total).toBe(first.body.total);
  });

  it("reflects a created or deleted activity, and a linked category, in the next page's total and links at once", async () => {
    const url = "/api/activities/?rowsPerPage=5&name=name&value=reflect";
    expect((await get("admin", url)).json().total).toBe(0);
    const made = await t.app.inject({
      method: "POST",
      url: "/api/activities/",
      headers: { cookie: cookies.admin, origin: TEST_PUBLIC_URL },
      payload: { name: "Reflect me", description: "<p>Shown at once.</p>", type: "text", body: "<p>Read.</p>", categoryIds: [], recommendationIds: [] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const afterCreate = (await get("admin", url)).json();
    expect(afterCreate.total).toBe(1);
    expect(afterCreate.data[0].categories).toEqual([]);

    const category = await makeCategory(t.db, { name: "Linked at once" });
    const linked = await t.app.inject({
      method: "PUT",
      url: `/api/activity/${id}`,
      headers: { cookie: cookies.admin, origin: TEST_PUBLIC_URL },
      payload: {
        name: "Reflect me",
        description: "<p>Shown at once.</p>",
        type: "text",
        body: "<p>Read.</p>",
        categoryIds: [category.id],
        recommendationIds: [],
      },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await get("admin", url)).json().data[0].categories).toEqual([{ id: category.id, name: "Linked at once" }]);
    const byCategory = `/api/activities/?rowsPerPage=5&category=${category.id}`;
    expect((await get("admin", byCategory)).json().total).toBe(1);

    const removed = await t.app.inject({ method: "DELETE", url: `/api/activity/${id}`, headers: { cookie: cookies.admin, origin: TEST_PUBLIC_URL } });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await get("admin", url)).json().total).toBe(0);
    expect((await get("admin", byCategory)).json().total).toBe(0);
  });

  it("past the last page, still answers the total", async () => {
    const body = (await get("admin", "/api/activities/?rowsPerPage=10&page=999&name=name&value=paging")).json();
    expect(body.data).toEqual([]);
    expect(body.total).toBe(12);
  });

  it("counts only up to the cap, and says the total is at least that", async () => {
    const cap = pagingSettings.cap;
    pagingSettings.cap = 5;
    try {
      const body = (await get("admin", "/api/activities/?rowsPerPage=2&name=name&value=paging")).json();
      expect(body.total).toBe(5);
      expect(body.totalCapped).toBe(true);
      expect(body.data).toHaveLength(2);
      // A page past the cap counts to its own end, so the total never falls short of what is shown.
      const deep = (await get("admin", "/api/activities/?rowsPerPage=2&page=4&name=name&value=paging")).json();
      expect(deep.total).toBe(8);
      expect(deep.totalCapped).toBe(true);
      // Under the cap the total is exact, without the flag.
      const exact = (await get("admin", "/api/activities/?rowsPerPage=2&name=name&value=paging%20activity%201")).json();
      expect(exact.total).toBe(3);
      expect(exact.totalCapped).toBeUndefined();
    } finally {
      pagingSettings.cap = cap;
    }
  });
});

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}
/** Every node of a plan that reads a relation, InitPlans and SubPlans included. */
function scansOf(node: PlanNode): { type: string; relation: string }[] {
  const own = node["Relation Name"] ? [{ type: node["Node Type"], relation: node["Relation Name"] }] : [];
  return [...own, ...(node.Plans ?? []).flatMap(scansOf)];
}

/** The plan of one statement as PostgreSQL would run it, with its parameters. */
async function planOf(text: string, values: unknown[]): Promise<PlanNode> {
  const client = await t.database.pool.connect();
  try {
    // A prepared statement planned with its values (custom plan), as the first runs of the app's are.
    await client.query("set plan_cache_mode = force_custom_plan");
    const result = await client.query({ text: `explain (format json) ${text}`, values });
    return result.rows[0]["QUERY PLAN"][0].Plan as PlanNode;
  } finally {
    await client.query("reset plan_cache_mode");
    client.release();
  }
}

/** The page statement a GET sends (the one reading `activities` a page at a time), with its parameters. */
async function pageStatement(role: Role, url: string): Promise<{ text: string; values: unknown[] }> {
  const seen: { text: string; values: unknown[] }[] = [];
  const undo: (() => void)[] = [];
  const wrapped = new WeakSet<PoolClient>();
  const onAcquire = (client: PoolClient) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query;
    undo.push(() => {
      client.query = query;
    });
    // pg's query takes (text | config, values?, callback?): all are passed on, the text and values kept.
    client.query = ((...args: unknown[]) => {
      const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown];
      const text = typeof config === "string" ? config : config.text;
      const params = Array.isArray(values) ? values : typeof config === "string" ? [] : (config.values ?? []);
      seen.push({ text, values: params });
      return (query as (...a: unknown[]) => unknown).apply(client, args);
    }) as typeof client.query;
  };
  t.database.pool.on("acquire", onAcquire);
  try {
    expect((await get(role, url)).statusCode).toBe(200);
  } finally {
    t.database.pool.off("acquire", onAcquire);
    for (const step of undo) step();
  }
  const page = seen.find((statement) => /from "activities"/.test(statement.text) && /limit/.test(statement.text));
  if (!page) throw new Error(`no page statement seen for ${url}`);
  return page;
}

describe("over a large catalogue", () => {
  beforeAll(async () => {
    await seedActivities(t.database.url, 30_000, () => {});
  }, 120_000);

  it.each([
    ["therapist", "/api/activities/?rowsPerPage=10"],
    ["admin", "/api/activities/?rowsPerPage=10"],
    ["therapist", `/api/activities/?rowsPerPage=10&name=name&value=${SEARCH_WORD}`],
    ["admin", `/api/activities/?rowsPerPage=10&name=name&value=${SEARCH_WORD}`],
  ] as [Role, string][])("as %s, %s reads indexes, never the whole activities table", async (role, url) => {
    await makeActivity(t.db); // the total is counted, in the page's statement
    const { text, values } = await pageStatement(role, url);
    expect(text).toMatch(COUNTED);
    const scans = scansOf(await planOf(text, values));
    expect(scans.filter((scan) => scan.relation === "activities").length).toBeGreaterThan(0);
    expect(scans.filter((scan) => scan.relation === "activities" && scan.type === "Seq Scan")).toEqual([]);
  });
});

describe("the write tracker", () => {
  it("bumps the tables a statement writes, as Drizzle and hand-written SQL name them", () => {
    const writes = new TableWrites();
    const before = writes.stamp(["activities", "activity_categories", "sessions", "categories"]);
    writes.logQuery('insert into "activities" ("name") values ($1)');
    expect(writes.stamp(["activities"])).toBe("1");
    writes.logQuery('update "public"."activity_categories" set "category_id" = $1');
    writes.logQuery("with refreshed as ( update sessions set expires_at = $1 returning 1 ) select 1");
    writes.logQuery('delete from "categories" where "id" = $1');
    expect(writes.stamp(["activities", "activity_categories", "sessions", "categories"])).not.toBe(before);
    expect(writes.stamp(["activity_categories", "sessions", "categories"])).toBe("1.1.1");
    // A read changes nothing.
    writes.logQuery('select "id" from "activities" where "name" ilike $1');
    expect(writes.stamp(["activities"])).toBe("1");
  });

  it("bumps a transaction's tables again when it ends, so a total counted before its commit is dropped", () => {
    const writes = new TableWrites();
    writes.logQuery("begin");
    writes.logQuery('insert into "activities" ("name") values ($1)');
    const counted = writes.stamp(["activities"]);
    writes.logQuery("commit");
    expect(writes.stamp(["activities"])).not.toBe(counted);
    // Once no transaction is open, later commits leave the table alone.
    const after = writes.stamp(["activities"]);
    writes.logQuery("begin");
    writes.logQuery("commit");
    expect(writes.stamp(["activities"])).toBe(after);
  });
});
