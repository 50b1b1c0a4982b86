import { randomUUID } from "node:crypto";
import { CRM_IMPORT_DONE, CRM_IMPORT_FAILED, crmImportFailureSchema, crmImportPreviewSchema, importProgressSchema } from "@clinic/shared";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { type MadeClinic, type MadeUser, makeClinic } from "../../../test/factories.ts";
import { countStatements, describeStatements, isIdentityStatement } from "../../../test/statements.ts";
import { type FormPart, multipart } from "../../../test/uploads.ts";
import { crmClients, crmListClients, crmLists, crmTracking } from "./crm.table.ts";
import { makeCrmAgent, makeCrmClientUser } from "./crm.fixture.ts";

let t: TestApp;
let other: MadeClinic;
let agent: MadeUser;
let crmClient: MadeUser;
let admin: string;
let clinic: string;
beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,crm_manager" } });
  other = await makeClinic(t.db);
  agent = await makeCrmAgent(t.db, t.ids.clinic, { nombres: "Lucía", apellidos: "Romero" });
  crmClient = await makeCrmClientUser(t.db, t.ids.clinic);
  admin = await t.loginAs("admin");
  clinic = await t.loginAs("clinic");
});
afterAll(() => t?.close());

const MAPPING = { kind: 0, firstName: 1, lastName: 2, organisation: 3, email: 4, phone: 5, consent: 6, tags: 7, ownerEmail: 8 };
const HEADER = "Kind,First name,Last name,Organisation,Email,Phone,Consent,Tags,Owner email";

function post(url: string, cookie: string, parts: FormPart[]) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({ method: "POST", url, headers: { cookie, origin: TEST_PUBLIC_URL, "content-type": contentType }, payload });
}

function form(file: Buffer, options: { clinicId?: string; mapping?: object; listId?: number; progressId?: string; filename?: string } = {}): FormPart[] {
  return [
    ...(options.clinicId ? [{ name: "clinicId", value: options.clinicId }] : []),
    ...(options.mapping ? [{ name: "mapping", value: JSON.stringify(options.mapping) }] : []),
    ...(options.listId ? [{ name: "listId", value: String(options.listId) }] : []),
    ...(options.progressId ? [{ name: "progressId", value: options.progressId }] : []),
    { name: "file", value: file, filename: options.filename ?? "clients.csv", type: "text/csv" },
  ];
}

const csv = (lines: string[]) => Buffer.from([HEADER, ...lines].join("\n"));
const clientsOf = async (clinicId: string) => (await t.db.select({ n: count() }).from(crmClients).where(eq(crmClients.clinicId, clinicId)))[0]?.n ?? 0;
const importAs = (cookie: string, file: Buffer, options: Parameters<typeof form>[1] = {}) =>
  post("/api/crm/import", cookie, form(file, { mapping: MAPPING, ...options }));

