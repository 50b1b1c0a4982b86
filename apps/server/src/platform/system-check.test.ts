import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { SYSTEM_CHECK_NAMES, type SystemCheck, type SystemCheckReport } from "@clinic/shared";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { caller, lastMailTo } from "../../test/people.ts";
import { startSmtpServer } from "../../test/smtp.ts";
import { auditEvents } from "../db/schema.ts";
import { latestMigration } from "./health.ts";
import { createMailer, smtpTransport } from "./mail.ts";
import { mailMessages } from "./mail.table.ts";
import { runSystemChecks, type SystemCheckDeps, sendTestEmail } from "./system-check.ts";
import type { BlobStore } from "./uploads.ts";

let t: TestApp;
let admin: string;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAs("admin");
  call = caller(t);
});
afterAll(() => t?.close());

const checkOf = (report: SystemCheckReport, name: SystemCheck["name"]) => report.checks.find((check) => check.name === name) as SystemCheck;

/** The dependencies the route passes, with some replaced. */
function deps(overrides: Partial<SystemCheckDeps> = {}): SystemCheckDeps {
  return {
    db: t.db,
    jobs: t.app.jobs,
    jobSettings: t.config.jobs,
    store: t.app.uploads,
    storage: { backend: "disk", location: t.config.uploads.dir },
    mail: { transport: null, smtpHost: null },
    commit: undefined,
    backups: t.config.backups,
    ...overrides,
  };
}

/** The app's store, with one method replaced. */
function storeWith(change: Partial<BlobStore>): BlobStore {
  const real = t.app.uploads;
  return {
    stagingDir: real.stagingDir,
    put: change.put ?? ((...args) => real.put(...args)),
    read: change.read ?? ((...args) => real.read(...args)),
    remove: change.remove ?? ((...args) => real.remove(...args)),
  };
}

