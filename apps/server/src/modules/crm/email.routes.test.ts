import { and, count, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, secondNode, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { makeClinic } from "../../../test/factories.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import { mailMessages, mailPacing } from "../../platform/mail.table.ts";
import { CAMPAIGN_QUEUE, type CampaignDeps, deliverCampaign, startDueCampaigns } from "./campaigns.service.ts";
import { makeCrmAgent, makeCrmClientUser } from "./crm.fixture.ts";
import { unsubscribeToken } from "./email-render.ts";
import { crmCampaignRecipients, crmCampaigns, crmClients, crmEmailFormats, crmListClients, crmLists, crmTracking } from "./crm.table.ts";

/**
 * The CRM's email (issue 36.5): formats for the CRM admin only, with their field checks; a test
 * send in the outbox from the format's sender; mass email to a list that skips those without
 * an address, consent or subscription, reaches each recipient once across a restart and two
 * nodes at the CRM's pace, and carries RFC 8058's headers; the recipient's unsubscribe link,
 * open pixel and tracked links, without signing in, each recorded once.
 */
type Who = "clinic" | "admin" | "therapist" | "patient" | "agent" | "crmClient" | "otherClinic" | null;
let t: TestApp;
let otherClinicId: string;
const cookies = {} as Record<Exclude<Who, null>, string>;

function call(who: Who, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const all: Record<string, string> = { ...headers };
  if (who) all.cookie = cookies[who];
  if (method !== "GET" && !("origin" in all) && who) all.origin = TEST_PUBLIC_URL;
  return t.app.inject({ method, url, headers: all, ...(payload === undefined ? {} : { payload: payload as object }) });
}
function ok<T>(response: LightMyRequestResponse, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

const format = (change: Record<string, unknown> = {}) => ({
  name: "Spring news",
  description: "Our spring offers",
  subject: "Hello {{first_name}}",
  fromName: "Clinic news",
  fromEmail: "news@clinic.example",
  replyTo: "Front.Desk@clinic.example",
  html: '<p>Dear {{ name }}, see <a href="https://example.com/offer?a=1&amp;b=2">our offer</a>.</p><p>{{organisation}}</p>',
  template: "letter",
  ...change,
});

let clientSeq = 0;
async function makeClient(clinicId: string, change: Partial<typeof crmClients.$inferInsert> = {}): Promise<number> {
  clientSeq += 1;
  const [row] = await t.db
    .insert(crmClients)
    .values({ clinicId, firstName: "Ana", lastName: `Client ${clientSeq}`, email: `client${clientSeq}@mail.example`, consent: true, ...change })
    .returning({ id: crmClients.id });
  return (row as { id: number }).id;
}
async function makeList(clinicId: string, clientIds: number[]): Promise<number> {
  const [row] = await t.db.insert(crmLists).values({ clinicId, title: "Newsletter" }).returning({ id: crmLists.id });
  const listId = (row as { id: number }).id;
  if (clientIds.length > 0) await t.db.insert(crmListClients).values(clientIds.map((clientId) => ({ listId, clientId })));
  return listId;
}
const formatCount = async () => (await t.db.select({ n: count() }).from(crmEmailFormats))[0]?.n;
const newFormat = async (change: Record<string, unknown> = {}) =>
  ok<{ id: number }>(await call("clinic", "POST", "/api/crm/email-formats", format(change)), 201).id;
const deliver = () => t.app.jobs.drain(CAMPAIGN_QUEUE);
const campaignMails = () => t.db.select().from(mailMessages).where(eq(mailMessages.kind, "crm.campaign")).orderBy(mailMessages.id);

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,crm_manager" } });
  const other = await makeClinic(t.db);
  otherClinicId = other.clinic.id;
  const agent = await makeCrmAgent(t.db, t.ids.clinic);
  for (const role of ["clinic", "admin", "therapist", "patient"] as const) cookies[role] = await t.loginAs(role);
  cookies.agent = await t.login(agent.email, agent.password);
  const crmClient = await makeCrmClientUser(t.db, t.ids.clinic);
  cookies.crmClient = await t.login(crmClient.email, crmClient.password);
  cookies.otherClinic = await t.login(other.clinic.email, other.clinic.password);
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.app.jobs.drain(CAMPAIGN_QUEUE);
  await t.db.delete(crmCampaigns);
  await t.db.delete(mailMessages);
  await t.db.delete(mailPacing);
});