async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Clients");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe("POST /api/crm/import/preview", () => {
  it("answers the columns, a suggested mapping from English or Spanish headers, the first rows and the count", async () => {
    const response = await post("/api/crm/import/preview", clinic, form(csv(["person,Ana,Peña,,ana@prev.test,+34 600 123 456,yes,physio;gym,"])));
    expect(response.statusCode).toBe(200);
    const body = crmImportPreviewSchema.parse(response.json());
    expect(body.headers).toEqual(HEADER.split(","));
    expect(body.mapping).toEqual(MAPPING);
    expect(body.rows).toEqual([["person", "Ana", "Peña", "", "ana@prev.test", "+34 600 123 456", "yes", "physio;gym", ""]]);
    expect(body.totalRows).toBe(1);
    const spanish = await post(
      "/api/crm/import/preview",
      admin,
      form(Buffer.from("Nombre;Apellidos;Empresa;Correo electrónico;Teléfono;Ciudad;Etiquetas\nLuis;Paz;;l@x.test;;Lima;\n")),
    );
    expect(crmImportPreviewSchema.parse(spanish.json()).mapping).toEqual({ firstName: 0, lastName: 1, organisation: 2, email: 3, phone: 4, city: 5, tags: 6 });
  });

  it("reads an XLSX file too", async () => {
    const file = await xlsx([
      ["First name", "Email"],
      ["Ana", "a@x.test"],
    ]);
    const response = await post("/api/crm/import/preview", clinic, form(file, { filename: "clients.xlsx" }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ mapping: { firstName: 0, email: 1 }, rows: [["Ana", "a@x.test"]], totalRows: 1 });
  });

  it("refuses 100 000 rows with a clear error, and a malformed file", async () => {
    const rows = Array.from({ length: 100_000 }, (_, index) => `A,r${index}@x.test`).join("\n");
    const many = await post("/api/crm/import/preview", clinic, form(Buffer.from(`First name,Email\n${rows}\n`)));
    expect(many.statusCode).toBe(400);
    expect(many.json()).toEqual({ file: ["The file has too many rows: at most 20000 rows can be imported at once. Split it into smaller files."] });
    // A ZIP that is no workbook, and bytes that are no text.
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    const unreadable = await post("/api/crm/import/preview", clinic, form(broken, { filename: "clients.xlsx" }));
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().file).toEqual([expect.stringContaining("could not be read")]);
    const binary = await post("/api/crm/import/preview", clinic, form(Buffer.from([0, 1, 2, 3, 0, 0, 255])));
    expect(binary.statusCode).toBe(400);
    const empty = await post("/api/crm/import/preview", clinic, form(Buffer.from("First name,Email\n")));
    expect(empty.json().file).toEqual([expect.stringContaining("no rows")]);
    const none = await post("/api/crm/import/preview", clinic, [{ name: "clinicId", value: t.ids.clinic }]);
    expect(none.json()).toEqual({ file: ["Choose a CSV or XLSX file."] });
  });

  it("refuses agents, CRM clients, therapists and patients (403)", async () => {
    for (const cookie of [
      await t.login(agent.email, agent.password),
      await t.login(crmClient.email, crmClient.password),
      await t.loginAs("therapist"),
      await t.loginAs("patient"),
    ]) {
      expect((await post("/api/crm/import/preview", cookie, form(csv([])))).statusCode).toBe(403);
    }
  });
});

