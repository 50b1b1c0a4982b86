import { randomUUID } from "node:crypto";
import { AUDIT_MESSAGES, type AccessLogEntry, type AuditRecord, type AuditTrailStatus, type SystemCheckReport } from "@clinic/shared";
import ExcelJS from "exceljs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { dayFromToday, type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { countStatements, describeStatements, isIdentityStatement } from "../../../test/statements.ts";
import { auditEvents } from "../../db/schema.ts";
import { runAuditVerify } from "../../platform/audit-chain.ts";
import { auditWriter } from "../../platform/audit.ts";
import { sealPendingAuditRecords } from "../../platform/audit-sequencer.ts";
import { AUDIT_VERIFY_QUEUE, storeVerification, yesterday } from "../../platform/audit-verifications.ts";

let t: TestApp;
let r: RoleCalls;
/** Every record this file writes by hand carries an action under this prefix. */
const TEST = "test.audit";

const utcToday = () => new Date().toISOString().slice(0, 10);

async function write(action: string, actorId: string | null, subjectUserId: string | null, outcome: "ok" | "refused" = "ok") {
  await auditWriter(t.db).write({ action: `${TEST}.${action}`, actorId, subjectUserId, outcome, detail: { by: "test" }, ip: "10.0.0.1" });
}

beforeAll(async () => {
  t = await createTestApp();
  r = await signInRoles(t);
  const { ids } = t;
  const other = r.other;
  await write("therapist-reads-patient", ids.therapist, ids.patient);
  await write("patient-own", ids.patient, ids.patient);
  await write("job", null, ids.patient);
  await write("refused", ids.therapist, ids.patient, "refused");
  await write("other-clinic", other.therapist.id, other.patient.id);
  await write("clinic-reads-patient2", ids.clinic, ids.patient2);
  await write("admin-reads-patient", ids.admin, ids.patient);
});
afterAll(async () => t?.close());

const list = (who: Who, query: string) => r.send(who, "GET", `/api/audit/?${query}`);
const actionsOf = (body: { data: AuditRecord[] }) => body.data.map((row) => row.action.replace(`${TEST}.`, ""));