describe("email formats", () => {
  it("the CRM admin adds, reads, edits, lists and deletes them; agents and other staff get 403, another clinic 404", async () => {
    const made = ok<{ id: number; replyTo: string; template: string; trackOpens: boolean }>(
      await call(
        "clinic",
        "POST",
        "/api/crm/email-formats",
        format({ html: '<p class="x" style="color:red">Hi {{first_name}}</p><img src="/api/uploads/00000000-0000-4000-8000-000000000000">' }),
      ),
      201,
    );
    expect(made).toMatchObject({ replyTo: "front.desk@clinic.example", template: "letter", trackOpens: false });
    // Sanitised: no attributes beyond the allowlist, no image (an upload means nothing in a mailbox).
    expect(ok<{ html: string }>(await call("clinic", "GET", `/api/crm/email-formats/${made.id}`)).html).toBe("<p>Hi {{first_name}}</p>");
    ok(await call("clinic", "PUT", `/api/crm/email-formats/${made.id}`, format({ name: "Summer news", trackClicks: true })));
    const listed = ok<{ data: { id: number; name: string; trackClicks: boolean }[]; total: number }>(await call("clinic", "GET", "/api/crm/email-formats"));
    expect(listed.data.find((row) => row.id === made.id)).toMatchObject({ name: "Summer news", trackClicks: true });
    for (const who of ["agent", "crmClient", "therapist", "patient"] as const) {
      expect((await call(who, "GET", "/api/crm/email-formats")).statusCode).toBe(403);
      expect((await call(who, "POST", "/api/crm/email-formats", format())).statusCode).toBe(403);
      expect((await call(who, "DELETE", `/api/crm/email-formats/${made.id}`)).statusCode).toBe(403);
    }
    expect((await call(null, "GET", "/api/crm/email-formats")).statusCode).toBe(401);
    expect((await call("otherClinic", "GET", `/api/crm/email-formats/${made.id}`)).statusCode).toBe(404);
    expect((await call("otherClinic", "PUT", `/api/crm/email-formats/${made.id}`, format())).statusCode).toBe(404);
    expect((await call("otherClinic", "DELETE", `/api/crm/email-formats/${made.id}`)).statusCode).toBe(404);
    expect(ok<{ data: { id: number }[] }>(await call("otherClinic", "GET", "/api/crm/email-formats")).data.map((row) => row.id)).not.toContain(made.id);
    // A platform admin names the clinic.
    expect(ok<Record<string, string[]>>(await call("admin", "POST", "/api/crm/email-formats", format()), 400).clinicId).toEqual(["Choose the clinic."]);
    expect(ok<{ clinicId: string }>(await call("admin", "POST", `/api/crm/email-formats?clinicId=${otherClinicId}`, format()), 201).clinicId).toBe(
      otherClinicId,
    );
    expect((await call("clinic", "DELETE", `/api/crm/email-formats/${made.id}`)).statusCode).toBe(204);
    expect((await call("clinic", "GET", `/api/crm/email-formats/${made.id}`)).statusCode).toBe(404);
  });

  it.each([
    ["an invalid sender address", { fromEmail: "not-an-address" }, "fromEmail"],
    ["an invalid Reply-To", { replyTo: "reply@" }, "replyTo"],
    ["no subject", { subject: "  " }, "subject"],
    ["no sender name", { fromName: undefined }, "fromName"],
    ["no description", { description: "" }, "description"],
    ["a body with no text", { html: "<p> </p>" }, "html"],
  ])("refuses %s with its field's error, writing nothing", async (_label, change, field) => {
    const before = await formatCount();
    const answer = ok<Record<string, string[]>>(await call("clinic", "POST", "/api/crm/email-formats", format(change)), 400);
    expect(Object.keys(answer)).toContain(field);
    expect(await formatCount()).toBe(before);
  });

  it("refuses an unknown variable in the subject or the body, naming it", async () => {
    const before = await formatCount();
    const answer = ok<Record<string, string[]>>(
      await call("clinic", "POST", "/api/crm/email-formats", format({ subject: "Hi {{firstname}}", html: "<p>{{ phone }} and {{email}}</p>" })),
      400,
    );
    expect(answer.subject?.[0]).toContain("{{firstname}}");
    expect(answer.html?.[0]).toMatch(/^Unknown variable \{\{phone\}\}\. Use /);
    expect(await formatCount()).toBe(before);
    const id = await newFormat();
    expect((await call("clinic", "PUT", `/api/crm/email-formats/${id}`, format({ subject: "{{nope}}" }))).statusCode).toBe(400);
    expect((await t.db.select().from(crmEmailFormats).where(eq(crmEmailFormats.id, id)))[0]?.subject).toBe("Hello {{first_name}}");
  });

  it("a test lands in the outbox now, from the format's sender with its Reply-To and sample values", async () => {
    const id = await newFormat();
    const answer = ok<{ detail: string; status: string }>(await call("clinic", "POST", `/api/crm/email-formats/${id}/test`, { to: "Me@Clinic.example" }));
    expect(answer).toMatchObject({ detail: "Test email message sent successfully", status: "outbox" });
    const [mail] = await t.db.select().from(mailMessages).where(eq(mailMessages.kind, "crm.test"));
    expect(mail).toMatchObject({
      to: "me@clinic.example",
      subject: "[Test] Hello Alex",
      from: '"Clinic news" <news@clinic.example>',
      replyTo: "front.desk@clinic.example",
      status: "outbox",
    });
    expect(mail?.html).toContain("Dear Alex Sample");
    expect(mail?.html).toContain("Sample Organisation");
    expect(mail?.html).toContain(`${TEST_PUBLIC_URL}/crm/unsubscribe/test`);
    expect(mail?.text).toContain("Dear Alex Sample");
    expect((await call("agent", "POST", `/api/crm/email-formats/${id}/test`, { to: "me@clinic.example" })).statusCode).toBe(403);
    expect((await call("otherClinic", "POST", `/api/crm/email-formats/${id}/test`, { to: "me@clinic.example" })).statusCode).toBe(404);
    expect((await call("clinic", "POST", `/api/crm/email-formats/${id}/test`, { to: "nobody" })).statusCode).toBe(400);
  });
});

