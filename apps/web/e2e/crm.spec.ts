import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { adminApi, expectAccessible, settled, signIn, signInWith, switchModules, visit } from "./fixtures.ts";

/**
 * The CRM (issue 36), end to end: the demo clinic (the CRM admin) makes a user list and imports
 * 200 clients into it from an XLSX, gives a few of them to the agent Lucía Romero in an
 * initiative, writes an email format with {{first_name}}, sends a test, then a mass email to the
 * list at the next minute and watches it go out; meanwhile Lucía (Spanish screens) works three
 * clients of the initiative from the call centre with three outcomes and books a meeting; her
 * statistics, and the clinic's, show the calls. Everyone in Madrid's time zone.
 *
 * The module is off in the e2e server, and other specs count the menus: it is switched on here,
 * and off again after the test, whether it passed or not.
 */

test.use({ timezoneId: "Europe/Madrid" });

const ZONE = "Europe/Madrid";
const run = Date.now().toString(36);
const CLIENTS = 200;
const AGENT = { email: "agent@example.com", password: "Agent-demo-2026", name: "Lucía Romero" };
const emailOf = (n: number) => `crm-${run}-${n}@example.com`;
/** A local day in Madrid, `offset` days from today, as YYYY-MM-DD. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA", { timeZone: ZONE });
/** A moment as Madrid's local "YYYY-MM-DD HH:mm" (the date-time field takes a 24-hour time). */
const localMinute = (at: number) => new Date(at).toLocaleString("sv-SE", { timeZone: ZONE, hour12: false }).slice(0, 16);

/** 200 clients as a clinic's spreadsheet holds them; the town's header is one the import does not guess. */
async function clientsXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Clientes");
  sheet.addRow(["First name", "Last name", "Email", "Phone", "Town of residence", "Consent"]);
  for (let n = 1; n <= CLIENTS; n++) {
    sheet.addRow([`Cliente${n}`, `Prueba ${run}`, emailOf(n), `+34 600 ${String(100_000 + n).slice(0, 3)} ${String(n).padStart(3, "0")}`, "Bilbao", "yes"]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Chooses `option` in the MUI select labelled `label` within `scope`. */
async function select(page: Page, scope: Page | Locator, label: string, option: string | RegExp) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).click();
}

/** A Spanish-speaking agent's browser (her account's language is Spanish). */
async function agentPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ timezoneId: ZONE, viewport: { width: 1366, height: 800 }, reducedMotion: "reduce" });
  return context.newPage();
}

interface Stats {
  agents: { name: string; calls: number; meetings: number }[];
}

test.afterAll(async ({ playwright }, testInfo) => {
  await switchModules(playwright, testInfo.project.use.baseURL ?? "", ["crm_manager"], false);
});

