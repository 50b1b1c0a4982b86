import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, saveLanguage, settled, signIn, switchModules, visit } from "./fixtures.ts";

/**
 * The messaging chat (issue 41), end to end. A WhatsApp message from a new contact reaches the
 * demo clinic's inbox through the local fake of Meta's Graph API (apps/server/test/graph-fake.ts,
 * which signs the webhook as Meta does) and shows up live, unread; the therapist takes it, replies,
 * the fake receives the send, and its delivery states ("delivered", then "read") turn the reply's
 * ticks without a reload. Then the patient Pablo Díaz and the therapist chat in the app, each in
 * their own browser, seeing each other's messages and typing live; last, the inbox in Spanish.
 *
 * The module is off in the e2e server and other specs count the menus: it is switched on here,
 * and off again after the test, whether it passed or not.
 */

const MODULES = ["chat_whatsapp"] as const;
const run = Date.now().toString(36);
/** The demo clinic's WhatsApp number (apps/server/src/modules/chat/chat-demo.ts). */
const CLINIC_NUMBER_ID = "109876543210001";
/** A new contact: a Spanish mobile number, unique to the run. */
const CONTACT = { from: `34699${String(Date.now()).slice(-6)}`, name: "Marta Gil" };
const INCOMING = `Hello, can I book a balance assessment next week? (${run})`;
const REPLY = `Hi Marta, yes: Tuesday at 10:00 works (${run}).`;
const PATIENT_WRITES = `I did today's exercises, a bit dizzy after (${run}).`;
const AGENT_ANSWERS = `Thanks Pablo, rest ten minutes after each one (${run}).`;

// The fake's port, as playwright.config.ts sets it.
const port = Number(process.env.E2E_PORT ?? 8123);
const GRAPH = `http://127.0.0.1:${Number(process.env.E2E_GRAPH_PORT ?? port + 2)}`;

const conversations = (page: Page, label = "Conversations by last activity") => page.getByRole("list", { name: label });
const history = (page: Page, label = "Messages") => page.getByRole("log", { name: label });
const bubble = (page: Page, text: string) => history(page).getByRole("listitem").filter({ hasText: text });

test.afterAll(async ({ playwright }, testInfo) => {
  await switchModules(playwright, testInfo.project.use.baseURL ?? "", MODULES, false);
});

