import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { migrationsFolder } from "./migrate.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

/**
 * Migration 0021 on a database made before it: the test databases are migrated while empty, so
 * here its statements run against a copy of the old `groups` table, holding the three groups,
 * in a schema of its own.
 */
describe("migration 0021: custom groups", () => {
  it("names the three groups in Spanish, marks them built-in, and numbers new groups from 100", async () => {
    const text = await readFile(path.join(migrationsFolder(), "0021_custom_groups.sql"), "utf8");
    const statements = text.split("--> statement-breakpoint").map((statement) => statement.trim());
    const rows = await t.db.transaction(async (tx) => {
      await tx.execute(sql`create schema before_0021`);
      await tx.execute(sql`set local search_path to before_0021`);
      await tx.execute(
        sql`create table groups (id smallint primary key, name text not null unique, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
      );
      await tx.execute(sql`insert into groups (id, name) values (1, 'Patient'), (2, 'Clinic'), (3, 'Therapist')`);
      for (const statement of statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into groups (name, name_es) values ('Reception', 'Recepción')`);
      const result = await tx.execute<{ id: number; name: string; name_es: string; builtin: boolean }>(
        sql`select id, name, name_es, builtin from groups order by id`,
      );
      await tx.execute(sql`drop schema before_0021 cascade`);
      return result.rows;
    });
    expect(rows).toEqual([
      { id: 1, name: "Patient", name_es: "Paciente", builtin: true },
      { id: 2, name: "Clinic", name_es: "Clínica", builtin: true },
      { id: 3, name: "Therapist", name_es: "Terapeuta", builtin: true },
      { id: 100, name: "Reception", name_es: "Recepción", builtin: false },
    ]);
  });
});