test("the CRM admin imports 200 clients, makes an initiative and a mass email; an agent works the queue in Spanish; the statistics show it", async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(300_000);
  await switchModules(playwright, baseURL ?? "", ["crm_manager"], true);
  const listTitle = `Bilbao leads ${run}`;
  const initiativeTitle = `Bilbao autumn calls ${run}`;
  const formatName = `Autumn news ${run}`;

  // ---- the clinic makes a user list for the import
  await signIn(page, "clinic");
  await visit(page, "/crm/app/user?tab=lists");
  await page.getByRole("button", { name: "Add user list" }).click();
  const listDialog = page.getByRole("dialog", { name: "Add user list" });
  await listDialog.getByRole("textbox", { name: "Title", exact: true }).fill(listTitle);
  await listDialog.getByRole("textbox", { name: "Description", exact: true }).fill("Clients from the Bilbao fair, imported from the stand's spreadsheet.");
  await expectAccessible(page);
  await listDialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("User list created successfully")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(listTitle) })).toBeVisible();

  // ---- and imports 200 clients into it from an XLSX
  await page.getByRole("tab", { name: "Clients" }).click();
  await settled(page);
  await page.getByRole("button", { name: "Import clients" }).click();
  const importDialog = page.getByRole("dialog", { name: "Import clients" });
  await expect(importDialog.getByText("No file chosen")).toBeVisible();
  await expectAccessible(page);
  const chooser = page.waitForEvent("filechooser");
  await importDialog.getByRole("button", { name: "Choose a file" }).click();
  await (await chooser).setFiles({
    name: `bilbao-${run}.xlsx`,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await clientsXlsx(),
  });
  await expect(importDialog.getByRole("heading", { name: `Which column fills each field (${CLIENTS} rows)` })).toBeVisible();
  // The headers the import knows are mapped on their own; the town is mapped by hand.
  await expect(importDialog.getByRole("combobox", { name: "Email", exact: true })).toHaveText("Email");
  await expect(importDialog.getByRole("combobox", { name: "City", exact: true })).toHaveText("(none)");
  await select(page, importDialog, "City", "Town of residence");
  await expect(importDialog.getByRole("combobox", { name: "City", exact: true })).toHaveText("Town of residence");
  const preview = importDialog.getByRole("table", { name: "First rows of the file" });
  await expect(preview.getByRole("row").nth(1)).toContainText(`Cliente1Prueba ${run}${emailOf(1)}`);
  await expect(preview.getByRole("row").nth(1)).toContainText("Bilbao");
  const listPicker = importDialog.getByRole("combobox", { name: "Add the imported clients to a list (optional)" });
  await listPicker.fill(listTitle);
  await page.getByRole("option", { name: listTitle }).click();
  await settled(page);
  await expectAccessible(page);
  await importDialog.getByRole("button", { name: `Import ${CLIENTS} clients` }).click();
  // The progress bar shows while the server checks and writes the rows.
  await expect(importDialog.getByRole("progressbar")).toBeVisible();
  await expect(page.getByText(`The complete user list was imported successfully (${CLIENTS} clients)`)).toBeVisible({ timeout: 60_000 });
  await expect(importDialog).toBeHidden();
  // The notices sit over the table's last rows (axe reads their green as those rows' background)
  // and stay while the pointer rests on them, as it does where the dialog's button was.
  await page.mouse.move(0, 0);
  await expect(page.getByText(`The complete user list was imported successfully (${CLIENTS} clients)`)).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText("User list created successfully")).toBeHidden({ timeout: 15_000 });
  await page.getByLabel("Search by name, organisation, email or phone").fill(`crm-${run}-`);
  await settled(page);
  await expect(page.getByRole("link", { name: `Cliente1 Prueba ${run}`, exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("tab", { name: "User lists" }).click();
  await settled(page);
  await expect(page.getByRole("row", { name: new RegExp(listTitle) }).getByRole("cell", { name: String(CLIENTS), exact: true })).toBeVisible();
  await expectAccessible(page);

  // ---- an initiative for Lucía Romero with four of them
  await visit(page, "/crm/app/telemarket/media");
  await page.getByRole("button", { name: "Add initiative" }).click();
  const initiative = page.getByRole("dialog", { name: "Add initiative" });
  await initiative.getByRole("textbox", { name: "Title", exact: true }).fill(initiativeTitle);
  await initiative.getByRole("textbox", { name: "Description", exact: true }).fill("Call the fair's visitors and offer them a first visit.");
  const clientsField = initiative.getByRole("combobox", { name: "Clients" });
  for (const n of [1, 2, 3, 4]) {
    await clientsField.fill(emailOf(n));
    await page.getByRole("option", { name: `Cliente${n} Prueba ${run} (${emailOf(n)})` }).click();
  }
  await page.keyboard.press("Escape");
  await initiative.getByRole("combobox", { name: "Salesman" }).fill("Lucía");
  await page.getByRole("option", { name: AGENT.name }).click();
  await settled(page);
  await expectAccessible(page);
  await initiative.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Initiative created successfully")).toBeVisible();
  const initiativeRow = page.getByRole("row", { name: new RegExp(initiativeTitle) });
  await expect(initiativeRow).toContainText(AGENT.name);
  await expect(initiativeRow).toContainText("Not read");
  await expectAccessible(page);

  // ---- an email format using {{first_name}}, and a test send
  await visit(page, "/crm/app/email");
  await page.getByRole("button", { name: "Add email format" }).click();
  const format = page.getByRole("dialog", { name: "Add email format" });
  await format.getByRole("textbox", { name: "Name", exact: true }).fill(formatName);
  await format.getByRole("textbox", { name: "Description", exact: true }).fill("The autumn newsletter for the fair's visitors.");
  await format.getByRole("textbox", { name: "From name", exact: true }).fill("Clínica Vestibular Norte");
  await format.getByRole("textbox", { name: "From email", exact: true }).fill("outreach@example.com");
  await format.getByRole("textbox", { name: "Reply-to", exact: true }).fill("clinic@example.com");
  // The variable's chip puts {{first_name}} where the subject was being written.
  await format.getByRole("textbox", { name: "Subject", exact: true }).fill("Our autumn news, ");
  await format.getByRole("button", { name: /^\{\{first_name\}\}/ }).click();
  await expect(format.getByRole("textbox", { name: "Subject", exact: true })).toHaveValue("Our autumn news, {{first_name}}");
  const body = format.getByRole("textbox", { name: "Body", exact: true });
  await body.click();
  await page.keyboard.type("Hello {{first_name}}, thank you for visiting our stand in Bilbao.");
  await expectAccessible(page);
  await format.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Email format created successfully")).toBeVisible();
  const formatRow = page.getByRole("row", { name: new RegExp(formatName) });
  await expect(formatRow).toContainText("Our autumn news, {{first_name}}");
  await formatRow.getByRole("button", { name: "Send a test" }).click();
  const testDialog = page.getByRole("dialog", { name: "Send a test" });
  await testDialog.getByRole("textbox", { name: "Send to", exact: true }).fill(`crm-test-${run}@example.com`);
  await expectAccessible(page);
  await testDialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText("Test email message sent successfully")).toBeVisible();
  await expect(testDialog).toBeHidden();

  // ---- a mass email to the list at the next minute (the field's precision), at least 15 s ahead
  await page.getByRole("tab", { name: "Mass email" }).click();
  await settled(page);
  await page.getByRole("button", { name: "New mass email" }).click();
  const campaign = page.getByRole("dialog", { name: "New mass email" });
  await select(page, campaign, "Email format", formatName);
  await select(page, campaign, "List", `${listTitle} (${CLIENTS} clients)`);
  await campaign.getByRole("radio", { name: "At a date and time" }).check();
  const minute = 60_000;
  const sendAt = Math.ceil((Date.now() + 15_000) / minute) * minute;
  await campaign.getByRole("textbox", { name: "Send at", exact: true }).fill(localMinute(sendAt));
  await expectAccessible(page);
  await campaign.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText("Mass email delivery scheduled successfully")).toBeVisible();
  const campaignRow = page.getByRole("row", { name: new RegExp(formatName) }).first();
  await expect(campaignRow).toContainText("Scheduled");
  // Its recipients are counted when it starts.
  await expect(campaignRow).toContainText(localMinute(sendAt).replace(" ", ", ").slice(0, 12));
  await expectAccessible(page);

  // ---- meanwhile the agent signs in: Spanish screens
  const agent = await agentPage(browser);
  await signInWith(agent, AGENT.email, AGENT.password);
  const statsPath = `/api/crm/telemarket/statistics?since=${day(0)}&to=${day(0)}&timeZone=${encodeURIComponent(ZONE)}`;
  const callsBefore = ((await (await agent.request.get(statsPath)).json()) as Stats).agents.find((one) => one.name === AGENT.name)?.calls ?? 0;
  await visit(agent, "/crm/app/telemarket/call-center");
  await expect(agent.getByRole("heading", { name: "Centro de llamadas", level: 1 })).toBeVisible();
  await select(agent, agent, "Iniciativa o lista", new RegExp(`^${initiativeTitle} \\(4 pendientes ahora, 4 abiertos\\)`));
  await expect(agent.getByRole("region", { name: `Estado de la cola de ${initiativeTitle}` })).toBeVisible();
  await settled(agent);
  await expectAccessible(agent);

  const worked: string[] = [];
  /** Takes the next client of the queue: their card's heading is their name. */
  const nextClient = async () => {
    await agent.getByRole("button", { name: "Siguiente cliente" }).click();
    const name = agent.getByRole("heading", { level: 2, name: new RegExp(`^Cliente\\d Prueba ${run}$`) });
    await expect(name).toBeVisible();
    worked.push((await name.textContent()) ?? "");
    await expect(agent.getByText("Nada aún: este es el primer contacto.")).toBeVisible();
    await settled(agent);
  };
  const outcome = agent.getByRole("group", { name: "Resultado de la llamada" });

  // The first answers and books a meeting.
  await nextClient();
  await expectAccessible(agent);
  await agent.getByRole("button", { name: "Agendar una reunión" }).click();
  const meeting = agent.getByRole("dialog", { name: "Agendar una reunión" });
  await meeting.getByRole("textbox", { name: "Asunto", exact: true }).fill(`First visit ${run}`);
  await meeting.getByRole("textbox", { name: "Notas", exact: true }).fill("Comes with her physiotherapist.");
  await expectAccessible(agent);
  await meeting.getByRole("button", { name: "Guardar" }).click();
  await expect(agent.getByText("Reunión creada correctamente")).toBeVisible();
  await expect(agent.getByText(`First visit ${run}`).first()).toBeVisible();
  await agent.getByRole("textbox", { name: "Notas", exact: true }).fill("Interested: booked a first visit.");
  await outcome.getByRole("button", { name: "Contestó", exact: true }).click();
  await expect(agent.getByText("Creado correctamente", { exact: true }).first()).toBeVisible();

  // The second does not answer.
  await nextClient();
  await outcome.getByRole("button", { name: "No contestó", exact: true }).click();
  await expect(agent.getByText("Creado correctamente", { exact: true }).first()).toBeVisible();

  // The third asks to be called back tomorrow morning.
  await nextClient();
  await agent.getByRole("textbox", { name: "Volver a llamar el", exact: true }).fill(`${day(1)} 10:30`);
  await expectAccessible(agent);
  await agent.getByRole("button", { name: "Volver a llamar a esta hora" }).click();
  await expect(agent.getByText("Creado correctamente", { exact: true }).first()).toBeVisible();
  await expect(agent.getByRole("button", { name: "Siguiente cliente" })).toBeEnabled();
  expect(new Set(worked).size, "three different clients").toBe(3);
  // One client is left to call now; the answered one is done, the others are due again later (a retry, tomorrow's call-back).
  await expect(agent.getByRole("combobox", { name: "Iniciativa o lista" })).toContainText(`${initiativeTitle} (1 pendientes ahora, 3 abiertos)`);
  await settled(agent);
  await expectAccessible(agent);

  // ---- her statistics for today show the three calls and the meeting
  await visit(agent, `/crm/app/telemarket/statistics?since=${day(0)}&to=${day(0)}`);
  const herRow = agent.getByRole("row", { name: new RegExp(`^${AGENT.name}`) });
  await expect(herRow.getByRole("cell").first()).toHaveText(String(callsBefore + 3));
  expect(callsBefore + 3).toBeGreaterThanOrEqual(3);
  await expectAccessible(agent);

  // ---- back at the clinic: the mass email went out to all 200, watched on its tab
  await expect(campaignRow).toContainText(`${CLIENTS} sent, 0 failed, 0 left, 0 skipped of ${CLIENTS}`, { timeout: 150_000 });
  await expect(campaignRow).toContainText("Sent");
  await settled(page);
  await expectAccessible(page);
  // In the outbox: the test with sample values, and each recipient's own first name.
  const admin = await adminApi(playwright, baseURL ?? "");
  const mailsTo = async (address: string) =>
    (await (await admin.get(`/api/mail-messages/?q=${encodeURIComponent(address)}&rowsPerPage=10`)).json()).data as { subject: string; text: string }[];
  expect((await mailsTo(`crm-test-${run}@example.com`)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^\[Test\] Our autumn news, /)]);
  const seventh = await mailsTo(emailOf(7));
  expect(seventh.map((mail) => mail.subject)).toEqual(["Our autumn news, Cliente7"]);
  expect(seventh[0]?.text).toContain("Hello Cliente7, thank you for visiting our stand in Bilbao.");
  await admin.dispose();

  // ---- and the clinic's statistics show Lucía's calls too
  await visit(page, `/crm/app/telemarket/statistics?since=${day(0)}&to=${day(0)}`);
  await expect(
    page
      .getByRole("row", { name: new RegExp(`^${AGENT.name}`) })
      .getByRole("cell")
      .first(),
  ).toHaveText(String(callsBefore + 3));
  await expectAccessible(page);
  await agent.context().close();
});