describe("GET /api/audit/: who sees what", () => {
  it("shows admins every record, newest first, with the actor's name and role and the person's name", async () => {
    const response = await list("admin", `action=${TEST}&rowsPerPage=100`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: AuditRecord[]; total: number; page: number };
    expect(actionsOf(body)).toEqual([
      "admin-reads-patient",
      "clinic-reads-patient2",
      "other-clinic",
      "refused",
      "job",
      "patient-own",
      "therapist-reads-patient",
    ]);
    expect(body.total).toBe(7);
    const first = body.data.find((row) => row.action === `${TEST}.therapist-reads-patient`) as AuditRecord;
    expect(first).toMatchObject({
      outcome: "ok",
      ip: "10.0.0.1",
      detail: { by: "test" },
      actor: { id: t.ids.therapist, role: "therapist" },
      subject: { id: t.ids.patient },
    });
    expect(first.actor?.name).toMatch(/\S/);
    expect(first.subject?.name).toMatch(/\S/);
    expect(Date.parse(first.at)).not.toBeNaN();
    expect(body.data.find((row) => row.action === `${TEST}.job`)?.actor).toBeNull();
  });

  it("shows a clinic only the records of its own people, never another clinic's", async () => {
    const body = (await list("clinic", `action=${TEST}&rowsPerPage=100`)).json() as { data: AuditRecord[]; total: number };
    expect(actionsOf(body)).toEqual(["admin-reads-patient", "clinic-reads-patient2", "refused", "job", "patient-own", "therapist-reads-patient"]);
    expect(body.total).toBe(6);
    const other = (await list("otherClinic", `action=${TEST}&rowsPerPage=100`)).json() as { data: AuditRecord[] };
    expect(actionsOf(other)).toEqual(["other-clinic"]);
  });

  it("answers a clinic 404, with nothing told, when a filter names another clinic's person", async () => {
    for (const query of [`subject=${r.other.patient.id}`, `actor=${r.other.therapist.id}`, `actor=${t.ids.therapist}&subject=${r.other.patient.id}`]) {
      const response = await list("clinic", query);
      expect(response.statusCode, query).toBe(404);
      expect(response.json()).toEqual({ detail: "Not found." });
      const exported = await r.send("clinic", "GET", `/api/audit/export?format=csv&${query}`);
      expect(exported.statusCode, query).toBe(404);
      expect(exported.body).not.toContain(TEST);
    }
    // The refusal is itself on record, without naming the other clinic's person where the clinic reads its own actions.
    const [refused] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "audit.list"), eq(auditEvents.actorId, t.ids.clinic), eq(auditEvents.outcome, "refused")));
    expect(refused).toMatchObject({ subjectUserId: null, detail: { subject: r.other.patient.id } });
    const own = (await list("clinic", "action=audit.&rowsPerPage=100")).json() as { data: AuditRecord[] };
    expect(own.data.length).toBeGreaterThan(0);
    expect(JSON.stringify(own.data.map((row) => row.subject))).not.toContain(r.other.patient.id);
  });

  it("filters by actor, person, action, outcome and dates", async () => {
    const rows = async (query: string) => actionsOf((await list("admin", `action=${TEST}&${query}`)).json());
    expect(await rows(`actor=${t.ids.therapist}`)).toEqual(["refused", "therapist-reads-patient"]);
    expect(await rows(`subject=${t.ids.patient2}`)).toEqual(["clinic-reads-patient2"]);
    expect(await rows("outcome=refused")).toEqual(["refused"]);
    expect(actionsOf((await list("admin", `action=${TEST}.job`)).json())).toEqual(["job"]);
    expect(await rows(`since=${utcToday()}&to=${utcToday()}`)).toHaveLength(7);
    expect(await rows(`since=${dayFromToday(-20)}&to=${dayFromToday(-2)}`)).toEqual([]);
    // `%` and `_` are literal in an action.
    expect((await list("admin", "action=%25")).json().total).toBe(0);
  });

  it("pages", async () => {
    const second = (await list("admin", `action=${TEST}&rowsPerPage=3&page=2`)).json() as { data: AuditRecord[]; page: number; total: number };
    expect(second.page).toBe(2);
    expect(second.total).toBe(7);
    expect(actionsOf(second)).toEqual(["refused", "job", "patient-own"]);
  });

  it.each(["therapist", "patient", "otherTherapist", "otherPatient"] as Who[])("refuses %s (403) on the list and the export", async (who) => {
    expect((await list(who, "")).statusCode).toBe(403);
    expect((await r.send(who, "GET", "/api/audit/export?format=csv")).statusCode).toBe(403);
  });

  it("records every use of the screen", async () => {
    await list("admin", `action=${TEST}.job&outcome=ok`);
    const [used] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "audit.list"), eq(auditEvents.actorId, t.ids.admin), sql`${auditEvents.detail}->>'outcome' = 'ok'`));
    expect(used).toMatchObject({ outcome: "ok", detail: { action: `${TEST}.job`, outcome: "ok", page: 1 } });
  });
});

describe("bad input: a 400 naming the field, nothing read", () => {
  it.each([
    ["the end before the start", `since=${dayFromToday(0)}&to=${dayFromToday(-1)}`, "to", AUDIT_MESSAGES.toBeforeSince],
    ["a range over a year", `since=2025-01-01&to=2026-01-02`, "to", AUDIT_MESSAGES.rangeTooLong],
    ["an unknown actor", `actor=${randomUUID()}`, "actor", AUDIT_MESSAGES.unknownUser],
    ["an unknown person", `subject=${randomUUID()}`, "subject", AUDIT_MESSAGES.unknownUser],
    ["an actor that is no user id", "actor=nobody", "actor", "Must be a user id (a UUID)."],
    ["a date that does not exist", "since=2026-02-30", "since", AUDIT_MESSAGES.date],
    ["an unknown outcome", "outcome=maybe", "outcome", undefined],
  ])("%s", async (_label, query, field, message) => {
    for (const url of [`/api/audit/?${query}`, `/api/audit/export?format=csv&${query}`]) {
      const response = await r.send("admin", "GET", url);
      expect(response.statusCode, url).toBe(400);
      const body = response.json() as Record<string, string[]>;
      expect(Object.keys(body), url).toEqual([field]);
      if (message) expect(body[field]).toEqual([message]);
    }
  });

  it("takes a range of exactly a year (366 days)", async () => {
    expect((await list("admin", "since=2024-01-01&to=2024-12-31")).statusCode).toBe(200);
    expect((await list("admin", "since=2025-01-01&to=2026-01-01")).statusCode).toBe(200);
  });
});

