import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PUBLIC_URL, createTestApp, type TestApp } from "../../../../test/app.ts";
import { parsePdf } from "../../../../test/pdf.ts";
import { type RoleCalls, signInRoles } from "../../../../test/roles.ts";
import { insuranceQuoteOptions } from "./insurance.table.ts";
import { LINK_KEY_PURPOSE } from "./insurance-scope.ts";
import { makeInsuranceAgent, makeInsuranceProduct, physioRules, quoteBody } from "./insurance.fixture.ts";
import { expireQuotes } from "./quote-expiry.ts";
import { quoteToken } from "./quote-links.ts";

/**
 * The insurance quoter's routes by role (issue 38): agents work their own quotes, another
 * agent's answer 404, admins see all; clinic staff, therapists and patients 403; signed out
 * 401. The lifecycle draft → sent → accepted → bound, the private link, bad input refused with
 * nothing written, the PDF and the exports read back.
 */

let t: TestApp;
let r: RoleCalls;
let agent: string;
let agent2: string;
let product: { id: number; code: string; versionId: number };

async function call(cookie: string | null, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (method !== "GET") headers.origin = TEST_PUBLIC_URL;
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function draft(cookie = agent, extra: Record<string, unknown> = {}) {
  const made = await call(cookie, "POST", "/api/quoter/quotes", quoteBody(product.id, extra));
  expect(made.statusCode, made.body).toBe(201);
  return made.json() as { id: number; number: string; state: string; options: { premiumCents: number }[] };
}

async function sent(cookie = agent) {
  const quote = await draft(cookie);
  const answer = await call(cookie, "POST", `/api/quoter/quotes/${quote.id}/send`, { option: 1 });
  expect(answer.statusCode, answer.body).toBe(200);
  return { ...quote, token: quoteToken(t.app.deriveKey(LINK_KEY_PURPOSE), quote.id) };
}

const countQuotes = async () => Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from insurance_quotes`)).rows[0]?.n);

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,quoter" } });
  r = await signInRoles(t);
  const a = await makeInsuranceAgent(t.db, { nombres: "Alma" });
  const b = await makeInsuranceAgent(t.db, { nombres: "Bruno" });
  agent = await t.login(a.email, a.password);
  agent2 = await t.login(b.email, b.password);
  product = await makeInsuranceProduct(t.db);
});
afterAll(async () => t?.close());

describe("who may quote", () => {
  it("agents and admins; clinic staff, therapists and patients 403; signed out 401", async () => {
    expect((await call(agent, "GET", "/api/quoter/quotes")).statusCode).toBe(200);
    expect((await r.send("admin", "GET", "/api/quoter/quotes")).statusCode).toBe(200);
    for (const who of ["clinic", "therapist", "patient"] as const) expect((await r.send(who, "GET", "/api/quoter/quotes")).statusCode).toBe(403);
    expect((await r.send(null, "GET", "/api/quoter/quotes")).statusCode).toBe(401);
    expect((await call(agent, "POST", "/api/quoter/products", {})).statusCode).toBe(403);
  });

  it("another agent's quote is 404; admins see every quote; lists are scoped", async () => {
    const quote = await draft(agent);
    expect((await call(agent2, "GET", `/api/quoter/quotes/${quote.id}`)).statusCode).toBe(404);
    expect((await call(agent2, "PUT", `/api/quoter/quotes/${quote.id}`, quoteBody(product.id))).statusCode).toBe(404);
    expect((await call(agent2, "POST", `/api/quoter/quotes/${quote.id}/send`, { option: 1 })).statusCode).toBe(404);
    expect((await r.send("admin", "GET", `/api/quoter/quotes/${quote.id}`)).statusCode).toBe(200);
    const mine = (await call(agent2, "GET", "/api/quoter/quotes?rowsPerPage=100")).json();
    expect(mine.data.some((row: { id: number }) => row.id === quote.id)).toBe(false);
    const all = (await r.send("admin", "GET", `/api/quoter/quotes?q=${quote.number}`)).json();
    expect(all.data.map((row: { id: number }) => row.id)).toEqual([quote.id]);
  });

  it("a switched-off module answers 404", async () => {
    await r.send("admin", "PUT", "/api/flags/quoter", { enabled: false });
    try {
      expect((await call(agent, "GET", "/api/quoter/quotes")).statusCode).toBe(404);
    } finally {
      await r.send("admin", "PUT", "/api/flags/quoter", { enabled: true });
    }
  });
});

describe("rating and drafts", () => {
  it("rates options on the server, with the breakdown, nothing saved", async () => {
    const before = await countQuotes();
    const answer = await call(agent, "POST", "/api/quoter/rate", {
      answers: { age: 40, region: "north" },
      options: [
        { productId: product.id, level: "basic" },
        { productId: product.id, level: "premium", addOns: ["home"] },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const options = answer.json().options;
    // 240.00 × 1 × 1 × 1 = 240.00; 240.00 × 1.8 + 60.00 = 492.00
    expect(options.map((option: { premiumCents: number }) => option.premiumCents)).toEqual([24_000, 49_200]);
    expect(options[1].breakdown.map((step: { kind: string }) => step.kind)).toEqual(["base", "level", "factor", "factor", "addOn", "minimum", "rounding"]);
    expect(await countQuotes()).toBe(before);
  });

  it("refuses input outside the rules on the applicant's and the option's fields, nothing written", async () => {
    const before = await countQuotes();
    const refused = await call(
      agent,
      "POST",
      "/api/quoter/quotes",
      quoteBody(product.id, { answers: { age: 200, region: "atlantis" }, options: [{ productId: product.id, level: "gold" }] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      "answers.age": ["Must be between 18 and 99."],
      "answers.region": ["Not one of the product's choices."],
      "options.0.level": ["Not one of the product's coverage levels."],
    });
    const unknown = await call(agent, "POST", "/api/quoter/rate", { answers: {}, options: [{ productId: 2_000_000_000, level: "basic" }] });
    expect(unknown.json()).toMatchObject({ "options.0.productId": ["No such product."] });
    const tooMany = await call(agent, "POST", "/api/quoter/rate", { answers: {}, options: Array(4).fill({ productId: product.id, level: "basic" }) });
    expect(tooMany.statusCode).toBe(400);
    expect(await countQuotes()).toBe(before);
  });

  it("ignores any premium a client sends and numbers quotes IQ-<year>-<6 digits>", async () => {
    const body = quoteBody(product.id);
    const made = await call(agent, "POST", "/api/quoter/quotes", { ...body, options: [{ ...body.options[0], premiumCents: 1 }] });
    expect(made.statusCode).toBe(400);
    const quote = await draft();
    expect(quote.number).toMatch(new RegExp(`^IQ-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(quote.options[0]?.premiumCents).toBe(35_900);
  });

  it("a draft changes and is re-rated; a sent quote cannot change (409), nothing written", async () => {
    const quote = await draft();
    const changed = await call(agent, "PUT", `/api/quoter/quotes/${quote.id}`, quoteBody(product.id, { answers: { age: 70, region: "centre" } }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().options[1].premiumCents).toBe(42_300);
    await call(agent, "POST", `/api/quoter/quotes/${quote.id}/send`, { option: 1 });
    const refused = await call(agent, "PUT", `/api/quoter/quotes/${quote.id}`, quoteBody(product.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe("Only a draft can be changed.");
    expect((await call(agent, "DELETE", `/api/quoter/quotes/${quote.id}`)).statusCode).toBe(409);
    expect((await call(agent, "GET", `/api/quoter/quotes/${quote.id}`)).json().options[1].premiumCents).toBe(42_300);
  });

  it("a quote keeps the version it was rated with when the product's rules change", async () => {
    const own = await makeInsuranceProduct(t.db);
    const quote = (await call(agent, "POST", "/api/quoter/quotes", quoteBody(own.id))).json();
    const saved = await r.send("admin", "POST", `/api/quoter/products/${own.id}/versions`, {
      rules: physioRules({ basePremiumCents: 99_000 }),
      note: "Dearer",
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().currentVersion).toBe(2);
    const kept = (await call(agent, "GET", `/api/quoter/quotes/${quote.id}`)).json();
    expect(kept.options[0].product.version).toBe(1);
    expect(kept.options[0].premiumCents).toBe(quote.options[0].premiumCents);
    const rows = await t.db.select().from(insuranceQuoteOptions).where(sql`quote_id = ${quote.id}`);
    expect(rows.every((row) => row.versionId === own.versionId)).toBe(true);
  });
});

describe("the lifecycle and the link", () => {
  it("sent with its PDF and link; the applicant accepts; bound once into POL-<year>-<6 digits>", async () => {
    const quote = await sent();
    const mail = await t.db.execute<{ kind: string; to_address: string; attachments: unknown[] }>(
      sql`select * from mail_messages where kind = 'quoter.quote' order by id desc limit 1`,
    );
    expect(mail.rows[0]?.attachments?.length).toBe(1);
    const view = await call(null, "GET", `/api/quoter/public/quotes/${quote.token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ number: quote.number, state: "sent", decidable: true, option: { position: 1, premiumCents: 35_900 } });
    expect((await call(null, "POST", `/api/quoter/public/quotes/${quote.token}/accept`, { name: "Ana", agree: false })).statusCode).toBe(400);
    const accepted = await call(null, "POST", `/api/quoter/public/quotes/${quote.token}/accept`, { name: "Ana Applicant", agree: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: "accepted", decidable: false, acceptedName: "Ana Applicant" });
    const notice = await t.db.execute(sql`select 1 from mail_messages where kind = 'quoter.decided' and subject like ${`%${quote.number}%`}`);
    expect(notice.rows.length).toBe(1);
    const again = await call(null, "POST", `/api/quoter/public/quotes/${quote.token}/decline`, { reason: "" });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe("This quote has already been accepted.");

    const [first, second] = await Promise.all([
      call(agent, "POST", `/api/quoter/quotes/${quote.id}/bind`, { startsOn: "2027-01-01" }),
      call(agent, "POST", `/api/quoter/quotes/${quote.id}/bind`, { startsOn: "2027-01-01" }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const policy = (first.statusCode === 201 ? first : second).json();
    expect(policy).toMatchObject({ startsOn: "2027-01-01", endsOn: "2027-12-31", premiumCents: 35_900, holderName: "Ana Applicant" });
    expect(policy.number).toMatch(/^POL-2027-\d{6}$/);
    const policies = await t.db.execute(sql`select 1 from insurance_policies where quote_id = ${quote.id}`);
    expect(policies.rows.length).toBe(1);
    expect((await call(agent2, "GET", `/api/quoter/policies/${policy.id}`)).statusCode).toBe(404);
    expect((await call(agent, "GET", "/api/quoter/policies")).json().data.map((row: { id: number }) => row.id)).toContain(policy.id);
  });

  it("refuses a forged link (404), a declined or expired quote (409), nothing written", async () => {
    expect((await call(null, "GET", `/api/quoter/public/quotes/${"x".repeat(32)}`)).statusCode).toBe(404);
    const declined = await sent();
    expect((await call(null, "POST", `/api/quoter/public/quotes/${declined.token}/decline`, { reason: "Too dear" })).statusCode).toBe(200);
    const late = await call(null, "POST", `/api/quoter/public/quotes/${declined.token}/accept`, { name: "Ana", agree: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe("This quote has been declined.");

    const expiring = await sent();
    await t.db.execute(sql`update insurance_quotes set valid_until = current_date - 1 where id = ${expiring.id}`);
    const expired = await call(null, "POST", `/api/quoter/public/quotes/${expiring.token}/accept`, { name: "Ana", agree: true });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().detail).toBe("This quote has expired; ask your agent for a new one.");
    expect((await call(agent, "GET", `/api/quoter/quotes/${expiring.id}`)).json().state).toBe("sent");
    const swept = await expireQuotes({ db: t.db, enabled: async () => true });
    expect(swept).toContain(expiring.id);
    expect(await expireQuotes({ db: t.db, enabled: async () => true })).not.toContain(expiring.id);
    expect((await call(agent, "GET", `/api/quoter/quotes/${expiring.id}`)).json().state).toBe("expired");
    expect((await call(agent, "POST", `/api/quoter/quotes/${expiring.id}/bind`, {})).statusCode).toBe(409);
  });

  it("the agent records a decline or an acceptance by phone; a draft cannot be bound", async () => {
    const quote = await sent();
    expect((await call(agent, "POST", `/api/quoter/quotes/${quote.id}/accept`, { name: "By phone" })).json()).toMatchObject({ state: "accepted" });
    const other = await draft();
    expect((await call(agent, "POST", `/api/quoter/quotes/${other.id}/decline`, {})).statusCode).toBe(409);
    expect((await call(agent, "POST", `/api/quoter/quotes/${other.id}/bind`, {})).statusCode).toBe(409);
    expect((await call(agent, "POST", `/api/quoter/quotes/${other.id}/send`, { option: 3 })).statusCode).toBe(400);
  });

  it("sending again sends the same link; two answers at once act once", async () => {
    const quote = await sent();
    const again = await call(agent, "POST", `/api/quoter/quotes/${quote.id}/send`, { option: 2 });
    expect(again.json()).toMatchObject({ state: "sent", chosenOption: 2 });
    const mails = await t.db.execute<{ text: string }>(sql`select text from mail_messages where kind = 'quoter.quote' and subject like ${`%${quote.number}%`}`);
    expect(mails.rows.length).toBe(2);
    for (const mail of mails.rows) expect(mail.text).toContain(`/quoter/quote/${quote.token}`);
    const answers = await Promise.all([
      call(null, "POST", `/api/quoter/public/quotes/${quote.token}/accept`, { name: "Ana", agree: true }),
      call(null, "POST", `/api/quoter/public/quotes/${quote.token}/decline`, { reason: "No" }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const notices = await t.db.execute(sql`select 1 from mail_messages where kind = 'quoter.decided' and subject like ${`%${quote.number}%`}`);
    expect(notices.rows.length).toBe(1);
  });

  it("the PDF reads back with the number, the coverage and the premium", async () => {
    const quote = await sent();
    const answer = await call(agent, "GET", `/api/quoter/quotes/${quote.id}/pdf`);
    expect(answer.headers["content-type"]).toBe("application/pdf");
    const pdf = await parsePdf(answer.rawPayload);
    expect(pdf.text).toContain(quote.number);
    expect(pdf.text).toContain("Physiotherapy sessions");
    expect(pdf.text).toContain("Age: 30–49");
    expect(pdf.text).toContain("€359.00");
    expect((await call(null, "GET", `/api/quoter/public/quotes/${quote.token}/pdf`)).statusCode).toBe(200);
  });
});

describe("products", () => {
  it("a code taken is 409; a rule table with a gap is 400 on its band; nothing written", async () => {
    const body = { code: product.code.toLowerCase(), name: { en: "Again", es: "Otra" }, rules: physioRules() };
    const taken = await r.send("admin", "POST", "/api/quoter/products", body);
    expect(taken.statusCode).toBe(409);
    const gap = physioRules();
    (gap.factors[0] as { bands: { from: number }[] }).bands[2] = {
      ...(gap.factors[0] as { bands: { from: number; to: number; factorBp: number }[] }).bands[2],
      from: 51,
    } as never;
    const refused = await r.send("admin", "POST", "/api/quoter/products", { ...body, code: "GAP-1", rules: gap });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ "rules.factors.0.bands.2.from": ["Leaves a gap: this band must start at 50."] });
    const made = await r.send("admin", "POST", "/api/quoter/products", { ...body, code: "HOME-1" });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ code: "HOME-1", currentVersion: 1, versions: [{ version: 1 }] });
  });

  it("agents read active products only; an archived one offers no quote", async () => {
    const archived = await makeInsuranceProduct(t.db, { state: "archived" });
    expect((await call(agent, "GET", `/api/quoter/products/${archived.id}`)).statusCode).toBe(404);
    expect((await r.send("admin", "GET", `/api/quoter/products/${archived.id}`)).statusCode).toBe(200);
    const refused = await call(agent, "POST", "/api/quoter/rate", {
      answers: { age: 40, region: "north" },
      options: [{ productId: archived.id, level: "basic" }],
    });
    expect(refused.json()).toEqual({ "options.0.productId": ["This product is archived and offers no new quote."] });
  });
});

describe("exports and figures", () => {
  it("exports the agent's own quotes as CSV and XLSX", async () => {
    const quote = await draft(agent2, { applicantName: "=HYPERLINK(1)" });
    const csv = await call(agent2, "GET", "/api/quoter/quotes/export?format=csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(quote.number);
    expect(csv.body).toContain("'=HYPERLINK(1)");
    const xlsx = await call(agent2, "GET", "/api/quoter/quotes/export?format=xlsx&state=draft");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const numbers = workbook.worksheets[0]?.getColumn(1).values.slice(2);
    expect(numbers).toContain(quote.number);
    expect((await call(agent, "GET", "/api/quoter/quotes/export?format=csv")).body).not.toContain(quote.number);
  });

  it("counts quotes, amounts, acceptances and the conversion per month and per agent", async () => {
    const answer = await r.send("admin", "GET", "/api/quoter/figures");
    expect(answer.statusCode, answer.body).toBe(200);
    const figures = answer.json();
    expect(figures.totals.quotes).toBeGreaterThan(5);
    expect(figures.totals.accepted).toBeGreaterThanOrEqual(2);
    expect(figures.totals.conversionBp).toBe(Math.round((figures.totals.accepted * 10_000) / figures.totals.sent));
    expect(figures.months.at(-1).month).toBe(new Date().toISOString().slice(0, 7));
    expect(figures.agents.map((row: { agent: { name: string } }) => row.agent.name.split(" ")[0]).sort()).toEqual(["Alma", "Bruno"]);
    const own = (await call(agent2, "GET", "/api/quoter/figures")).json();
    expect(own.agents.length).toBe(1);
    expect((await call(agent, "GET", "/api/quoter/figures?from=2026-05-01&to=2026-01-01")).statusCode).toBe(400);
  });

  it("never adds amounts of two currencies: the figures are of one, the others named", async () => {
    const dollars = await makeInsuranceProduct(t.db, { currency: "USD" });
    const made = await call(agent2, "POST", "/api/quoter/quotes", quoteBody(dollars.id));
    expect(made.statusCode, made.body).toBe(201);
    // Quoted: the cheapest option while none is chosen.
    const premium = Math.min(...(made.json() as { options: { premiumCents: number }[] }).options.map((option) => option.premiumCents));
    const euros = (await call(agent2, "GET", "/api/quoter/figures")).json();
    expect(euros.currency).toBe("EUR");
    expect(euros.currencies).toEqual(["EUR", "USD"]);
    const usd = await call(agent2, "GET", "/api/quoter/figures?currency=usd");
    expect(usd.statusCode, usd.body).toBe(200);
    expect(usd.json()).toMatchObject({ currency: "USD", currencies: ["EUR", "USD"], totals: { quotes: 1, quotedCents: premium } });
    expect(euros.totals.quotes + 1).toBe((await call(agent2, "GET", "/api/quoter/quotes")).json().total);
    // A currency with no quote in the range: nothing counted, still a clear answer.
    expect((await call(agent2, "GET", "/api/quoter/figures?currency=GBP")).json()).toMatchObject({ currency: "GBP", totals: { quotes: 0, quotedCents: 0 } });
    expect((await call(agent2, "GET", "/api/quoter/figures?currency=euro")).statusCode).toBe(400);
  });
});
