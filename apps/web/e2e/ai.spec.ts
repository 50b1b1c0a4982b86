import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, saveLanguage, settled, signIn, switchModules, visit } from "./fixtures.ts";

/**
 * The AI chat widget (issue 42), end to end. An admin gives the demo clinic a model (the local
 * fake OpenAI-compatible server, apps/server/test/openai-fake.ts, started by playwright.config.ts)
 * and a FAQ in Spanish in /ai/app; the patient Pablo Díaz, in Spanish, opens the widget, asks, and
 * gets a streamed answer citing that FAQ. The admin removes the model; the same question gets the
 * retrieval-only passages. Last, the admin reads the conversation in the logs, the usage, and
 * tries the console.
 *
 * The module is off in the e2e server and other specs count the menus: it is switched on here,
 * and off again after the test, whether it passed or not.
 */

const MODULES = ["widget_chat_ai"] as const;
const run = Date.now().toString(36);
const port = Number(process.env.E2E_PORT ?? 8123);
const FAKE_URL = `http://127.0.0.1:${Number(process.env.E2E_OPENAI_PORT ?? port + 3)}/v1`;
const FAQ = {
  question: `¿Puedo hacer los ejercicios después de comer? (${run})`,
  answer: "Sí, pero espera treinta minutos después de comer. Empieza sentado y con calma.",
};
const QUESTION = "¿Puedo hacer los ejercicios justo después de comer?";

/** The demo clinic's settings tab in /ai/app. */
async function openClinicSettings(page: Page, tab = "settings") {
  const clinics = await (await page.request.get("/api/clinics/?q=Norte")).json();
  const clinic = clinics.data.find((row: { name: string }) => row.name.includes("Norte"));
  await visit(page, `/ai/app?clinic=${clinic.id}&tab=${tab}`);
}

async function saveSettings(page: Page) {
  const saved = page.waitForResponse((response) => response.url().endsWith("/api/ai/settings") && response.request().method() === "PUT");
  await page.getByRole("button", { name: "Save settings" }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText("The assistant's settings were saved").last()).toBeVisible();
}

/** Asks in the open widget and waits for the answer to end; answers the answer's element. */
async function ask(page: Page, question: string) {
  const composer = page.getByRole("textbox", { name: "Tu pregunta" });
  await composer.fill(question);
  await composer.press("Enter");
  const conversation = page.getByRole("region", { name: "Conversación con el asistente" });
  await expect(conversation.getByText(question).last()).toBeVisible();
  await expect(page.getByRole("button", { name: "Enviar" })).toBeVisible({ timeout: 20_000 });
  return conversation;
}

test.afterAll(async ({ playwright }, testInfo) => {
  await switchModules(playwright, testInfo.project.use.baseURL ?? "", MODULES, false);
});

test("an admin sets a model and a FAQ; a patient asks in Spanish and gets a streamed answer citing it; without the model, the passages", async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  await switchModules(playwright, baseURL ?? "", MODULES, true);
  const patientContext = await browser.newContext({ baseURL });
  const patient = await patientContext.newPage();
  try {
    // ---- a. the admin gives the demo clinic the fake model
    await signIn(page, "admin");
    await openClinicSettings(page);
    await expect(page.getByRole("radio", { name: "A clinic" })).toBeChecked();
    await page.getByRole("switch", { name: "Answer with an AI model" }).check();
    await page.getByRole("textbox", { name: "API address" }).fill(FAKE_URL);
    await page.getByRole("textbox", { name: "Model", exact: true }).fill("fake-chat");
    await page.getByLabel("API key").fill("sk-e2e-0123456789");
    await saveSettings(page);
    await expect(page.getByText("A key is saved. It is stored encrypted")).toBeVisible();
    await settled(page);
    await expectAccessible(page);

    // ---- b. and a FAQ in Spanish
    await page.getByRole("tab", { name: "FAQs" }).click();
    await expect(page.getByRole("table", { name: "FAQs" })).toBeVisible();
    await page.getByRole("button", { name: "Add FAQ" }).click();
    const dialog = page.getByRole("dialog", { name: "Add FAQ" });
    await dialog.getByRole("combobox", { name: "Language" }).click();
    await page.getByRole("option", { name: "Spanish" }).click();
    await dialog.getByRole("textbox", { name: "Question" }).fill(FAQ.question);
    await dialog.getByRole("textbox", { name: "Answer" }).fill(FAQ.answer);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("FAQ created")).toBeVisible();
    await expect(page.getByRole("table", { name: "FAQs" }).getByText(FAQ.question)).toBeVisible();
    await settled(page);
    await expectAccessible(page);

    // ---- c. the patient, in Spanish, asks in the widget: a streamed answer citing the FAQ
    await signIn(patient, "patient");
    await saveLanguage(patient.request, "es");
    await visit(patient, "/manager/patient");
    await patient.getByRole("button", { name: "Preguntar al asistente" }).click();
    await expect(patient.getByRole("dialog", { name: "Asistente" })).toBeVisible();
    const first = await ask(patient, QUESTION);
    await expect(first.getByText("According to [1], Sí, pero espera treinta minutos después de comer.")).toBeVisible();
    const sources = first.getByRole("list", { name: "Fuentes" });
    await expect(sources.getByText(FAQ.question)).toBeVisible();
    await settled(patient);
    await expectAccessible(patient);
    await first.getByRole("button", { name: "Útil", exact: true }).click();
    await expect(first.getByRole("button", { name: "Útil", exact: true })).toHaveAttribute("aria-pressed", "true");

    // ---- d. the admin removes the model: the same question gets the passages
    await page.getByRole("tab", { name: "Settings" }).click();
    await page.getByRole("switch", { name: "Answer with an AI model" }).uncheck();
    await saveSettings(page);
    const second = await ask(patient, QUESTION);
    await expect(second.getByText("No hay ningún modelo de IA configurado").last()).toBeVisible();
    await expect(second.locator("blockquote").getByText("espera treinta minutos después de comer").last()).toBeVisible();
    await settled(patient);
    await expectAccessible(patient);

    // ---- e. the admin reads the conversation and its rating in the logs
    await page.getByRole("tab", { name: "Conversations" }).click();
    const logs = page.getByRole("table", { name: "Conversations with the assistant" });
    await expect(logs.getByText(QUESTION).first()).toBeVisible();
    await settled(page);
    await expectAccessible(page);

    // ---- f. the usage counts the questions; the console answers without storing a conversation
    await page.getByRole("tab", { name: "Usage" }).click();
    await expect(page.getByText("Estimated cost").first()).toBeVisible();
    await settled(page);
    await expectAccessible(page);
    await page.getByRole("tab", { name: "Test console" }).click();
    await page.getByRole("textbox", { name: "Question" }).fill(QUESTION);
    await page.getByRole("button", { name: "Ask", exact: true }).click();
    await expect(page.locator("blockquote").getByText("espera treinta minutos después de comer").first()).toBeVisible();
    await settled(page);
    await expectAccessible(page);
  } finally {
    await saveLanguage(patient.request, "en").catch(() => undefined);
    await patientContext.close();
  }
});