describe("POST /api/crm/import", () => {
  it("imports every row with its tags, consent, owner and list, and a timeline line each", async () => {
    const [list] = await t.db.insert(crmLists).values({ clinicId: t.ids.clinic, title: "Imported" }).returning();
    const progressId = randomUUID();
    const file = csv([
      `person,Ana,Peña,,ana@ok.test,+34 600 123 456,yes,physio; gym,${agent.email.toUpperCase()}`,
      "organisation,,,Gimnasio Sol,,,no,gym,",
      ",Luis,,,LUIS@ok.test,(01) 555-1234,sí,school,",
    ]);
    const response = await importAs(clinic, file, { listId: list?.id, progressId });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ imported: 3, detail: CRM_IMPORT_DONE });
    const rows = await t.db
      .select()
      .from(crmClients)
      .where(inArray(crmClients.email, ["ana@ok.test", "luis@ok.test"]));
    const ana = rows.find((row) => row.email === "ana@ok.test");
    expect(ana).toMatchObject({
      kind: "person",
      firstName: "Ana",
      lastName: "Peña",
      phone: "+34 600 123 456",
      consent: true,
      tags: ["physio", "gym"],
      ownerId: agent.id,
    });
    expect(ana?.consentAt).not.toBeNull();
    expect(rows.find((row) => row.email === "luis@ok.test")).toMatchObject({ kind: "person", consent: true, tags: ["school"], ownerId: null });
    const [gym] = await t.db.select().from(crmClients).where(eq(crmClients.organisation, "Gimnasio Sol"));
    expect(gym).toMatchObject({ kind: "organisation", email: null, consent: false });
    const members = await t.db
      .select()
      .from(crmListClients)
      .where(eq(crmListClients.listId, list?.id as number));
    expect(members).toHaveLength(3);
    const lines = await t.db
      .select()
      .from(crmTracking)
      .where(eq(crmTracking.clientId, ana?.id as number));
    expect(lines.map((line) => line.kind).sort()).toEqual(["imported", "list_added"]);
    const progress = await t.app.inject({ method: "GET", url: `/api/crm/import/${progressId}/progress`, headers: { cookie: clinic } });
    expect(importProgressSchema.parse(progress.json())).toEqual({ phase: "done", done: 3, total: 3 });
    // Someone else's progress does not exist for them.
    const foreign = await t.app.inject({ method: "GET", url: `/api/crm/import/${progressId}/progress`, headers: { cookie: admin } });
    expect(foreign.statusCode).toBe(404);
  });

  it("writes nothing when one row is wrong, and reports every wrong row", async () => {
    await importAs(clinic, csv(["person,Old,Client,,taken@ok.test,,yes,,"]));
    const before = await clientsOf(t.ids.clinic);
    const file = csv([
      "person,Good,Row,,good@bad.test,+34 600 123 456,yes,physio,",
      "person,Bad,Email,,not-an-email,,,,",
      "person,,,,nameless@bad.test,,,,",
      "organisation,Ana,,,org@bad.test,,,,",
      "person,Twice,One,,twice@bad.test,,,,",
      "person,Twice,Two,,TWICE@bad.test,,,,",
      "person,Again,Taken,,taken@ok.test,,,,",
      '"=HYPERLINK(""http://x"")",Eve,Formula,,eve@bad.test,,,,',
      "person,@SUM(1),Formula,,at@bad.test,-2+3,,,",
      "person,Tag,Formula,,tag@bad.test,,,physio;=cmd,",
      "robot,Odd,Kind,,kind@bad.test,,maybe,,nobody@nowhere.test",
    ]);
    const response = await importAs(clinic, file);
    expect(response.statusCode).toBe(400);
    const body = crmImportFailureSchema.parse(response.json());
    expect(body.detail).toBe(CRM_IMPORT_FAILED);
    const report = body.rowErrors.map((error) => [error.row, error.field, error.code]);
    expect(report).toEqual([
      [3, "email", "invalid"],
      [4, "firstName", "required"],
      [5, "organisation", "required"],
      [7, "email", "duplicate"],
      [8, "email", "emailTaken"],
      [9, "kind", "formula"],
      [10, "firstName", "formula"],
      [10, "phone", "formula"],
      [11, "tags", "formula"],
      [12, "kind", "invalid"],
      [12, "consent", "invalid"],
      [12, "ownerEmail", "unknownOwner"],
    ]);
    expect(body.rowErrors.find((error) => error.code === "duplicate")).toMatchObject({
      message: "This email is also on row 6 of the file.",
      params: { first: 6 },
    });
    expect(await clientsOf(t.ids.clinic)).toBe(before);
    const [good] = await t.db.select().from(crmClients).where(eq(crmClients.email, "good@bad.test"));
    expect(good).toBeUndefined();
  });

  it("refuses an XLSX formula cell, whatever it computes", async () => {
    const file = await xlsx([
      ["First name", "Last name", "Email"],
      ["Ana", { formula: "1+1", result: 2 }, "xf@ok.test"],
    ]);
    const response = await importAs(clinic, file, { mapping: { firstName: 0, lastName: 1, email: 2 }, filename: "c.xlsx" });
    expect(response.statusCode).toBe(400);
    expect(response.json().rowErrors).toEqual([{ row: 2, field: "lastName", code: "formula", message: expect.stringContaining("formula") }]);
  });

  it("refuses a mapping without a name column, one naming a missing column, and a list of another clinic", async () => {
    const file = csv(["person,Ana,Peña,,map@ok.test,,,,"]);
    const noName = await importAs(clinic, file, { mapping: { email: 4 } });
    expect(noName.json()).toEqual({ mapping: ["Choose a column for the first name, the last name or the organisation."] });
    const outside = await importAs(clinic, file, { mapping: { firstName: 30 } });
    expect(outside.json()).toEqual({ mapping: ["The mapping names a column the file does not have."] });
    const [foreign] = await t.db.insert(crmLists).values({ clinicId: other.clinic.id, title: "Theirs" }).returning();
    const theirs = await importAs(clinic, file, { listId: foreign?.id });
    expect(theirs.statusCode).toBe(404);
    const noMapping = await post("/api/crm/import", clinic, form(file));
    expect(noMapping.json()).toEqual({ mapping: ["Choose which column fills each field."] });
    const [row] = await t.db.select().from(crmClients).where(eq(crmClients.email, "map@ok.test"));
    expect(row).toBeUndefined();
  });

  it("lets a platform admin import into the clinic it names, and only then", async () => {
    const file = csv(["person,Admin,Import,,admin@ok.test,,,,"]);
    expect((await importAs(admin, file)).json()).toEqual({ clinicId: ["Choose the clinic."] });
    const response = await importAs(admin, file, { clinicId: other.clinic.id });
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.select().from(crmClients).where(eq(crmClients.email, "admin@ok.test"));
    expect(row?.clinicId).toBe(other.clinic.id);
    // The same email in another clinic is no duplicate.
    expect((await importAs(clinic, file)).statusCode).toBe(201);
  });

  it("refuses agents, CRM clients, therapists and another clinic's staff, writing nothing", async () => {
    const before = await clientsOf(t.ids.clinic);
    const file = csv(["person,No,Way,,noway@ok.test,,,,"]);
    for (const cookie of [
      await t.login(agent.email, agent.password),
      await t.login(crmClient.email, crmClient.password),
      await t.loginAs("therapist"),
      await t.login(other.therapist.email, other.therapist.password),
    ]) {
      expect((await importAs(cookie, file)).statusCode).toBe(403);
    }
    expect(await clientsOf(t.ids.clinic)).toBe(before);
  });

  it("writes 2 500 clients in a few statements", async () => {
    const lines = Array.from(
      { length: 2500 },
      (_, index) => `person,Bulk${index},Load,,bulk${index}@ok.test,+34 600 000 ${String(index).padStart(3, "0")},yes,bulk,`,
    );
    const { result, statements } = await countStatements(t.database.pool, () => importAs(clinic, csv(lines)));
    expect(result.statusCode).toBe(201);
    expect(result.json().imported).toBe(2500);
    // Identity, flags, the check against the clinic, then per thousand rows: clients and timeline; begin, commit, audit.
    const writes = statements.filter((text) => /^insert into "crm_clients"/i.test(text));
    expect(writes).toHaveLength(3);
    expect(statements.length, describeStatements(statements)).toBeLessThanOrEqual(16);
    const [{ n } = { n: 0 }] = await t.db
      .select({ n: count() })
      .from(crmTracking)
      .where(and(eq(crmTracking.clinicId, t.ids.clinic), eq(crmTracking.kind, "imported")));
    expect(n).toBeGreaterThanOrEqual(2500);
  });
});

