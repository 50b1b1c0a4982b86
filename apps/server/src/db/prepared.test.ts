import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { MAX_PREPARED_PER_CONNECTION, PreparingClient, statementName, withPageWindowInlined } from "./prepared.ts";

let t: TestApp;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  // One connection, so every statement below meets the same one.
  pool = new pg.Pool({ connectionString: t.database.url, max: 1, Client: PreparingClient });
});
afterAll(async () => {
  await pool?.end();
  await t?.close();
});

const preparedTexts = async () =>
  (await pool.query<{ statement: string }>("select statement from pg_prepared_statements where name <> $1", ["none"])).rows.map((row) => row.statement);

describe("statements planned once per connection", () => {
  it("prepares a statement sent with parameters under its text's name, once, and runs it again by name", async () => {
    const text = "select $1::int + 1 as next";
    expect((await pool.query(text, [1])).rows).toEqual([{ next: 2 }]);
    expect((await pool.query({ text, values: [41] })).rows).toEqual([{ next: 42 }]);
    const named = await pool.query<{ name: string; statement: string }>("select name, statement from pg_prepared_statements where statement = $1", [text]);
    expect(named.rows).toEqual([{ name: statementName(text), statement: text }]);
  });

  it("writes a trailing page window's numbers into the text, so the plan is kept, and answers the same rows", async () => {
    const text = "select g from generate_series(1, $1::int) g order by g limit $2 offset $3";
    expect((await pool.query(text, [100, 3, 5])).rows).toEqual([{ g: 6 }, { g: 7 }, { g: 8 }]);
    expect((await pool.query(text, [100, 2, 0])).rows).toEqual([{ g: 1 }, { g: 2 }]);
    const texts = await preparedTexts();
    expect(texts).toContain("select g from generate_series(1, $1::int) g order by g limit 3 offset 5");
    expect(texts).toContain("select g from generate_series(1, $1::int) g order by g limit 2 offset 0");
  });

  it("writes in only a window that ends the statement, from its last parameters, of whole numbers", () => {
    expect(withPageWindowInlined("select 1 from t where a = $1 limit $2", ["x", 10])).toEqual({
      text: "select 1 from t where a = $1 limit 10",
      parameters: ["x"],
    });
    expect(withPageWindowInlined("select 1 from t limit $1 offset $2", [10, 20])).toEqual({ text: "select 1 from t limit 10 offset 20", parameters: [] });
    for (const [text, parameters] of [
      ["select 1 from t limit $1 for update", [10]],
      ["select 1 from (select 1 from t limit $1) s where a = $2", [10, "x"]],
      ["select 1 from t where a = $2 limit $1", [10, "x"]],
      ["select 1 from t limit $1", ["10"]],
      ["select 1 from t limit $1", [2.5]],
      ["select 1 from t limit $1", [-1]],
    ] as const) {
      expect(withPageWindowInlined(text, [...parameters])).toEqual({ text, parameters: [...parameters] });
    }
  });

  it("leaves statements without parameters unnamed: a script of several statements still runs", async () => {
    await pool.query("select 1; select 2");
    expect(await preparedTexts()).not.toContain("select 1; select 2");
  });

  it("keeps the names apart: two texts, two names, each stable", () => {
    expect(statementName("select $1")).toBe(statementName("select $1"));
    expect(statementName("select $1")).not.toBe(statementName("select $1 + 0"));
    expect(statementName("select $1").length).toBeLessThanOrEqual(63);
  });

  it("prepares a text afresh after a migration changed the columns it reads: one call fails, the next runs", async () => {
    await pool.query("create table prepared_probe (id int)");
    await pool.query("insert into prepared_probe values (1)");
    const text = "select p.* from prepared_probe p where p.id = $1";
    expect((await pool.query(text, [1])).rows).toEqual([{ id: 1 }]);
    await pool.query("alter table prepared_probe add column note text default 'added'");
    await expect(pool.query(text, [1])).rejects.toThrow(/cached plan must not change result type/);
    expect((await pool.query(text, [1])).rows).toEqual([{ id: 1, note: "added" }]);
    expect((await pool.query(text, [1])).rows).toEqual([{ id: 1, note: "added" }]);
  });

  it(`prepares at most ${MAX_PREPARED_PER_CONNECTION} texts per connection, and runs the rest unnamed`, async () => {
    for (let n = 0; n < MAX_PREPARED_PER_CONNECTION + 20; n += 1) await pool.query(`select $1::int as n${n}`, [n]);
    const count = (await pool.query<{ count: number }>("select count(*)::int as count from pg_prepared_statements where statement <> $1", ["none"])).rows[0]
      ?.count;
    expect(count).toBe(MAX_PREPARED_PER_CONNECTION);
    expect((await pool.query(`select $1::int as beyond`, [7])).rows).toEqual([{ beyond: 7 }]);
  });
});