describe("mass email", () => {
  it("skips clients without an address, consent or subscription; the rest get one email each, with RFC 8058 headers and their own values", async () => {
    const reached = await makeClient(t.ids.clinic, { firstName: "<b>Eva</b>", organisation: "Fisio & Co" });
    const noEmail = await makeClient(t.ids.clinic, { email: null });
    const noConsent = await makeClient(t.ids.clinic, { consent: false });
    const unsubscribed = await makeClient(t.ids.clinic, { unsubscribedAt: new Date() });
    const listId = await makeList(t.ids.clinic, [reached, noEmail, noConsent, unsubscribed]);
    const formatId = await newFormat();
    const created = ok<{ detail: string; campaign: { id: number; state: string } }>(
      await call("clinic", "POST", "/api/crm/campaigns", { formatId, listId }),
      201,
    );
    expect(created).toMatchObject({ detail: "Mass email delivery scheduled successfully", campaign: { state: "scheduled" } });
    // Editing the format later does not change the send: it was copied.
    ok(await call("clinic", "PUT", `/api/crm/email-formats/${formatId}`, format({ subject: "Changed" })));
    await deliver();
    const recipients = await t.db.select().from(crmCampaignRecipients).where(eq(crmCampaignRecipients.campaignId, created.campaign.id));
    const skipped = Object.fromEntries(recipients.map((row) => [row.clientId, row.skipped]));
    expect(skipped).toEqual({ [reached]: null, [noEmail]: "no_email", [noConsent]: "no_consent", [unsubscribed]: "unsubscribed" });
    const mails = await campaignMails();
    expect(mails).toHaveLength(1);
    const mail = mails[0] as (typeof mails)[number];
    expect(mail).toMatchObject({ subject: "Hello <b>Eva</b>", from: '"Clinic news" <news@clinic.example>', replyTo: "front.desk@clinic.example" });
    expect(mail.html).toContain("Dear &lt;b&gt;Eva&lt;/b&gt; Client");
    expect(mail.html).toContain("Fisio &amp; Co");
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(new RegExp(`^<${TEST_PUBLIC_URL}/api/crm/unsubscribe/${reached}\\.[A-Za-z0-9_-]{32}>$`));
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.html).toMatch(new RegExp(`${TEST_PUBLIC_URL}/crm/unsubscribe/${reached}\\.`));
    // Not tracked: the link is the format's own, and no pixel.
    expect(mail.html).toContain('href="https://example.com/offer?a=1&amp;b=2"');
    expect(mail.html).not.toContain("/api/crm/t/");
    const [recipient] = recipients.filter((row) => row.clientId === reached);
    expect(recipient?.mailId).toBe(mail.id);
    const lines = await t.db
      .select()
      .from(crmTracking)
      .where(and(eq(crmTracking.kind, "email_sent"), eq(crmTracking.refId, created.campaign.id)));
    expect(lines.map((line) => [line.clientId, line.summary])).toEqual([[reached, "Hello <b>Eva</b>"]]);
    const listed = ok<{ data: { id: number; state: string; listTitle: string; progress: object }[] }>(await call("clinic", "GET", "/api/crm/campaigns"));
    expect(listed.data[0]).toMatchObject({
      id: created.campaign.id,
      state: "sent",
      listTitle: "Newsletter",
      progress: { total: 4, sent: 1, failed: 0, left: 0, skipped: 3, opened: 0, clicked: 0 },
    });
  });

  it("refuses a past time, another clinic's list or format, and anyone but the CRM admin, writing nothing", async () => {
    const formatId = await newFormat();
    const listId = await makeList(t.ids.clinic, []);
    const otherList = await makeList(otherClinicId, []);
    const campaigns = async () => (await t.db.select({ n: count() }).from(crmCampaigns))[0]?.n;
    expect(Object.keys(ok(await call("clinic", "POST", "/api/crm/campaigns", { formatId, listId, sendAt: "2020-01-01T00:00:00Z" }), 400) as object)).toEqual([
      "sendAt",
    ]);
    expect(Object.keys(ok(await call("clinic", "POST", "/api/crm/campaigns", { formatId, listId: otherList }), 400) as object)).toEqual(["listId"]);
    expect(Object.keys(ok(await call("otherClinic", "POST", "/api/crm/campaigns", { formatId, listId: otherList }), 400) as object)).toEqual(["formatId"]);
    expect((await call("admin", "POST", "/api/crm/campaigns", { formatId, listId: otherList })).statusCode).toBe(400);
    expect((await call("agent", "POST", "/api/crm/campaigns", { formatId, listId })).statusCode).toBe(403);
    expect((await call("agent", "GET", "/api/crm/campaigns")).statusCode).toBe(403);
    expect(await campaigns()).toBe(0);
  });

  it("a scheduled one waits for its time and can be cancelled until it starts (409 after)", async () => {
    const formatId = await newFormat();
    const listId = await makeList(t.ids.clinic, [await makeClient(t.ids.clinic)]);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const { campaign } = ok<{ campaign: { id: number; sendAt: string } }>(
      await call("clinic", "POST", "/api/crm/campaigns", { formatId, listId, sendAt: later }),
      201,
    );
    expect(campaign.sendAt).toBe(later);
    expect(await deliver()).toBe(0);
    expect((await call("otherClinic", "POST", `/api/crm/campaigns/${campaign.id}/cancel`)).statusCode).toBe(404);
    expect(ok<{ state: string }>(await call("clinic", "POST", `/api/crm/campaigns/${campaign.id}/cancel`)).state).toBe("cancelled");
    expect((await call("clinic", "POST", `/api/crm/campaigns/${campaign.id}/cancel`)).statusCode).toBe(409);
    await deliverCampaign(depsOf(), campaign.id);
    expect(await campaignMails()).toHaveLength(0);
    const now = ok<{ campaign: { id: number } }>(await call("clinic", "POST", "/api/crm/campaigns", { formatId, listId }), 201).campaign;
    await deliver();
    expect((await call("clinic", "POST", `/api/crm/campaigns/${now.id}/cancel`)).statusCode).toBe(409);
    expect(ok<{ state: string }>(await call("clinic", "GET", `/api/crm/campaigns/${now.id}`)).state).toBe("sent");
  });

  it("a due campaign whose own job never ran (the demo's) is started by the sweep; one not due yet is left alone", async () => {
    const formatId = await newFormat();
    const listId = await makeList(t.ids.clinic, [await makeClient(t.ids.clinic)]);
    const later = ok<{ campaign: { id: number } }>(
      await call("clinic", "POST", "/api/crm/campaigns", { formatId, listId, sendAt: new Date(Date.now() + 3_600_000).toISOString() }),
      201,
    ).campaign;
    // Written as a seeder writes it: due an hour ago, no job queued for it.
    const inserted = await t.db.execute<{ id: number }>(sql`insert into crm_campaigns (clinic_id, format_id, list_id, state, send_at, name, subject, html,
        from_name, from_email, reply_to, template, track_opens, track_clicks)
      select clinic_id, format_id, list_id, state, now() - interval '1 hour', name, subject, html, from_name, from_email, reply_to, template,
        track_opens, track_clicks from crm_campaigns where id = ${later.id} returning id`);
    const due = inserted.rows[0];
    const started = await startDueCampaigns(depsOf());
    expect(started).toContain(due?.id);
    expect(started).not.toContain(later.id);
  });

  it("each recipient once when delivery stops half way and then runs on two nodes at once, at the CRM's pace", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await makeClient(t.ids.clinic));
    const listId = await makeList(t.ids.clinic, ids);
    const formatId = await newFormat();
    const { campaign } = ok<{ campaign: { id: number } }>(await call("clinic", "POST", "/api/crm/campaigns", { formatId, listId }), 201);
    // The node dies while queueing the second batch: that batch rolls back, the first stays.
    let calls = 0;
    const dying: JobQueue = {
      ...t.app.jobs,
      sendMany: async (...args) => {
        calls += 1;
        if (calls === 2) throw new Error("the node died");
        return t.app.jobs.sendMany(...args);
      },
    };
    await expect(deliverCampaign(depsOf({ mailer: smtpMailer(), jobs: dying }), campaign.id, 3)).rejects.toThrow("the node died");
    const reachedCount = async () =>
      (await t.db.select({ n: count() }).from(crmCampaignRecipients).where(sql`${crmCampaignRecipients.reachedAt} is not null`))[0]?.n;
    expect(await reachedCount()).toBe(3);
    // Restarted on this node while a second node, with its own pool, works the same campaign.
    const second = await secondNode(t);
    try {
      await Promise.all([
        deliverCampaign(depsOf({ mailer: smtpMailer() }), campaign.id, 2),
        deliverCampaign(depsOf({ db: second.database.db, mailer: smtpMailer() }), campaign.id, 2),
      ]);
    } finally {
      await second.close();
    }
    expect(await reachedCount()).toBe(7);
    const mails = await campaignMails();
    expect(mails.map((mail) => mail.to).sort()).toEqual([...new Set(mails.map((mail) => mail.to))].sort());
    expect(mails).toHaveLength(7);
    expect(mails.every((mail) => mail.status === "queued")).toBe(true);
    const jobs = await t.db.execute<{ start: string }>(
      sql`select (extract(epoch from start_after) * 1000)::bigint::text as start from pgboss.job
          where name = 'mail.deliver' and (data->>'id')::bigint = any(${sql.param(mails.map((mail) => mail.id))}::bigint[]) order by start_after`,
    );
    const starts = jobs.rows.map((row) => Number(row.start));
    expect(starts).toHaveLength(7);
    // 2 a second: half a second apart, in the CRM's own lane.
    expect(starts.slice(1).map((start, index) => start - (starts[index] as number))).toEqual([500, 500, 500, 500, 500, 500]);
    expect((await t.db.select().from(mailPacing)).map((row) => row.id)).toEqual([2]);
    const listed = ok<{ progress: object; state: string }>(await call("clinic", "GET", `/api/crm/campaigns/${campaign.id}`));
    expect(listed).toMatchObject({ state: "sent", progress: { total: 7, sent: 0, left: 7, skipped: 0 } });
  });
});

