import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../test/app.ts";
import { makeActivity, makeCategory, makeClinic } from "../../test/factories.ts";
import { countStatements, describeStatements, statementsBeyondIdentity } from "../../test/statements.ts";
import { PageCache } from "./page-cache.ts";

type Role = "admin" | "clinic" | "therapist";
let t: TestApp;
/** Another app node's connection: its writes never pass through this process. */
let otherNode: pg.Client;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ["admin", "clinic", "therapist"] as const) cookies[role] = await t.loginAs(role);
  const category = await makeCategory(t.db, { name: "Kept category" });
  for (let n = 0; n < 3; n += 1) await makeActivity(t.db, { name: `Kept activity ${n}`, categoryIds: [category.id] });
  otherNode = new pg.Client({ connectionString: t.database.url });
  await otherNode.connect();
});
afterAll(async () => {
  await otherNode?.end();
  await t?.close();
});

const get = (role: Role, url: string) => t.app.inject({ method: "GET", url, headers: { cookie: cookies[role] } });

/** The statements of a GET besides its identity (test/statements.ts). */
const ownStatements = (role: Role, url: string) => statementsBeyondIdentity(t.database.pool, () => get(role, url));

const CATALOGUE_LISTS: [Role, string][] = [
  ["therapist", "/api/activities/?rowsPerPage=10"],
  ["therapist", "/api/activities/?rowsPerPage=10&name=name&value=kept"],
  ["admin", "/api/activities/?rowsPerPage=10&name=name&value=kept"],
  ["therapist", "/api/categories/?rowsPerPage=10"],
  ["clinic", "/api/categories/"],
  ["therapist", "/api/recommendations/?rowsPerPage=10"],
  ["therapist", "/api/files/?rowsPerPage=10"],
];