describe("GET /api/audit/export", () => {
  it("exports the filter's records as CSV, in the reader's scope", async () => {
    const response = await r.send("admin", "GET", `/api/audit/export?format=csv&action=${TEST}&actor=${t.ids.therapist}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Time (UTC),Actor,Actor's role,Actor's id,Person concerned,Person's id,Action,Outcome,IP address,Detail,Record");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${TEST}.refused`);
    expect(lines[1]).toContain(",Therapist,");
    expect(lines[1]).toContain(",Refused,");
    expect(lines[2]).toContain(`${TEST}.therapist-reads-patient`);
    expect(response.body).not.toContain("other-clinic");
    const used = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "audit.export"), eq(auditEvents.actorId, t.ids.admin)));
    expect(used.map((row) => row.detail)).toContainEqual({ format: "csv", action: TEST, actor: t.ids.therapist });
  });

  it("exports XLSX, and a clinic's export holds only its own people's records", async () => {
    const response = await r.send("clinic", "GET", `/api/audit/export?format=xlsx&action=${TEST}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const actions: string[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) actions.push(String(row.getCell(7).value));
    });
    expect(actions.map((action) => action.replace(`${TEST}.`, ""))).toEqual([
      "admin-reads-patient",
      "clinic-reads-patient2",
      "refused",
      "job",
      "patient-own",
      "therapist-reads-patient",
    ]);
  });
});

describe("GET /api/audit/access-log: who has looked at my record", () => {
  it("holds only other people's accesses to that patient: not the patient's own, not jobs, not refusals, not other patients'", async () => {
    // A real access: the therapist opens the patient's record.
    expect((await r.send("therapist", "GET", `/api/user-patients/${t.ids.patient}`)).statusCode).toBe(200);
    // Reading the audit trail about the patient is no access to their data.
    await list("admin", `subject=${t.ids.patient}`);
    const response = await r.send("patient", "GET", "/api/audit/access-log?rowsPerPage=100");
    expect(response.statusCode).toBe(200);
    const entries = (response.json() as { data: AccessLogEntry[] }).data;
    expect(entries[0]).toMatchObject({ action: "patient.read", actor: { role: "therapist" } });
    expect(entries[0]?.actor.name).toMatch(/\S/);
    const actions = entries.map((entry) => entry.action);
    expect(actions.filter((action) => action.startsWith(TEST))).toEqual([`${TEST}.admin-reads-patient`, `${TEST}.therapist-reads-patient`]);
    expect(actions.some((action) => action.startsWith("audit."))).toBe(false);
    const admin = entries.find((entry) => entry.action === `${TEST}.admin-reads-patient`);
    expect(admin?.actor.role).toBe("admin");
    // Reading one's log is on record, for the auditors, but not in the log itself.
    const [read] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "audit.access-log.read"), eq(auditEvents.actorId, t.ids.patient)));
    expect(read?.subjectUserId).toBe(t.ids.patient);
    // A refused look at someone else's log names nobody as the person concerned.
    await r.send("clinic", "GET", `/api/audit/access-log?patient=${r.other.patient.id}`);
    const [refused] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "audit.access-log.read"), eq(auditEvents.actorId, t.ids.clinic), eq(auditEvents.outcome, "refused")));
    expect(refused).toMatchObject({ subjectUserId: null, detail: { patient: r.other.patient.id } });
  });

  it("another patient's log is none of a patient's business: 404 (and their own log holds nothing of the first)", async () => {
    const response = await r.send("otherPatient", "GET", `/api/audit/access-log?patient=${t.ids.patient}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "Not found." });
    const otherOwn = (await r.send("otherPatient", "GET", "/api/audit/access-log")).json() as { data: AccessLogEntry[] };
    expect(otherOwn.data.map((entry) => entry.action)).toEqual([`${TEST}.other-clinic`]);
  });

  it("lets a clinic read its own patients' logs and admins anyone's; never another clinic's, nor a therapist", async () => {
    expect((await r.send("clinic", "GET", `/api/audit/access-log?patient=${t.ids.patient2}`)).json().data.map((e: AccessLogEntry) => e.action)).toEqual([
      `${TEST}.clinic-reads-patient2`,
    ]);
    expect((await r.send("admin", "GET", `/api/audit/access-log?patient=${r.other.patient.id}`)).statusCode).toBe(200);
    expect((await r.send("clinic", "GET", `/api/audit/access-log?patient=${r.other.patient.id}`)).statusCode).toBe(404);
    expect((await r.send("therapist", "GET", `/api/audit/access-log?patient=${t.ids.patient}`)).statusCode).toBe(404);
    expect((await r.send("clinic", "GET", `/api/audit/access-log?patient=${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe("round trips", () => {
  const withoutWrites = (statements: string[]) => statements.filter((text) => !/^\s*(insert|update|delete)\b/i.test(text));
  it.each([
    ["admin", "the list", () => `/api/audit/?action=${TEST}`, 1],
    [
      "clinic",
      "the list filtered by people",
      () => `/api/audit/?actor=${t.ids.therapist}&subject=${t.ids.patient}&since=${dayFromToday(-30)}&to=${dayFromToday(0)}`,
      2,
    ],
    ["admin", "the export", () => `/api/audit/export?format=xlsx&subject=${t.ids.patient}`, 2],
    ["patient", "the own access log", () => "/api/audit/access-log", 1],
    ["clinic", "a patient's access log", () => `/api/audit/access-log?patient=${t.ids.patient}`, 2],
  ] as [Who, string, () => string, number][])("as %s, %s takes at most %i statements", async (who, _label, url, most) => {
    const seen = await countStatements(t.database.pool, () => r.send(who, "GET", url()));
    expect(seen.result.statusCode).toBe(200);
    const own = seen.statements.filter((text) => !isIdentityStatement(text) && !/from "feature_flags"/.test(text));
    expect(withoutWrites(own).length, describeStatements(seen.statements)).toBeLessThanOrEqual(most);
  });
});

describe("the audit trail on the system check", () => {
  const report = async () => (await r.send("admin", "GET", "/api/system-check/")).json() as SystemCheckReport;

  it("says when the trail was never verified, verifies on an admin's request, and shows a tampered record as broken", async () => {
    await t.db.execute(sql`delete from audit_verified_days`);
    // The records of this file are sealed into the chain (the sequencer's timer is off in tests).
    await sealPendingAuditRecords(t.db);
    expect((await report()).auditTrail).toEqual({
      lastDay: null,
      intact: null,
      brokenDays: 0,
      firstBrokenDay: null,
      problem: null,
      checkedAt: null,
      sealing: { problem: null, since: null, unsealed: 0, oldestUnsealedAt: null },
    });
    expect((await r.send("clinic", "POST", "/api/system-check/audit-trail/verify")).statusCode).toBe(403);

    const verified = await r.send("admin", "POST", "/api/system-check/audit-trail/verify");
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ lastDay: utcToday(), intact: true, brokenDays: 0, problem: null });
    expect((await report()).auditTrail).toMatchObject({ lastDay: utcToday(), intact: true });

    // Someone owning the tables changes a record behind the chain's back.
    const [victim] = await t.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.action, `${TEST}.job`));
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_events disable trigger user`);
      await tx.execute(sql`update audit_events set outcome = 'refused' where id = ${victim?.id}`);
      await tx.execute(sql`alter table audit_events enable trigger user`);
    });
    // Today was verified before it ended: verifying again walks it again.
    const broken = (await r.send("admin", "POST", "/api/system-check/audit-trail/verify")).json() as AuditTrailStatus;
    expect(broken).toMatchObject({ lastDay: utcToday(), intact: false, brokenDays: 1, firstBrokenDay: utcToday() });
    expect(broken.problem).toContain(`record ${victim?.id}`);
    expect((await report()).auditTrail).toMatchObject({ intact: false, brokenDays: 1 });

    // `npm run audit:verify` stores its verdict the same way; put back, the day reads intact again.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_events disable trigger user`);
      await tx.execute(sql`update audit_events set outcome = 'ok' where id = ${victim?.id}`);
      await tx.execute(sql`alter table audit_events enable trigger user`);
    });
    const lines: string[] = [];
    const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    expect(await runAuditVerify(t.db, [], out, (result) => storeVerification(t.db, result, "cli").then(() => undefined))).toBe(0);
    expect((await report()).auditTrail).toMatchObject({ lastDay: utcToday(), intact: true, brokenDays: 0 });
    const [row] = (await t.db.execute<{ source: string }>(sql`select source from audit_verified_days where day = ${utcToday()}::date`)).rows;
    expect(row?.source).toBe("cli");
  });
});