describe("the recipient's links", () => {
  /** A tracked campaign to one new client: its email, once delivered. */
  async function trackedEmail(): Promise<{ clientId: number; campaignId: number; html: string; unsubscribe: string }> {
    const clientId = await makeClient(t.ids.clinic, { email: `Person.${clientSeq}@Mail.example` });
    const listId = await makeList(t.ids.clinic, [clientId]);
    const formatId = await newFormat({ trackOpens: true, trackClicks: true });
    const { campaign } = ok<{ campaign: { id: number } }>(await call("clinic", "POST", "/api/crm/campaigns", { formatId, listId }), 201);
    await deliver();
    const [mail] = await campaignMails();
    const unsubscribe = /\/api\/crm\/unsubscribe\/([^>]+)>/.exec(mail?.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "";
    return { clientId, campaignId: campaign.id, html: mail?.html ?? "", unsubscribe };
  }
  const lines = async (clientId: number, kind: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(crmTracking)
        .where(and(eq(crmTracking.clientId, clientId), eq(crmTracking.kind, kind)))
    )[0]?.n;
  const attributeText = (html: string) => html.replaceAll("&amp;", "&");

  it("unsubscribes signed out, once, only its own client (a tampered token is 404), and later mass emails skip them", async () => {
    const { clientId, unsubscribe } = await trackedEmail();
    const view = ok<{ email: string; clinicName: string; unsubscribed: boolean }>(await call(null, "GET", `/api/crm/unsubscribe/${unsubscribe}`));
    expect(view).toMatchObject({ email: "Pe***@Mail.example", unsubscribed: false });
    expect(view.clinicName).not.toBe("");
    const [id, signature] = unsubscribe.split(".");
    const otherClient = await makeClient(t.ids.clinic);
    for (const forged of [`${otherClient}.${signature}`, `${id}.${"A".repeat(32)}`, `${id}`, "x"]) {
      expect((await call(null, "GET", `/api/crm/unsubscribe/${forged}`)).statusCode).toBe(404);
      expect((await call(null, "POST", `/api/crm/unsubscribe/${forged}`, {})).statusCode).toBe(404);
    }
    // A mail provider's one-click call (RFC 8058): a form body, from its own site.
    const oneClick = await t.app.inject({
      method: "POST",
      url: `/api/crm/unsubscribe/${unsubscribe}`,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.provider.example", "sec-fetch-site": "cross-site" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(ok<{ unsubscribed: boolean }>(oneClick).unsubscribed).toBe(true);
    // The page's own call, again: nothing more happens.
    expect(ok<{ unsubscribed: boolean }>(await call(null, "POST", `/api/crm/unsubscribe/${unsubscribe}`, {}, { origin: TEST_PUBLIC_URL })).unsubscribed).toBe(
      true,
    );
    expect(await lines(clientId, "unsubscribed")).toBe(1);
    expect((await t.db.select().from(crmClients).where(eq(crmClients.id, otherClient)))[0]?.unsubscribedAt).toBeNull();
    // Other cross-site writes are still refused.
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/crm/email-formats",
      headers: { cookie: cookies.clinic, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      payload: format(),
    });
    expect(crossSite.statusCode).toBe(403);
    const listId = await makeList(t.ids.clinic, [clientId]);
    const { campaign } = ok<{ campaign: { id: number } }>(await call("clinic", "POST", "/api/crm/campaigns", { formatId: await newFormat(), listId }), 201);
    await deliver();
    const [recipient] = await t.db.select().from(crmCampaignRecipients).where(eq(crmCampaignRecipients.campaignId, campaign.id));
    expect(recipient).toMatchObject({ skipped: "unsubscribed", mailId: null });
  });

  it("records the first open and the first click; the redirect goes only where the signature says", async () => {
    const { clientId, campaignId, html } = await trackedEmail();
    const pixel = /src="http:\/\/localhost:8000(\/api\/crm\/t\/o\/[^"]+)"/.exec(html)?.[1] ?? "";
    const link = attributeText(/href="http:\/\/localhost:8000(\/api\/crm\/t\/c\/[^"]+)"/.exec(html)?.[1] ?? "");
    expect(pixel).not.toBe("");
    expect(link).toContain(`?u=${encodeURIComponent("https://example.com/offer?a=1&b=2")}&s=`);
    for (let time = 0; time < 2; time++) {
      const opened = await call(null, "GET", pixel);
      expect(opened.statusCode).toBe(200);
      expect(opened.headers["content-type"]).toBe("image/gif");
      expect(opened.headers["cache-control"]).toBe("no-store");
    }
    expect(await lines(clientId, "email_opened")).toBe(1);
    const tokenPart = pixel.split("/").pop() as string;
    expect((await call(null, "GET", `/api/crm/t/o/${tokenPart.slice(0, -1)}B`)).statusCode).toBe(404);
    for (let time = 0; time < 2; time++) {
      const clicked = await call(null, "GET", link);
      expect(clicked.statusCode).toBe(302);
      expect(clicked.headers.location).toBe("https://example.com/offer?a=1&b=2");
    }
    expect(await lines(clientId, "email_clicked")).toBe(1);
    const signature = new URL(link, TEST_PUBLIC_URL).searchParams.get("s") as string;
    const token = link.split("/").pop()?.split("?")[0] as string;
    // Another address under the same signature, or a forged signature: never an open redirect.
    expect((await call(null, "GET", `/api/crm/t/c/${token}?u=${encodeURIComponent("https://evil.example/")}&s=${signature}`)).statusCode).toBe(404);
    expect((await call(null, "GET", `/api/crm/t/c/${token}?u=${encodeURIComponent("https://example.com/offer?a=1&b=2")}&s=${"x".repeat(32)}`)).statusCode).toBe(
      404,
    );
    const progress = ok<{ progress: object }>(await call("clinic", "GET", `/api/crm/campaigns/${campaignId}`)).progress;
    expect(progress).toMatchObject({ total: 1, sent: 1, opened: 1, clicked: 1 });
  });
});

