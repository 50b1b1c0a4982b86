import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { SystemCheckReport } from "@clinic/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { BACKUP_QUEUE } from "./backup.job.ts";
import { verifyArchive } from "./restore.ts";

let t: TestApp;
let dir: string;
let admin: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "backup-schedule-"));
  t = await createTestApp({ env: { BACKUP_DIR: dir, BACKUP_KEEP: "2", BACKUP_CRON: "0 3 * * *" } });
  admin = await t.loginAs("admin");
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

async function backupsCheck() {
  const response = await t.app.inject({ method: "GET", url: "/api/system-check/", headers: { cookie: admin } });
  expect(response.statusCode).toBe(200);
  return (response.json() as SystemCheckReport).checks.find((check) => check.name === "backups");
}

/** One slot of the schedule, as the node that takes it runs it. */
async function runScheduledBackup() {
  await t.app.jobs.send(BACKUP_QUEUE, {});
  expect(await t.app.jobs.drain(BACKUP_QUEUE)).toBe(1);
}

describe("scheduled backups", () => {
  it("is scheduled on the job queue with BACKUP_CRON", async () => {
    const schedules = await t.database.pool.query("select name, cron from pgboss.schedule where name = $1", [BACKUP_QUEUE]);
    expect(schedules.rows).toEqual([{ name: BACKUP_QUEUE, cron: "0 3 * * *" }]);
  });

  it("writes an archive into BACKUP_DIR, which the system check shows with its size, and keeps the newest BACKUP_KEEP", async () => {
    expect(await backupsCheck()).toMatchObject({ ok: true, figures: { lastBackupAt: null, schedule: "0 3 * * *", keep: 2 } });
    await runScheduledBackup();
    const [first] = await readdir(dir);
    expect(first).toMatch(/^therapy-platform-\d{8}T\d{6}Z\.tar$/);
    await verifyArchive(path.join(dir, first as string));
    const check = await backupsCheck();
    expect(check).toMatchObject({ ok: true, figures: { lastBackupFile: first, lastBackupSize: expect.stringMatching(/^\d+\.\d (KB|MB)$/) } });
    expect(Date.parse(String(check?.figures.lastBackupAt))).toBeGreaterThan(Date.now() - 60_000);

    for (let run = 0; run < 2; run++) {
      // Names carry the second: two backups within one would share one.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await runScheduledBackup();
    }
    const kept = (await readdir(dir)).sort();
    expect(kept).toHaveLength(2);
    expect(kept).not.toContain(first);
  });

  it("shows a failed backup red with its reason, still naming the last one that worked", async () => {
    const before = await backupsCheck();
    await t.database.pool.query(
      "insert into backup_runs (file, trigger, finished_at, error) values ('therapy-platform-x.tar', 'schedule', now(), 'disk full')",
    );
    expect(await backupsCheck()).toMatchObject({
      ok: false,
      reason: "backupFailed",
      detail: "disk full",
      figures: { lastBackupFile: before?.figures.lastBackupFile },
    });
  });
});
