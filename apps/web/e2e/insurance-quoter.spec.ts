import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { adminApi, expectAccessible, settled, signIn, signInWith, switchModules, visit } from "./fixtures.ts";

/**
 * The insurance quoter (issue 38), end to end: an admin creates a product on the policies list
 * (an age band table, a region choice table, two coverage levels, a coverage item, a minimum and
 * rounding up to the euro); a demo insurance agent enters an applicant on the main panel with
 * three options side by side (the new product at both levels and the demo's Physio cover),
 * calculates, checks the premiums and a breakdown step by step, saves the quote and sends the
 * second option; the applicant opens the private link from the email in the outbox (no account),
 * reads it in Spanish, the quote's language, and accepts with her name and the box; the agent
 * finds the quote accepted and binds it: a policy number and the year it covers are shown.
 *
 * The module is off in the e2e server, and other specs count the menus: it is switched on here,
 * and off again after the test, whether it passed or not.
 */

const run = Date.now().toString(36);
const CODE = `HOMECARE-${run.toUpperCase()}`;
const NAME = { en: `Home rehab ${run}`, es: `Rehabilitación en casa ${run}` };
const APPLICANT = { name: `Ana Solicitante ${run}`, email: `insurance-applicant-${run}@example.com` };
const AGENT = { email: "insurance.agent2@example.com", password: "Agent-demo-2026", name: "Tomás Vidal" };
/** A UTC day `days` from `day` (YYYY-MM-DD), as the quoter counts policies. */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Chooses `option` in the MUI select labelled `label` within `scope`. */
async function select(page: Page, scope: Page | Locator, label: string | RegExp, option: string | RegExp) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: typeof option === "string" ? true : undefined }).click();
}

/** A browser context of its own (the agent, the applicant), as the config's pages are. */
async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, reducedMotion: "reduce", viewport: { width: 1366, height: 800 } });
  return context.newPage();
}

test.afterAll(async ({ playwright }, testInfo) => {
  await switchModules(playwright, testInfo.project.use.baseURL ?? "", ["quoter"], false);
});

