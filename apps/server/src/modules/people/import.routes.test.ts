import { randomUUID } from "node:crypto";
import { IMPORT_FAILED_DETAIL, importFailureSchema, importPreviewSchema } from "@clinic/shared";
import ExcelJS from "exceljs";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { type MadeClinic, makeClinic, makePatient } from "../../../test/factories.ts";
import { clinicWithSeats, newEmail } from "../../../test/people.ts";
import { countStatements, isIdentityStatement } from "../../../test/statements.ts";
import { type FormPart, multipart } from "../../../test/uploads.ts";
import { users } from "../../db/schema.ts";
import { loadActor } from "../../platform/access.ts";
import { mailMessages } from "../../platform/mail.table.ts";
import { parseCsv } from "./import-file.ts";
import { importPeople } from "./import.service.ts";

let t: TestApp;
let other: MadeClinic;
beforeAll(async () => {
  t = await createTestApp();
  other = await makeClinic(t.db);
});
afterAll(() => t?.close());

const MAPPING = { nombres: 0, apellidos: 1, email: 2, language: 3 };

function post(url: string, cookie: string, parts: FormPart[]) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({ method: "POST", url, headers: { cookie, origin: TEST_PUBLIC_URL, "content-type": contentType }, payload });
}

/** The form of an import: the kind, the clinic (when given), the mapping (when given) and a CSV or XLSX file. */
function form(file: Buffer, options: { kind?: string; clinicId?: string; mapping?: object; filename?: string } = {}): FormPart[] {
  return [
    { name: "kind", value: options.kind ?? "patient" },
    ...(options.clinicId ? [{ name: "clinicId", value: options.clinicId }] : []),
    ...(options.mapping ? [{ name: "mapping", value: JSON.stringify(options.mapping) }] : []),
    { name: "file", value: file, filename: options.filename ?? "people.csv", type: "text/csv" },
  ];
}

const csv = (rows: string[][]) => Buffer.from(["Nombres,Apellidos,Correo electrónico,Idioma", ...rows.map((row) => row.join(","))].join("\n"));
const people = (count: number, label: string) => Array.from({ length: count }, (_, index) => [`Ana${index}`, "Peña", newEmail(`${label}${index}`), "es"]);
const existing = async (emails: string[]) => (await t.db.select({ id: users.id }).from(users).where(inArray(users.email, emails))).length;

describe("POST /api/user-import/preview", () => {
  it("answers the header row, a suggested mapping from English or Spanish headers and the first rows", async () => {
    const file = Buffer.from("Given names;Surnames;Email;ID\nAna;Peña;ana@x.test;X1\n");
    const response = await post("/api/user-import/preview", await t.loginAs("clinic"), form(file));
    expect(response.statusCode).toBe(200);
    const body = importPreviewSchema.parse(response.json());
    expect(body).toEqual({
      headers: ["Given names", "Surnames", "Email", "ID"],
      mapping: { nombres: 0, apellidos: 1, email: 2, identification: 3 },
      rows: [["Ana", "Peña", "ana@x.test", "X1"]],
      totalRows: 1,
    });
    const spanish = await post("/api/user-import/preview", await t.loginAs("admin"), form(csv([["Ana", "Peña", "a@x.test", "es"]])));
    expect(importPreviewSchema.parse(spanish.json()).mapping).toEqual({ nombres: 0, apellidos: 1, email: 2, language: 3 });
  });

  it("refuses therapists and patients before reading the file", async () => {
    expect((await post("/api/user-import/preview", await t.loginAs("therapist"), form(csv([])))).statusCode).toBe(403);
    expect((await post("/api/user-import/preview", await t.loginAs("patient"), form(csv([])))).statusCode).toBe(403);
  });

  it("refuses 100 000 rows with a clear error, without reading on", async () => {
    const rows = Array.from({ length: 100_000 }, (_, index) => `A,B,r${index}@x.test`).join("\n");
    const response = await post("/api/user-import/preview", await t.loginAs("clinic"), form(Buffer.from(`a,b,c\n${rows}\n`)));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      file: ["The file has too many rows: at most 5000 rows can be imported at once. Split it into smaller files."],
    });
  });

  it("refuses a file mixing encodings, and one larger than the size limit", async () => {
    const mixed = Buffer.concat([Buffer.from("Nombres,Apellidos,Email\nPeña,", "utf8"), Buffer.from("Muñoz,a@x.test\n", "latin1")]);
    const cookie = await t.loginAs("clinic");
    expect((await post("/api/user-import/preview", cookie, form(mixed))).json().file).toEqual([expect.stringContaining("mixes text encodings")]);
    const huge = Buffer.alloc(6 * 1024 * 1024, "a");
    const tooLarge = await post("/api/user-import/preview", cookie, form(huge));
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().file).toEqual([expect.stringContaining("too large")]);
  });

  it("answers field errors for a missing file or kind", async () => {
    const response = await post("/api/user-import/preview", await t.loginAs("clinic"), [{ name: "kind", value: "robot" }]);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(["file", "kind"]);
  });
});