describe("a kept list page", () => {
  it.each(CATALOGUE_LISTS)("as %s, %s is read once, then served with no statement of its own while nothing changes", async (role, url) => {
    // At most one: a role of the same scope may have kept the same page already.
    const first = await ownStatements(role, url);
    expect(first.own.length, describeStatements(first.own)).toBeLessThanOrEqual(1);
    const again = await ownStatements(role, url);
    expect(again.own, describeStatements(again.own)).toEqual([]);
    expect(again.body).toEqual(first.body);
  });

  it("is never shared between scopes: another clinic's therapist reads its own page", async () => {
    const url = "/api/activities/?rowsPerPage=50&name=name&value=scoped";
    const mine = await makeActivity(t.db, { name: "Scoped to the demo clinic", clinicId: t.ids.clinic });
    expect((await get("therapist", url)).json().data.map((row: { id: number }) => row.id)).toEqual([mine.id]);
    // The admin sees it too, with its own key (no clinic scope in the statement).
    expect((await get("admin", url)).json().total).toBe(1);
    const other = await makeClinic(t.db);
    const otherCookie = await t.login(other.therapist.email, other.therapist.password);
    const theirs = await t.app.inject({ method: "GET", url, headers: { cookie: otherCookie } });
    expect(theirs.json().total).toBe(0);
  });

  it("sees another app node's committed write on the very next request, and not its uncommitted one", async () => {
    const url = "/api/activities/?rowsPerPage=10&name=name&value=elsewhere";
    expect((await get("therapist", url)).json().total).toBe(0);
    expect((await ownStatements("therapist", url)).own).toEqual([]);

    await otherNode.query("begin");
    await otherNode.query("insert into activities (name, description, type) values ('Written elsewhere', '', 'text')");
    // Not committed yet: the kept page is still the truth.
    expect((await get("therapist", url)).json().total).toBe(0);
    await otherNode.query("commit");
    const after = await ownStatements("therapist", url);
    expect(after.own.length).toBe(1);
    expect(after.body.data.map((row: { name: string }) => row.name)).toEqual(["Written elsewhere"]);

    await otherNode.query("update activities set name = 'Renamed elsewhere' where name = 'Written elsewhere'");
    expect((await get("therapist", url)).json().data.map((row: { name: string }) => row.name)).toEqual(["Renamed elsewhere"]);
    // A write to a table the page only joins (the category links) is seen too.
    await otherNode.query("delete from activities where name = 'Renamed elsewhere'");
    expect((await get("therapist", url)).json().total).toBe(0);
  });

  it("lets two transactions write two versioned tables in opposite orders: both commit, neither waits, each version rises once per transaction", async () => {
    const versionOf = async (name: string) =>
      Number((await t.database.pool.query("select version from table_versions where name = $1", [name])).rows[0].version);
    const before = { activities: await versionOf("activities"), categories: await versionOf("categories") };
    const second = new pg.Client({ connectionString: t.database.url });
    await second.connect();
    try {
      await otherNode.query("begin");
      await second.query("begin");
      await otherNode.query("insert into categories (name, description) values ('Opposite order A', '')");
      await second.query("insert into activities (name, description, type) values ('Opposite order B', '', 'text')");
      // Each now writes the table the other wrote first. Bumping at once, each would wait for the
      // other's version row: a deadlock. Noted until commit, neither waits.
      await Promise.all([
        otherNode.query("insert into activities (name, description, type) values ('Opposite order A', '', 'text')"),
        second.query("insert into categories (name, description) values ('Opposite order B', '')"),
      ]);
      // Neither's version shows before its commit.
      expect(await versionOf("activities")).toBe(before.activities);
      await Promise.all([otherNode.query("commit"), second.query("commit")]);
    } finally {
      // After a failure, leave the shared connection out of its transaction for the next tests.
      await otherNode.query("rollback");
      await second.end();
    }
    expect(await versionOf("activities")).toBe(before.activities + 2);
    expect(await versionOf("categories")).toBe(before.categories + 2);
    const left = await t.database.pool.query("select count(*)::int as n from table_versions_pending");
    expect(left.rows[0].n).toBe(0);
  });

  it("sees a link changed in a joined table: a category renamed elsewhere shows in the activities' links", async () => {
    const category = await makeCategory(t.db, { name: "Before rename" });
    await makeActivity(t.db, { name: "Linked joined", categoryIds: [category.id] });
    const url = "/api/activities/?rowsPerPage=10&name=name&value=linked%20joined";
    expect((await get("therapist", url)).json().data[0].categories).toEqual([{ id: category.id, name: "Before rename" }]);
    await otherNode.query("update categories set name = 'After rename' where id = $1", [category.id]);
    expect((await get("therapist", url)).json().data[0].categories).toEqual([{ id: category.id, name: "After rename" }]);
  });

  it("sees the app's own write at once, through the API", async () => {
    const url = "/api/activities/?rowsPerPage=10&name=name&value=own%20write";
    expect((await get("admin", url)).json().total).toBe(0);
    const made = await t.app.inject({
      method: "POST",
      url: "/api/activities/",
      headers: { cookie: cookies.admin, origin: TEST_PUBLIC_URL },
      payload: { name: "Own write", description: "<p>x</p>", type: "text", body: "<p>x</p>", categoryIds: [], recommendationIds: [] },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await get("admin", url)).json().total).toBe(1);
  });

  it("answers a caller whose rights changed elsewhere afresh, once the change is heard: made admin, a therapist sees every clinic's rows", async () => {
    const other = await makeClinic(t.db);
    await makeActivity(t.db, { name: "Rights other clinic", clinicId: other.clinic.id });
    const url = "/api/activities/?rowsPerPage=10&name=name&value=rights";
    /** The therapist's total, asked until it is `total` (another node's change reaches this one by a notification), at most 3 s. */
    const untilTotal = async (total: number) => {
      const deadline = Date.now() + 3_000;
      let answer = (await get("therapist", url)).json();
      while (answer.total !== total && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        answer = (await get("therapist", url)).json();
      }
      return answer;
    };
    expect((await get("therapist", url)).json().total).toBe(0);
    expect((await ownStatements("therapist", url)).own).toEqual([]);
    await otherNode.query("update users set is_admin = true where id = $1", [t.ids.therapist]);
    try {
      const asAdmin = await untilTotal(1);
      expect(asAdmin.total).toBe(1);
      expect(asAdmin.data[0].editable).toBe(true);
    } finally {
      await otherNode.query("update users set is_admin = false where id = $1", [t.ids.therapist]);
    }
    expect((await untilTotal(0)).total).toBe(0);
  });

  it("tags a kept answer, and answers 304 without a body to a client holding the same bytes", async () => {
    const url = "/api/recommendations/?rowsPerPage=10";
    const first = await get("therapist", url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const held = await t.app.inject({ method: "GET", url, headers: { cookie: cookies.therapist, "if-none-match": `W/${etag}` } });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe("");
    await otherNode.query("update recommendations set name = name || ' (edited)' where id = (select min(id) from recommendations)");
    const changed = await t.app.inject({ method: "GET", url, headers: { cookie: cookies.therapist, "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("reads the table versions with the identity only on the routes that keep answers", async () => {
    const versionsRead = (statements: string[]) => statements.some((text) => /from table_versions/.test(text));
    const profile = await countStatements(t.database.pool, () => get("therapist", "/api/user-profile/"));
    expect(versionsRead(profile.statements)).toBe(false);
    await get("therapist", "/api/activities/?rowsPerPage=10");
    const list = await countStatements(t.database.pool, () => get("therapist", "/api/activities/?rowsPerPage=10"));
    expect(versionsRead(list.statements)).toBe(true);
    expect(list.statements, describeStatements(list.statements)).toHaveLength(1);
  });

  it("is not kept for a list that reads a table without a version (people)", async () => {
    await ownStatements("clinic", "/api/user-patients/?rowsPerPage=10");
    const again = await ownStatements("clinic", "/api/user-patients/?rowsPerPage=10");
    expect(
      again.own.filter((text) => /^\s*select\b/i.test(text) && /from "users"/.test(text)),
      describeStatements(again.own),
    ).toHaveLength(1);
  });
});

describe("PageCache", () => {
  const versions = "activities 4 categories 7";
  const local = () => "0";

  it("stamps a statement with the versions of every table it reads", () => {
    const cache = new PageCache<string>();
    const text = 'select "id" from "activities" left join "categories" on true where exists (select 1 from activities a)';
    expect(cache.stampOf(text, versions, local)).toEqual({ tables: ["activities", "categories"], stamp: "4.7./0" });
    expect(cache.stampOf(text, "activities 5 categories 7", local)?.stamp).toBe("5.7./0");
  });

  it("keeps nothing that reads a table without a version, uses the clock, or has no versions", () => {
    const cache = new PageCache<string>();
    expect(cache.stampOf('select 1 from "activities" join "users" on true', versions, local)).toBeNull();
    expect(cache.stampOf('select 1 from "activities" where "created_at" < now()', versions, local)).toBeNull();
    expect(cache.stampOf('select 1 from "activities" where "day" = current_date', versions, local)).toBeNull();
    expect(cache.stampOf('select 1 from "activities"', undefined, local)).toBeNull();
  });

  it("serves a page only under the stamp it was kept with, and forgets the oldest past its bound", () => {
    const cache = new PageCache<string>();
    cache.set("a", "1./0", "page a");
    expect(cache.get("a", "1./0")).toBe("page a");
    expect(cache.get("a", "2./0")).toBeUndefined();
    for (let n = 0; n < 2_000; n += 1) cache.set(`k${n}`, "1./0", "x");
    expect(cache.get("a", "1./0")).toBeUndefined();
  });
});