test("an admin makes a product; an agent compares three options, saves and sends one; the applicant accepts by the emailed link in Spanish; the agent binds the policy", async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(180_000);
  await switchModules(playwright, baseURL ?? "", ["quoter"], true);
  const opened: Page[] = [];
  try {
    // ---- 1. the admin creates the product on the policies list
    await signIn(page, "admin");
    await visit(page, "/quoter/app");
    await expect(page.getByRole("tab", { name: "Policies" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("button", { name: "New product" }).click();
    const editor = page.getByRole("dialog", { name: "New insurance product" });
    const about = editor.getByRole("group", { name: "Product", exact: true });
    await about.getByRole("textbox", { name: "Code" }).fill(CODE);
    await about.getByRole("textbox", { name: "Name (English)" }).fill(NAME.en);
    await about.getByRole("textbox", { name: "Name (Spanish)" }).fill(NAME.es);
    await about.getByRole("textbox", { name: "Description (English)" }).fill("Physiotherapy at home after an injury, yearly.");
    await about.getByRole("textbox", { name: "Description (Spanish)" }).fill("Fisioterapia a domicilio tras una lesión, anual.");
    await expect(about.getByRole("combobox", { name: /^Currency/ })).toHaveText("EUR");

    const coverage = editor.getByRole("region", { name: "Coverage item 1" });
    await coverage.getByRole("textbox", { name: "Name (English)" }).fill("Home physiotherapy");
    await coverage.getByRole("textbox", { name: "Name (Spanish)" }).fill("Fisioterapia a domicilio");
    await coverage.getByRole("textbox", { name: "Limit" }).fill("2000.00");
    await coverage.getByRole("textbox", { name: "Deductible" }).fill("50.00");

    const level1 = editor.getByRole("region", { name: "Level 1" });
    await level1.getByRole("textbox", { name: "Name (English)" }).fill("Essential");
    await level1.getByRole("textbox", { name: "Name (Spanish)" }).fill("Esencial");
    await expect(level1.getByRole("textbox", { name: "Multiplier" })).toHaveValue("1");
    await editor.getByRole("button", { name: "Add a level" }).click();
    const level2 = editor.getByRole("region", { name: "Level 2" });
    await level2.getByRole("textbox", { name: "Name (English)" }).fill("Complete");
    await level2.getByRole("textbox", { name: "Name (Spanish)" }).fill("Completo");
    await level2.getByRole("textbox", { name: "Multiplier" }).fill("1.5");

    const pricing = editor.getByRole("group", { name: "Premium", exact: true });
    await pricing.getByRole("textbox", { name: "Base premium" }).fill("200.00");
    await pricing.getByRole("textbox", { name: "Minimum premium" }).fill("150.00");
    await select(page, pricing, /^Round to/, "€1.00");
    await select(page, pricing, /^Rounding/, "Up");

    // An age band table: 18–39 at ×1, 40–99 at ×1.25 (the second band starts where the first ends).
    await editor.getByRole("button", { name: "Add a factor" }).click();
    const age = editor.getByRole("region", { name: "Factor 1" });
    await age.getByRole("textbox", { name: "Name (English)" }).fill("Age");
    await age.getByRole("textbox", { name: "Name (Spanish)" }).fill("Edad");
    await expect(age.getByRole("combobox", { name: /^Kind/ })).toHaveText("Bands");
    const bands = age.getByRole("group", { name: "Bands of factor 1" });
    await bands.getByRole("textbox", { name: "Band 1 from" }).fill("18");
    await bands.getByRole("textbox", { name: "Band 1 to" }).fill("39");
    await bands.getByRole("button", { name: "Add a band" }).click();
    await expect(bands.getByRole("textbox", { name: "Band 2 from" })).toHaveValue("40");
    await bands.getByRole("textbox", { name: "Band 2 to" }).fill("99");
    await bands.getByRole("textbox", { name: "Band 2 multiplier" }).fill("1.25");

    // A region choice table: north at ×1, south at ×0.9.
    await editor.getByRole("button", { name: "Add a factor" }).click();
    const region = editor.getByRole("region", { name: "Factor 2" });
    await region.getByRole("textbox", { name: "Name (English)" }).fill("Region");
    await region.getByRole("textbox", { name: "Name (Spanish)" }).fill("Región");
    await select(page, region, /^Kind/, "Choices");
    const choices = region.getByRole("group", { name: "Choices of factor 2" });
    await choices.getByRole("textbox", { name: "Choice 1 (English)" }).fill("North");
    await choices.getByRole("textbox", { name: "Choice 1 (Spanish)" }).fill("Norte");
    await choices.getByRole("textbox", { name: "Choice 1 value" }).fill("north");
    await choices.getByRole("button", { name: "Add a choice" }).click();
    await choices.getByRole("textbox", { name: "Choice 2 (English)" }).fill("South");
    await choices.getByRole("textbox", { name: "Choice 2 (Spanish)" }).fill("Sur");
    await choices.getByRole("textbox", { name: "Choice 2 value" }).fill("south");
    await choices.getByRole("textbox", { name: "Choice 2 multiplier" }).fill("0.9");
    await editor.getByRole("textbox", { name: "Version note" }).fill(`Launch ${run}`);
    await settled(page);
    await expectAccessible(page);
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The product was created.")).toBeVisible();
    await expect(editor).toBeHidden();
    await page.getByLabel("Search by code or name").fill(run);
    await settled(page);
    const productRow = page.getByRole("table", { name: "Insurance products" }).getByRole("row", { name: new RegExp(CODE) });
    await expect(productRow).toContainText(NAME.en);
    await expect(productRow).toContainText("Active");
    await expect(productRow).toContainText("v1");
    await expect(productRow).toContainText("€200.00");
    await expectAccessible(page);

    // ---- 2. the agent compares three options for an applicant of 45 in the south
    const agent = await newPage(browser, baseURL ?? "");
    opened.push(agent);
    await signInWith(agent, AGENT.email, AGENT.password);
    await visit(agent, "/quoter/app");
    const panel = agent.getByRole("form", { name: "New quote" });
    const applicant = panel.getByRole("group", { name: "Applicant" });
    await applicant.getByRole("textbox", { name: "Applicant's name" }).fill(APPLICANT.name);
    await applicant.getByRole("textbox", { name: "Applicant's email" }).fill(APPLICANT.email);
    await select(agent, applicant, /^Language/, "Spanish");
    await expect(applicant.getByRole("textbox", { name: "Valid until" })).toHaveValue(/\S/);
    await expect(panel.getByText("Choose a product to see what it asks.")).toBeVisible();

    const choose = async (position: number, product: RegExp, level: string) => {
      const option = panel.getByRole("region", { name: `Option ${position}`, exact: true });
      await select(agent, option, /^Product/, product);
      await select(agent, option, /^Coverage level/, level);
    };
    const mine = new RegExp(`^${CODE} · ${NAME.en}$`);
    await choose(1, mine, "Essential");
    await panel.getByRole("button", { name: "Add an option" }).click();
    await choose(2, mine, "Complete");
    await panel.getByRole("button", { name: "Add an option" }).click();
    await choose(3, /^PHYSIO · Physio cover$/, "Standard");
    await expect(panel.getByRole("button", { name: "Add an option" })).toBeDisabled();
    const answers = panel.getByRole("group", { name: "Rating answers" });
    await expect(answers.getByRole("textbox", { name: "Age" })).toHaveAccessibleDescription("From 18 to 99.");
    await answers.getByRole("textbox", { name: "Age" }).fill("45");
    await select(agent, answers, /^Region/, "South");
    await panel.getByRole("button", { name: "Calculate" }).click();
    const premiums = panel.getByRole("group", { name: "Premiums" });
    await expect(premiums).toBeVisible();
    // 200 × 1 × 1.25 × 0.9 = 225; 200 × 1.5 × 1.25 × 0.9 = 337.50, up to 338; Physio cover v2: 260 × 1.35 × 1 × 0.95 = 333.45, up to 334.
    const rated = (position: number) => premiums.getByRole("region", { name: `Option ${position}`, exact: true });
    await expect(rated(1)).toContainText(`${CODE} · ${NAME.en} (version 1)`);
    await expect(rated(1)).toContainText("Level: Essential · No add-ons");
    await expect(rated(1)).toContainText("Yearly premium€225.00");
    await expect(rated(1)).toContainText("Home physiotherapy: up to €2,000.00, deductible €50.00");
    await expect(rated(2)).toContainText("Level: Complete");
    await expect(rated(2)).toContainText("Yearly premium€338.00");
    await expect(rated(3)).toContainText("PHYSIO · Physio cover (version 2)");
    await expect(rated(3)).toContainText("Yearly premium€334.00");
    await expect(rated(3).getByRole("region", { name: "How option 3 was priced" }).getByRole("row").last()).toHaveText("Rounded up to steps of €1.00€334.00");
    await expect(premiums.getByRole("region", { name: "How option 2 was priced" }).getByRole("row")).toHaveText([
      "StepAppliedRunning amount",
      "Base premium€200.00€200.00",
      "Level: Complete×1.5€300.00",
      "Age: 45 (40–99)×1.25€375.00",
      "Region: South×0.9€337.50",
      "Minimum premium of €150.00 (already reached)€337.50",
      "Rounded up to steps of €1.00€338.00",
    ]);
    await settled(agent);
    await expectAccessible(agent);

    // ---- 3. saved as a draft, then the second option sent
    await panel.getByRole("button", { name: "Save quote" }).click();
    await expect(agent).toHaveURL(/\/quoter\/app\/quotes\/\d+$/);
    const quotePath = new URL(agent.url()).pathname;
    const saved = agent.getByText(/^Quote IQ-\d{4}-\d{6} was saved as a draft\.$/);
    await expect(saved).toBeVisible();
    const number = /IQ-\d{4}-\d{6}/.exec((await saved.textContent()) ?? "")?.[0] ?? "";
    await settled(agent);
    await expect(agent.getByRole("heading", { name: number, level: 2 })).toBeVisible();
    await expect(agent.getByText("Draft", { exact: true })).toBeVisible();
    const facts = agent.getByRole("region", { name: "Applicant" });
    await expect(facts).toContainText(`Applicant's name${APPLICANT.name}`);
    await expect(facts).toContainText("LanguageSpanish");
    await expect(facts).toContainText("Age45");
    await expect(facts).toContainText("RegionSouth");
    await expect(agent.getByRole("region", { name: "How option 2 was priced" }).getByRole("row").last()).toContainText("€338.00");
    await expectAccessible(agent);
    const actions = agent.getByRole("group", { name: "Quote actions" });
    await actions.getByRole("button", { name: "Send" }).click();
    const send = agent.getByRole("dialog", { name: `Send ${number}` });
    await expect(send).toContainText(`${APPLICANT.email} receives it as a PDF with a private link`);
    await expect(send.getByRole("radio", { name: /^Option 1: .*€225\.00$/ })).toBeChecked();
    await send.getByRole("radio", { name: `Option 2: ${CODE} · ${NAME.en}, Complete, €338.00` }).check();
    await settled(agent);
    await expectAccessible(agent);
    await send.getByRole("button", { name: "Send" }).click();
    await expect(agent.getByText(`The quote was sent to ${APPLICANT.email}.`)).toBeVisible();
    await expect(send).toBeHidden();
    await expect(actions.getByRole("button", { name: "Send again" })).toBeVisible();
    await expect(agent.getByRole("region", { name: "Option 2", exact: true }).getByText("Chosen")).toBeVisible();

    // ---- 4. the applicant opens the emailed link (no account): Spanish, the quote's language
    const admin = await adminApi(playwright, baseURL ?? "");
    let link = "";
    try {
      await expect
        .poll(async () => {
          const answer = await admin.get(`/api/mail-messages/?q=${encodeURIComponent(APPLICANT.email)}&rowsPerPage=10`);
          const mails = (await answer.json()).data as { kind: string; subject: string; text: string }[];
          const mail = mails.find((one) => one.kind === "quoter.quote");
          link = /https?:\/\/\S+\/quoter\/quote\/[A-Za-z0-9_-]{32}/.exec(mail?.text ?? "")?.[0] ?? "";
          return mail ? `${mail.subject} · ${link ? "link" : "no link"}` : "";
        })
        .toBe(`Su cotización de seguro ${number} · link`);
    } finally {
      await admin.dispose();
    }
    const guest = await newPage(browser, baseURL ?? "");
    opened.push(guest);
    await visit(guest, link);
    await expect(guest.getByRole("heading", { name: "Su cotización está lista", level: 1 })).toBeVisible();
    await expect(guest.getByText(`Para ${APPLICANT.name} · ${number}`)).toBeVisible();
    await expect(guest.getByRole("region", { name: "La cotización", exact: true })).toContainText(`Su agente${AGENT.name}`);
    const offered = guest.getByRole("region", { name: "Opción 2", exact: true });
    await expect(offered).toContainText(`${CODE} · ${NAME.es} (versión 1)`);
    await expect(offered).toContainText("Nivel: Completo · Sin complementos");
    await expect(offered).toContainText(/Prima anual338,00\s€/);
    await expect(offered).toContainText(/Fisioterapia a domicilio: hasta 2\.?000,00\s€, deducible 50,00\s€/);
    // Amounts as Spain writes them ("337,50 €"), the region by its Spanish name.
    await expect(offered.getByRole("region", { name: "Cómo se calculó la opción 2" }).getByRole("row")).toHaveText([
      "PasoAplicadoImporte acumulado",
      /^Prima base200,00\s€200,00\s€$/,
      /^Nivel: Completo×1,5300,00\s€$/,
      /^Edad: 45 \(40–99\)×1,25375,00\s€$/,
      /^Región: Sur×0,9337,50\s€$/,
      /^Prima mínima de 150,00\s€ \(ya alcanzada\)337,50\s€$/,
      /^Redondeada hacia arriba a múltiplos de 1,00\s€338,00\s€$/,
    ]);
    await expect(guest.getByRole("region", { name: "Opción 1", exact: true })).toHaveCount(0);
    await expect(guest.getByText(/^Al aceptar, acepta contratar este seguro por una prima anual de 338,00\s€\.$/)).toBeVisible();
    await expectAccessible(guest);
    // The name alone is not enough: the box must be ticked.
    await guest.getByRole("textbox", { name: "Su nombre completo" }).fill(APPLICANT.name);
    await guest.getByRole("button", { name: "Aceptar la cotización" }).click();
    await expect(guest.getByText("Marque la casilla para aceptar la cotización.")).toBeVisible();
    await expectAccessible(guest);
    await guest.getByRole("checkbox", { name: "He leído la cotización y la acepto." }).check();
    await guest.getByRole("button", { name: "Aceptar la cotización" }).click();
    await expect(guest.getByText("Gracias: la cotización está aceptada.")).toBeVisible();
    await expect(guest.getByRole("heading", { name: "Aceptó esta cotización", level: 1 })).toBeVisible();
    await expect(guest.getByRole("status").filter({ hasText: `por ${APPLICANT.name}` })).toContainText("Su agente se pondrá en contacto para la póliza.");
    await expect(guest.getByRole("button", { name: "Aceptar la cotización" })).toHaveCount(0);
    await settled(guest);
    await expectAccessible(guest);

    // ---- 5. the agent finds it accepted in the quotes list and binds it
    await visit(agent, "/quoter/app/quotes");
    await agent.getByLabel("Search by number, name or email").fill(run);
    await settled(agent);
    const quoteRow = agent.getByRole("table", { name: "Quotes" }).getByRole("row", { name: new RegExp(number) });
    await expect(quoteRow).toContainText("Accepted");
    await expect(quoteRow).toContainText(APPLICANT.name);
    await expect(quoteRow).toContainText("€338.00");
    await expectAccessible(agent);
    await quoteRow.getByRole("link", { name: number }).click();
    await expect(agent).toHaveURL(new RegExp(`${quotePath}$`));
    await settled(agent);
    await expect(agent.getByText("Accepted", { exact: true })).toBeVisible();
    await expect(agent.getByRole("region", { name: "State and dates" })).toContainText(`Accepted by${APPLICANT.name}`);
    await expect(actions.getByRole("button", { name: "Send again" })).toHaveCount(0);
    await actions.getByRole("button", { name: "Bind policy" }).click();
    const bind = agent.getByRole("dialog", { name: `Bind ${number}` });
    const today = new Date().toISOString().slice(0, 10);
    await expect(bind.getByRole("textbox", { name: "Start day" })).toHaveValue(today);
    await settled(agent);
    await expectAccessible(agent);
    await bind.getByRole("button", { name: "Bind policy" }).click();
    const created = agent.getByText(/^Policy POL-\d{4}-\d{6} was created\.$/);
    await expect(created).toBeVisible();
    await expect(bind).toBeHidden();
    const policy = /POL-\d{4}-\d{6}/.exec((await created.textContent()) ?? "")?.[0] ?? "";
    const ends = addDays(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`, -1);
    await expect(agent.getByRole("status").filter({ hasText: `Policy ${policy},` })).toHaveText(`Policy ${policy}, covering ${today} to ${ends}.`);
    await expect(actions.getByRole("button", { name: "Bind policy" })).toHaveCount(0);
    await settled(agent);
    await expectAccessible(agent);
    // The list says so too.
    await visit(agent, "/quoter/app/quotes");
    await agent.getByLabel("Search by number, name or email").fill(run);
    await settled(agent);
    await expect(quoteRow).toContainText("Bound");
    await expect(quoteRow).toContainText(policy);
    // And the policies tab lists the policy, its number opening the quote.
    await agent.getByRole("tab", { name: "Policies" }).click();
    await expect(agent).toHaveURL(/tab=policies/);
    await agent.getByLabel("Search by policy or quote number, name or email").fill(policy);
    await settled(agent);
    const policyRow = agent.getByRole("table", { name: "Policies" }).getByRole("row").filter({ hasText: policy });
    await expect(policyRow).toContainText(APPLICANT.name);
    await expect(policyRow).toContainText(number);
    await expectAccessible(agent);
    await policyRow.getByRole("link", { name: policy }).click();
    await expect(agent).toHaveURL(/\/quoter\/app\/quotes\/\d+$/);

    // ---- 6. the admin's policies list counts the product's quote
    await page.reload();
    await settled(page);
    await page.getByLabel("Search by code or name").fill(run);
    await settled(page);
    await expect(productRow.getByRole("cell").nth(5)).toHaveText("1");
  } finally {
    for (const one of opened.reverse())
      await one
        .context()
        .close()
        .catch(() => undefined);
  }
});