describe("POST /api/user-import/", () => {
  it("imports every row for the chosen clinic, each invited by email in their language", async () => {
    const clinic = await clinicWithSeats(t.db, { nUsers: 2, nPatients: 10 });
    const rows = people(3, "ok");
    rows[2][3] = "English";
    const response = await post("/api/user-import/", await t.loginAs("admin"), form(csv(rows), { clinicId: clinic.id, mapping: MAPPING }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ imported: 3 });
    const made = await t.db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          rows.map((row) => row[2].toLowerCase()),
        ),
      );
    expect(made.map((row) => [row.clinicId, row.language]).sort()).toEqual([
      [clinic.id, "en"],
      [clinic.id, "es"],
      [clinic.id, "es"],
    ]);
    const mails = await t.db
      .select()
      .from(mailMessages)
      .where(
        inArray(
          mailMessages.to,
          made.map((row) => row.email),
        ),
      );
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      "Su cuenta en la plataforma de terapia",
      "Su cuenta en la plataforma de terapia",
      "Your account on the Therapy platform",
    ]);
    expect(mails.every((mail) => mail.kind === "invitation" && mail.text.includes("/accounts/set-password/?token="))).toBe(true);
  });

  it("writes nothing when any row fails, and reports each by row, field and reason", async () => {
    const clinic = await t.loginAs("clinic");
    const taken = await makePatient(t.db, t.ids.clinic, []);
    const rows = people(6, "bad");
    rows[1][2] = "not-an-email";
    rows[2][0] = "";
    rows[3][2] = rows[0][2].toUpperCase();
    rows[4][2] = taken.email;
    rows[5][3] = "klingon";
    const before = await existing([rows[0][2]]);
    const response = await post("/api/user-import/", clinic, form(csv(rows), { mapping: MAPPING }));
    expect(response.statusCode).toBe(400);
    const body = importFailureSchema.parse(response.json());
    expect(body.detail).toBe(IMPORT_FAILED_DETAIL);
    expect(body.rowErrors.map(({ row, field, code }) => [row, field, code])).toEqual([
      [3, "email", "invalid"],
      [4, "nombres", "required"],
      [5, "email", "duplicate"],
      [6, "email", "emailTaken"],
      [7, "language", "invalid"],
    ]);
    expect(body.rowErrors[2]?.params).toEqual({ first: 2 });
    expect(before).toBe(0);
    expect(await existing([rows[0][2]])).toBe(0);
  });

  it("reports its progress to its author only, and a failed import as failed", async () => {
    const clinic = await clinicWithSeats(t.db, { nUsers: 1, nPatients: 10 });
    const admin = await t.loginAs("admin");
    const progressId = randomUUID();
    const parts = [...form(csv(people(3, "progress")), { clinicId: clinic.id, mapping: MAPPING }), { name: "progressId", value: progressId }];
    expect((await post("/api/user-import/", admin, parts)).statusCode).toBe(201);
    const progress = await t.app.inject({ method: "GET", url: `/api/user-import/${progressId}/progress`, headers: { cookie: admin } });
    expect(progress.json()).toEqual({ phase: "done", done: 3, total: 3 });
    // Another importer, and a therapist, learn nothing of it.
    const byClinic = await t.app.inject({ method: "GET", url: `/api/user-import/${progressId}/progress`, headers: { cookie: await t.loginAs("clinic") } });
    expect(byClinic.statusCode).toBe(404);
    const byTherapist = await t.app.inject({
      method: "GET",
      url: `/api/user-import/${progressId}/progress`,
      headers: { cookie: await t.loginAs("therapist") },
    });
    expect(byTherapist.statusCode).toBe(403);

    const failedId = randomUUID();
    const bad = people(1, "progress-bad");
    bad[0][2] = "nope";
    const refused = await post("/api/user-import/", admin, [
      ...form(csv(bad), { clinicId: clinic.id, mapping: MAPPING }),
      { name: "progressId", value: failedId },
    ]);
    expect(refused.statusCode).toBe(400);
    const after = await t.app.inject({ method: "GET", url: `/api/user-import/${failedId}/progress`, headers: { cookie: admin } });
    expect(after.json()).toEqual({ phase: "failed", done: 0, total: 1 });
  });

  it("reports the writing in slices of 500, each after its rows are in, then done", async () => {
    const clinic = await clinicWithSeats(t.db, { nUsers: 1, nPatients: 1200 });
    const admin = await loadActor(t.db, t.ids.admin);
    if (!admin) throw new Error("no admin");
    const rows = people(1100, "slices");
    const sheet = parseCsv(csv(rows), 5000);
    const seen: [string, number][] = [];
    const result = await importPeople(t.app, admin, { kind: "patient", clinicId: clinic.id, mapping: MAPPING }, sheet, async (phase, done) => {
      seen.push([phase, done]);
    });
    expect(result).toEqual({ imported: 1100 });
    expect(seen).toEqual([
      ["checking", 0],
      ["writing", 500],
      ["writing", 1000],
      ["writing", 1100],
      ["done", 1100],
    ]);
  });

  it("refuses a file that needs more seats than the membership has left, naming the first row beyond", async () => {
    const clinic = await clinicWithSeats(t.db, { nUsers: 1, nPatients: 3 });
    await makePatient(t.db, clinic.id, []);
    const rows = people(4, "seat");
    const response = await post("/api/user-import/", await t.loginAs("admin"), form(csv(rows), { clinicId: clinic.id, mapping: MAPPING }));
    expect(response.statusCode).toBe(400);
    const [error] = importFailureSchema.parse(response.json()).rowErrors;
    expect(error).toMatchObject({ row: 4, field: null, code: "seats", params: { limit: 3, used: 1, free: 2, wanted: 4 } });
    expect(await existing(rows.map((row) => row[2]))).toBe(0);
  });

  it("lets a clinic import its therapists, against its therapist seats", async () => {
    const clinic = await clinicWithSeats(t.db, { nUsers: 2, nPatients: 0 });
    const cookie = await t.login(clinic.email, clinic.password);
    const response = await post("/api/user-import/", cookie, form(csv(people(2, "team")), { kind: "therapist", mapping: MAPPING }));
    expect(response.statusCode).toBe(201);
    const again = await post("/api/user-import/", cookie, form(csv(people(1, "team")), { kind: "therapist", mapping: MAPPING }));
    expect(importFailureSchema.parse(again.json()).rowErrors[0]?.code).toBe("seats");
  });

  it("refuses formulas in an XLSX cell as a row error", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("People");
    sheet.addRow(["Nombres", "Apellidos", "Email", "Idioma"]);
    sheet.addRow(["Ana", { formula: 'HYPERLINK("http://evil.test","Peña")', result: "Peña" }, newEmail("formula"), "es"]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await post("/api/user-import/", await t.loginAs("clinic"), form(file, { mapping: MAPPING, filename: "people.xlsx" }));
    expect(response.statusCode).toBe(400);
    expect(importFailureSchema.parse(response.json()).rowErrors).toEqual([expect.objectContaining({ row: 2, field: "apellidos", code: "formula" })]);
  });

  it("refuses therapists, another clinic's account, a clinic naming another clinic, and an unknown clinic", async () => {
    const file = csv(people(1, "refused"));
    expect((await post("/api/user-import/", await t.loginAs("therapist"), form(file, { mapping: MAPPING }))).statusCode).toBe(403);
    expect((await post("/api/user-import/", await t.loginAs("patient"), form(file, { mapping: MAPPING }))).statusCode).toBe(403);
    const otherClinic = await t.login(other.clinic.email, other.clinic.password);
    const intoDemo = await post("/api/user-import/", otherClinic, form(file, { clinicId: t.ids.clinic, mapping: MAPPING }));
    expect(intoDemo.statusCode).toBe(400);
    expect(intoDemo.json()).toEqual({ clinicId: ["Only administrators choose the clinic."] });
    const noClinic = await post("/api/user-import/", await t.loginAs("admin"), form(file, { mapping: MAPPING }));
    expect(noClinic.json()).toEqual({ clinicId: ["Choose the clinic."] });
    const notAClinic = await post("/api/user-import/", await t.loginAs("admin"), form(file, { clinicId: t.ids.therapist, mapping: MAPPING }));
    expect(notAClinic.json()).toEqual({ clinicId: ["There is no clinic with this id."] });
  });

  it("refuses a mapping without the required fields or past the file's columns", async () => {
    const file = csv(people(1, "mapping"));
    const cookie = await t.loginAs("clinic");
    const missing = await post("/api/user-import/", cookie, form(file, { mapping: { nombres: 0, apellidos: 1 } }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().mapping).toEqual([expect.stringContaining("Choose a column")]);
    const outside = await post("/api/user-import/", cookie, form(file, { mapping: { nombres: 0, apellidos: 1, email: 9 } }));
    expect(outside.json()).toEqual({ mapping: ["The mapping names a column the file does not have."] });
    const none = await post("/api/user-import/", cookie, form(file));
    expect(none.json()).toEqual({ mapping: ["Choose which column fills each field."] });
  });
});