describe("GET /api/crm/export/:entity", () => {
  it("exports the clinic's clients with the list's filters, formulas neutralised, and imports back", async () => {
    await t.db.insert(crmClients).values([
      { clinicId: t.ids.clinic, firstName: "=HYPERLINK(1)", lastName: "Zzexport", email: "inject@exp.test", tags: ["zz"] },
      { clinicId: t.ids.clinic, firstName: "Plain", lastName: "Zzexport", email: "plain@exp.test", tags: ["other"] },
      { clinicId: other.clinic.id, firstName: "Foreign", lastName: "Zzexport", email: "foreign@exp.test", tags: ["zz"] },
    ]);
    const { result: response, statements } = await countStatements(t.database.pool, () =>
      t.app.inject({ method: "GET", url: "/api/crm/export/clients?format=csv&q=zzexport&tag=zz", headers: { cookie: clinic } }),
    );
    expect(response.statusCode).toBe(200);
    // Beyond the caller's identity, the module switch and the audit record: the rows in one statement.
    const own = statements.filter((text) => !isIdentityStatement(text) && !/feature_flags|audit/.test(text));
    expect(own, describeStatements(own)).toHaveLength(1);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="crm-clients-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Kind,First name,Last name,Organisation,Email,Phone,City,Address,Consent,Tags,Owner email,Unsubscribed,Created");
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^person,'=HYPERLINK\(1\),Zzexport,,inject@exp\.test,/)]);
    // Its headers are the import's: the preview maps them all back.
    const preview = await post("/api/crm/import/preview", clinic, form(Buffer.from(response.body)));
    expect(Object.keys(preview.json().mapping).sort()).toEqual(
      ["kind", "firstName", "lastName", "organisation", "email", "phone", "city", "address", "consent", "tags", "ownerEmail"].sort(),
    );
    const spanish = await t.app.inject({ method: "GET", url: "/api/crm/export/clients?format=xlsx&language=es&q=zzexport", headers: { cookie: clinic } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(spanish.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).value).toBe("Nombre");
    expect(sheet?.rowCount).toBe(3);
  });

  it("gives agents the clinic's clients and lists but only their own initiatives and calls", async () => {
    const [mine, theirs] = await t.db
      .execute<{ id: number }>(
        // Two initiatives: the agent's and nobody's.
        sql`insert into crm_initiatives (clinic_id, title, salesman_id) values (${t.ids.clinic}, 'Zz mine', ${agent.id}), (${t.ids.clinic}, 'Zz theirs', null) returning id`,
      )
      .then((result) => result.rows);
    const [client] = await t.db.insert(crmClients).values({ clinicId: t.ids.clinic, firstName: "Called", lastName: "Zz", phone: "600" }).returning();
    await t.db.execute(sql`insert into crm_activities (clinic_id, client_id, initiative_id, agent_id, kind, at, outcome, notes) values
      (${t.ids.clinic}, ${client?.id}, ${mine?.id}, ${agent.id}, 'call', now(), 'answered', 'mine'),
      (${t.ids.clinic}, ${client?.id}, ${theirs?.id}, null, 'call', now(), 'no_answer', 'theirs')`);
    const cookie = await t.login(agent.email, agent.password);
    const get = (url: string, who = cookie) => t.app.inject({ method: "GET", url, headers: { cookie: who } });
    const initiatives = await get("/api/crm/export/initiatives?format=csv&q=zz");
    expect(initiatives.statusCode).toBe(200);
    expect(initiatives.body).toContain("Zz mine");
    expect(initiatives.body).not.toContain("Zz theirs");
    const calls = await get("/api/crm/export/calls?format=csv");
    expect(calls.body).toContain("mine");
    expect(calls.body).not.toContain("theirs");
    const all = await get("/api/crm/export/calls?format=csv", clinic);
    expect(all.body).toContain("theirs");
    expect((await get("/api/crm/export/clients?format=csv")).statusCode).toBe(200);
    expect((await get("/api/crm/export/lists?format=xlsx")).statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const since = await get(`/api/crm/export/calls?format=csv&since=2000-01-01&to=2000-01-02`, clinic);
    expect(since.body).not.toContain("mine");
    expect((await get(`/api/crm/export/calls?format=csv&since=${today}&to=${today}`, clinic)).body).toContain("mine");
    expect((await get(`/api/crm/export/calls?format=csv&since=${today}&to=2000-01-01`, clinic)).statusCode).toBe(400);
    // Instants as the calls list sends them, and the list's other filters.
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect((await get(`/api/crm/export/calls?format=csv&since=${hourAgo}&agentId=${agent.id}`, clinic)).body).toContain("mine");
    expect((await get(`/api/crm/export/calls?format=csv&to=${hourAgo}`, clinic)).body).not.toContain("mine");
    expect((await get(`/api/crm/export/calls?format=csv&since=yesterday`, clinic)).statusCode).toBe(400);
    const read = await get("/api/crm/export/initiatives?format=csv&q=zz&state=read", clinic);
    expect(read.body).not.toContain("Zz mine");
    expect((await get(`/api/crm/export/initiatives?format=csv&q=zz&salesmanId=${agent.id}`, clinic)).body).not.toContain("Zz theirs");
  });

  it("refuses CRM clients, therapists and patients; admins name the clinic; other entities are 400", async () => {
    const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
    expect((await get("/api/crm/export/clients?format=csv", await t.login(crmClient.email, crmClient.password))).statusCode).toBe(403);
    expect((await get("/api/crm/export/clients?format=csv", await t.loginAs("therapist"))).statusCode).toBe(403);
    expect((await get("/api/crm/export/clients?format=csv", await t.loginAs("patient"))).statusCode).toBe(403);
    expect((await get("/api/crm/export/clients?format=csv", admin)).json()).toEqual({ clinicId: ["Choose the clinic."] });
    const foreign = await get(`/api/crm/export/clients?format=csv&q=zzexport&clinicId=${other.clinic.id}`, admin);
    expect(foreign.body).toContain("Foreign");
    expect(foreign.body).not.toContain("Plain");
    // Another clinic's CRM admin exports its own clients, never this clinic's.
    const theirs = await get("/api/crm/export/clients?format=csv&q=zzexport", await t.login(other.clinic.email, other.clinic.password));
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).toContain("Foreign");
    expect(theirs.body).not.toContain("Plain");
    expect((await get("/api/crm/export/people?format=csv", clinic)).statusCode).toBe(400);
    expect((await get("/api/crm/export/clients?format=pdf", clinic)).statusCode).toBe(400);
  });
});

describe("the module switch", () => {
  it("answers 404 on every CRM import and export route when the CRM is off", async () => {
    const off = await createTestApp();
    try {
      const cookie = await off.loginAs("clinic");
      const { payload, contentType } = multipart(form(csv([])));
      const preview = await off.app.inject({
        method: "POST",
        url: "/api/crm/import/preview",
        headers: { cookie, origin: TEST_PUBLIC_URL, "content-type": contentType },
        payload,
      });
      expect(preview.statusCode).toBe(404);
      expect((await off.app.inject({ method: "GET", url: "/api/crm/export/clients?format=csv", headers: { cookie } })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