describe("the module switched off", () => {
  it("answers 404 to every CRM email call, the recipient's links too", async () => {
    // A genuine link: with the module on it answers 200.
    const unsubscribe = unsubscribeToken(t.app.deriveKey("crm-unsubscribe"), await makeClient(t.ids.clinic));
    expect((await call(null, "GET", `/api/crm/unsubscribe/${unsubscribe}`)).statusCode).toBe(200);
    ok(await call("admin", "PUT", "/api/flags/crm_manager", { enabled: false }));
    try {
      expect((await call("clinic", "GET", "/api/crm/email-formats")).statusCode).toBe(404);
      expect((await call("clinic", "POST", "/api/crm/email-formats", format())).statusCode).toBe(404);
      expect((await call("clinic", "GET", "/api/crm/campaigns")).statusCode).toBe(404);
      expect((await call(null, "GET", `/api/crm/unsubscribe/${unsubscribe}`)).statusCode).toBe(404);
    } finally {
      ok(await call("admin", "PUT", "/api/flags/crm_manager", { enabled: true }));
    }
  });
});

/** The app's delivery settings, with changes. */
function depsOf(change: Partial<CampaignDeps> = {}): CampaignDeps {
  return {
    db: t.db,
    mailer: t.app.mailer,
    jobs: t.app.jobs,
    emailsPerSecond: 2,
    unsubscribeKey: t.app.deriveKey("crm-unsubscribe"),
    trackingKey: t.app.deriveKey("crm-tracking"),
    ...change,
  };
}

/** A mailer whose SMTP server accepts everything: emails then go through paced `mail.deliver` jobs. */
function smtpMailer(): CampaignDeps["mailer"] {
  return { ...t.app.mailer, transport: { from: "clinic@example.com", send: async () => ({}), close: () => {} } };
}