describe("exports", () => {
  it("gives a clinic its patients as CSV in the list's filter, with the formula guard, in one statement", async () => {
    const clinicCookie = await t.loginAs("clinic");
    await makePatient(t.db, t.ids.clinic, [], { nombres: "=HYPERLINK(1)", apellidos: "Zzexport" });
    const { result: response, statements } = await countStatements(t.database.pool, () =>
      t.app.inject({ method: "GET", url: "/api/user-patients/export?format=csv&q=Zzexport&language=es", headers: { cookie: clinicCookie } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="pacientes-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Nombres,Apellidos,Correo electrónico,Identificación,Idioma,Clínica,Terapeutas,Activo,Invitación pendiente,Creado");
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^'=HYPERLINK\(1\),Zzexport,/)]);
    // Beyond the caller's identity, the module switch and the audit record: the rows in one statement.
    const own = statements.filter((text) => !isIdentityStatement(text) && !/feature_flags|audit/.test(text));
    expect(own).toHaveLength(1);
  });

  it("keeps exports in scope: a therapist's own patients, never another clinic's", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/user-patients/export?format=csv", headers: { cookie: await t.loginAs("therapist") } });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(other.patient.email);
    const staff = await t.app.inject({ method: "GET", url: "/api/staff/export?format=xlsx", headers: { cookie: await t.loginAs("clinic") } });
    expect(staff.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(staff.rawPayload as never);
    const emails = workbook.worksheets[0]?.getColumn(3).values.slice(2);
    expect(emails).not.toContain(other.therapist.email);
    expect(emails?.length).toBeGreaterThan(0);
    const patient = await t.app.inject({ method: "GET", url: "/api/staff/export?format=csv", headers: { cookie: await t.loginAs("patient") } });
    expect(patient.statusCode).toBe(403);
  });

  it("refuses an export larger than the setting", async () => {
    const small = await createTestApp({ env: { EXPORT_MAX_ROWS: "1" } });
    try {
      const response = await small.app.inject({
        method: "GET",
        url: "/api/user-patients/export?format=csv",
        headers: { cookie: await small.loginAs("admin") },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toContain("more than 1 rows");
      const gone = await small.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
      expect(gone.length).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });
});