test("a WhatsApp message arrives live, the therapist takes it and replies until it is read; a patient and the therapist chat live in the app; the inbox in Spanish", async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  await switchModules(playwright, baseURL ?? "", MODULES, true);
  const opened: { close: () => Promise<void> }[] = [];
  let spanish = false;
  try {
    // ---- a. the therapist's inbox; a WhatsApp message from a new contact appears live, unread
    await signIn(page, "therapist");
    await visit(page, "/chat-whatsapp/app");
    await expect(conversations(page).getByRole("link").first()).toBeVisible();
    const incoming = await page.request.post(`${GRAPH}/_fake/incoming`, {
      data: { phoneNumberId: CLINIC_NUMBER_ID, from: CONTACT.from, name: CONTACT.name, id: `wamid.in-${run}`, text: INCOMING },
    });
    expect(incoming.status(), JSON.stringify(await incoming.json())).toBe(200);
    const marta = conversations(page).getByRole("link").filter({ hasText: CONTACT.name });
    await expect(marta, "the new conversation, without a reload").toContainText(INCOMING);
    await expect(marta).toContainText("1 unread");
    await expect(marta).toContainText("Unassigned");
    await expect(marta.getByRole("img", { name: "WhatsApp" })).toBeVisible();
    await settled(page);
    await expectAccessible(page);

    // ---- b. they open it, take it, reply; the fake receives the send; delivered, then read
    await marta.click();
    await expect(page).toHaveURL(/\/chat-whatsapp\/app\/\d+/);
    const header = page.getByRole("heading", { name: CONTACT.name, level: 2 });
    await expect(header).toBeVisible();
    await expect(bubble(page, INCOMING)).toBeVisible();
    await expect(marta, "read once open").not.toContainText("unread");
    await page.getByRole("button", { name: "Assign to me" }).click();
    await expect(page.getByText("The conversation is assigned.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Assign to me" })).toHaveCount(0);
    await expect(marta).toContainText("Assigned to ");

    await page.getByRole("textbox", { name: "Write a message" }).fill(REPLY);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const reply = bubble(page, REPLY);
    await expect(reply.getByRole("img", { name: /^(Queued|Sending|Sent)$/ })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Write a message" })).toHaveValue("");

    type Send = { to: string; type: string; text?: { body: string }; wamid: string | null };
    const sent = async () => {
      const sends = (await (await page.request.get(`${GRAPH}/_fake/sends`)).json()) as Send[];
      return sends.find((send) => send.text?.body === REPLY);
    };
    await expect.poll(async () => (await sent())?.wamid ?? null, { message: "the fake received the reply", timeout: 20_000 }).toMatch(/^wamid\.fake-\d+$/);
    const send = (await sent()) as Send;
    expect(send.to).toBe(CONTACT.from);
    // The sender marked it sent once WhatsApp took it.
    await expect(reply.getByRole("img", { name: "Sent" })).toBeVisible();
    for (const [status, label] of [
      ["delivered", "Delivered"],
      ["read", "Read"],
    ] as const) {
      const answer = await page.request.post(`${GRAPH}/_fake/status`, {
        data: { phoneNumberId: CLINIC_NUMBER_ID, wamid: send.wamid, status, recipient: CONTACT.from },
      });
      expect(answer.status()).toBe(200);
      await expect(reply.getByRole("img", { name: label }), `${status}, without a reload`).toBeVisible();
    }
    await settled(page);
    await expectAccessible(page);

    // ---- c. Pablo writes from his home's Messages card; the therapist, on the inbox, chats back live
    const patientContext = await browser.newContext({ reducedMotion: "reduce", viewport: { width: 1366, height: 800 } });
    opened.push(patientContext);
    const patient = await patientContext.newPage();
    await signIn(patient, "patient");
    await patient.getByRole("region", { name: "Messages" }).getByRole("link", { name: "Open messages" }).click();
    await expect(patient).toHaveURL(/\/manager\/patient\/chat$/);
    await settled(patient);
    await expect(history(patient)).toBeVisible();
    await expectAccessible(patient);

    await visit(page, "/chat-whatsapp/app");
    const pablo = conversations(page)
      .getByRole("link")
      .filter({ hasText: "Pablo Díaz" })
      .filter({ has: page.getByRole("img", { name: "In the app" }) });
    await pablo.click();
    await expect(page.getByRole("heading", { name: "Pablo Díaz", level: 2 })).toBeVisible();
    await settled(page);

    const patientBox = patient.getByRole("textbox", { name: "Write a message" });
    // Typed key by key, as a person types: the signal goes at the first key.
    await patientBox.pressSequentially(PATIENT_WRITES.slice(0, 12));
    await expect(history(page), "the agent sees the patient typing").toContainText("Pablo Díaz is typing…");
    await patientBox.pressSequentially(PATIENT_WRITES.slice(12));
    await patientBox.press("Enter");
    await expect(bubble(patient, PATIENT_WRITES)).toBeVisible();
    await expect(bubble(page, PATIENT_WRITES), "the patient's message, without a reload").toBeVisible();
    await expect(history(page)).not.toContainText("is typing…");

    const agentBox = page.getByRole("textbox", { name: "Write a message" });
    await agentBox.pressSequentially(AGENT_ANSWERS.slice(0, 12));
    await expect(history(patient), "the patient sees the therapist typing").toContainText(/is typing…/);
    await agentBox.pressSequentially(AGENT_ANSWERS.slice(12));
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(bubble(page, AGENT_ANSWERS)).toBeVisible();
    await expect(bubble(patient, AGENT_ANSWERS), "the reply, without a reload").toBeVisible();
    // Pablo has it open: the agent's ticks turn to read.
    await expect(bubble(page, AGENT_ANSWERS).getByRole("img", { name: "Read" })).toBeVisible();
    await settled(patient);
    await expectAccessible(patient);

    // ---- d. the inbox in Spanish
    await saveLanguage(page.request, "es");
    spanish = true;
    await page.goto("/chat-whatsapp/app?filter=mine");
    await settled(page);
    await expect(page.getByRole("tab", { name: "Míos" })).toHaveAttribute("aria-selected", "true");
    const mine = conversations(page, "Conversaciones por última actividad");
    await expect(mine.getByRole("link").filter({ hasText: CONTACT.name })).toContainText(REPLY);
    await expect(page.getByRole("region", { name: "Conversación" })).toContainText("Elige una conversación para leerla y responder.");
    await expectAccessible(page);
  } finally {
    if (spanish) await saveLanguage(page.request, "en");
    for (const one of opened) await one.close();
  }
});