describe("the nightly verification job", () => {
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
  const dayOf = (date: Date) => date.toISOString().slice(0, 10);

  it("verifies the days not verified yet, up to yesterday, and leaves today for tomorrow", async () => {
    await t.db.execute(sql`delete from audit_verified_days`);
    // Batches of earlier days: a day's verdict covers the batches sealed on it.
    await sealPendingAuditRecords(t.db);
    await auditWriter(t.db).write({ action: "job-test.old", actorId: t.ids.admin, subjectUserId: null, outcome: "ok", createdAt: daysAgo(3) });
    await auditWriter(t.db).write({ action: "job-test.old", actorId: t.ids.admin, subjectUserId: null, outcome: "ok", createdAt: daysAgo(3) });
    expect(await sealPendingAuditRecords(t.db, { sealedAt: daysAgo(3) })).toMatchObject({ status: "sealed", records: 2 });
    await auditWriter(t.db).write({ action: "job-test.yesterday", actorId: t.ids.admin, subjectUserId: null, outcome: "ok", createdAt: daysAgo(1) });
    expect(await sealPendingAuditRecords(t.db, { sealedAt: daysAgo(1) })).toMatchObject({ status: "sealed", records: 1 });
    await t.app.jobs.send(AUDIT_VERIFY_QUEUE, {});
    expect(await t.app.jobs.drain(AUDIT_VERIFY_QUEUE)).toBe(1);

    const rows = await t.db.execute<{ day: string; intact: boolean; records: number; source: string }>(
      sql`select to_char(day, 'YYYY-MM-DD') as day, intact, records, source from audit_verified_days order by day`,
    );
    expect(rows.rows).toEqual([
      { day: dayOf(daysAgo(3)), intact: true, records: 2, source: "job" },
      { day: dayOf(daysAgo(2)), intact: true, records: 0, source: "job" },
      { day: yesterday(), intact: true, records: 1, source: "job" },
    ]);
    expect((await r.send("admin", "GET", "/api/system-check/")).json().auditTrail).toMatchObject({ lastDay: yesterday(), intact: true, brokenDays: 0 });

    // The next night finds nothing new before today: no day is walked again.
    await t.app.jobs.send(AUDIT_VERIFY_QUEUE, {});
    await t.app.jobs.drain(AUDIT_VERIFY_QUEUE);
    const again = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_verified_days where updated_at > created_at`);
    expect(again.rows[0]?.n).toBe(0);
  });
});