describe("GET /api/system-check/", () => {
  it("shows every check green on a healthy app, with its figures, and leaves no probe behind", async () => {
    const response = await call("GET", "/api/system-check/", admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const report = response.json() as SystemCheckReport;
    expect(report.checks.map((check) => check.name)).toEqual([...SYSTEM_CHECK_NAMES]);
    for (const check of report.checks) expect(check, check.name).toMatchObject({ ok: true, reason: null });
    expect(report.ok).toBe(true);

    expect(checkOf(report, "database").figures).toMatchObject({ poolSize: 4 });
    expect(String(checkOf(report, "database").figures.serverVersion)).toMatch(/^\d+/);
    const migrations = checkOf(report, "migrations").figures;
    expect(migrations).toMatchObject({ pending: 0, latest: latestMigration().tag });
    expect(migrations.applied).toBe(migrations.shipped);
    expect(checkOf(report, "jobs").figures).toMatchObject({ worker: false, overdueAfterMinutes: 15, failed: 0 });
    expect(checkOf(report, "storage").figures).toMatchObject({ backend: "disk", location: path.resolve(t.config.uploads.dir) });
    expect(checkOf(report, "mail").figures).toMatchObject({ transport: "outbox", host: null });
    expect(checkOf(report, "versions").figures).toMatchObject({ app: "0.1.0", node: process.version, commit: null });

    const probes = path.join(t.config.uploads.dir, "system-check");
    expect(existsSync(probes) ? readdirSync(probes) : []).toEqual([]);
    expect(readdirSync(t.app.uploads.stagingDir)).toEqual([]);
  });

  it("shows the migrations red, naming the missing one, when the database lacks the newest", async () => {
    const latest = latestMigration();
    const [row] = (
      await t.db.execute<{ id: number; hash: string; created_at: string }>(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${latest.when} returning id, hash, created_at::text`,
      )
    ).rows;
    try {
      const report = (await call("GET", "/api/system-check/", admin)).json() as SystemCheckReport;
      expect(report.ok).toBe(false);
      expect(checkOf(report, "migrations")).toMatchObject({ ok: false, reason: "pendingMigrations", detail: latest.tag, figures: { pending: 1 } });
      expect(checkOf(report, "database").ok).toBe(true);
    } finally {
      await t.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row?.id}, ${row?.hash}, ${row?.created_at}::bigint)`);
    }
  });

  it("shows the job queue red when a due job has waited past the threshold, with its age", async () => {
    const id = await t.app.jobs.send("mail.deliver", { id: -1 });
    await t.db.execute(sql`update pgboss.job set start_after = now() - interval '1 hour' where id = ${id}`);
    try {
      const report = (await call("GET", "/api/system-check/", admin)).json() as SystemCheckReport;
      const jobs = checkOf(report, "jobs");
      expect(jobs).toMatchObject({ ok: false, reason: "jobsOverdue", figures: { queued: 1 } });
      expect(Number(jobs.figures.oldestDueSeconds)).toBeGreaterThanOrEqual(3600);
    } finally {
      await t.db.execute(sql`delete from pgboss.job where id = ${id}`);
    }
    expect(checkOf((await call("GET", "/api/system-check/", admin)).json(), "jobs").ok).toBe(true);
  });

  it("refuses every other role (403) and asks who is calling (401)", async () => {
    for (const role of ["clinic", "therapist", "patient"] as const) {
      const cookie = await t.loginAs(role);
      expect((await call("GET", "/api/system-check/", cookie)).statusCode, role).toBe(403);
      expect((await call("POST", "/api/system-check/email", cookie, { to: "someone@example.com" })).statusCode, role).toBe(403);
    }
    expect((await call("GET", "/api/system-check/")).statusCode).toBe(401);
  });
});

describe("runSystemChecks with a broken dependency", () => {
  it("shows storage red with the store's error, the other checks still green, and removes its staged file", async () => {
    const denied = Object.assign(new Error("EACCES: permission denied, open '/srv/uploads/system-check'"), { code: "EACCES" });
    const report = await runSystemChecks(deps({ store: storeWith({ put: () => Promise.reject(denied) }) }));
    expect(checkOf(report, "storage")).toMatchObject({ ok: false, reason: "error", detail: denied.message, figures: { backend: "disk" } });
    expect(report.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual(["storage"]);
    expect(report.ok).toBe(false);
    expect(readdirSync(t.app.uploads.stagingDir)).toEqual([]);
  });

  it("shows storage red when the bytes read back differ, and still deletes the probe", async () => {
    const removed: string[] = [];
    const store = storeWith({
      read: async () => Readable.from([Buffer.from("something else")]),
      remove: async (key) => {
        removed.push(key);
        await t.app.uploads.remove(key);
      },
    });
    const storage = checkOf(await runSystemChecks(deps({ store })), "storage");
    expect(storage).toMatchObject({ ok: false, reason: "mismatch" });
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatch(/^system-check\/[0-9a-f]{32}$/);
    expect(readdirSync(path.join(t.config.uploads.dir, "system-check"))).toEqual([]);
  });

  it("answers a dependency that never answers as timed out instead of waiting for it", async () => {
    const silent = storeWith({ put: () => new Promise<never>(() => {}) });
    const report = await runSystemChecks(deps({ store: silent, timeoutMs: 200 }));
    expect(checkOf(report, "storage")).toMatchObject({ ok: false, reason: "timedOut", figures: { timeoutSeconds: 0.2 } });
    expect(checkOf(report, "database").ok).toBe(true);
  });

  it("shows the job queue red when this node's queue is not running", async () => {
    const jobs = checkOf(await runSystemChecks(deps({ jobs: { isRunning: () => false } })), "jobs");
    expect(jobs).toMatchObject({ ok: false, reason: "queueStopped", figures: { queued: 0 } });
  });

  it("verifies an SMTP server it can reach, and shows mail red with its words when it refuses the sign-in", async () => {
    const server = await startSmtpServer({ auth: { user: "mailer", pass: "secret" } });
    const good = smtpTransport(server.url, "Clinic <hello@clinic.example>");
    const wrong = smtpTransport(server.url.replace("secret", "wrong"), "Clinic <hello@clinic.example>");
    try {
      const host = new URL(server.url).host;
      expect(checkOf(await runSystemChecks(deps({ mail: { transport: good, smtpHost: host } })), "mail")).toMatchObject({
        ok: true,
        figures: { transport: "smtp", host },
      });
      const refused = checkOf(await runSystemChecks(deps({ mail: { transport: wrong, smtpHost: host } })), "mail");
      expect(refused).toMatchObject({ ok: false, reason: "error" });
      expect(refused.detail).toMatch(/Invalid username or password/);
      expect(refused.detail).not.toContain("secret");
    } finally {
      good.close();
      wrong.close();
      await server.close();
    }
  });
});

describe("POST /api/system-check/email", () => {
  it("puts the test email in the outbox, readable by admins, and leaves an audit record", async () => {
    const response = await call("POST", "/api/system-check/email", admin, { to: " Check.Me@Example.com " });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ to: "check.me@example.com", status: "outbox" });
    const row = await lastMailTo(t.db, "check.me@example.com");
    expect(row).toMatchObject({ id: response.json().id, kind: "system-check", status: "outbox", subject: "Test email from the therapy platform" });
    const listed = (await call("GET", "/api/mail-messages/?kind=system-check", admin)).json() as { data: { id: number }[] };
    expect(listed.data.map((message) => message.id)).toContain(row.id);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "system-check.email"), eq(auditEvents.actorId, t.ids.admin)));
    expect(audit).toMatchObject({ outcome: "ok", detail: { to: "check.me@example.com" } });
  });

  it("answers a bad address 400 on the field, and writes nothing", async () => {
    const before = await t.db.select({ n: count() }).from(mailMessages);
    for (const body of [{ to: "not-an-address" }, { to: "" }, {}, { to: "a@example.com", cc: "b@example.com" }]) {
      const response = await call("POST", "/api/system-check/email", admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if ("to" in body && body.to !== "a@example.com") expect(response.json().to, JSON.stringify(body)).toEqual([expect.any(String)]);
    }
    expect(await t.db.select({ n: count() }).from(mailMessages)).toEqual(before);
  });

  it("sends over SMTP when configured, and answers 502 with the server's words when it refuses", async () => {
    const accepting = await startSmtpServer();
    const refusing = await startSmtpServer({ rejectRecipients: true });
    const settings = { from: "Clinic <hello@clinic.example>", publicUrl: "http://localhost:8000" };
    const good = createMailer(t.db, { ...settings, smtpUrl: accepting.url });
    const bad = createMailer(t.db, { ...settings, smtpUrl: refusing.url });
    try {
      expect(await sendTestEmail(good, "smtp.check@example.com", "es")).toMatchObject({ status: "sent" });
      expect(accepting.messages).toHaveLength(1);
      expect(accepting.messages[0]?.decoded).toContain("Correo de prueba");
      const failure = await sendTestEmail(bad, "refused@example.com", "en").catch((error: unknown) => error);
      expect(failure).toMatchObject({ statusCode: 502 });
      expect((failure as Error).message).toMatch(/did not accept the message: .*Mailbox unavailable/);
      expect(await lastMailTo(t.db, "refused@example.com")).toMatchObject({ status: "failed" });
    } finally {
      good.close();
      bad.close();
      await Promise.all([accepting.close(), refusing.close()]);
    }
  });
});
