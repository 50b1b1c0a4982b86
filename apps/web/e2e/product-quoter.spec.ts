import { expect, type Locator, type Page, test } from "@playwright/test";
import { adminApi, DEMO_ACCOUNTS, expectAccessible, settled, signIn, switchModules, visit } from "./fixtures.ts";

/**
 * The product quoter (issue 38), end to end: the demo clinic makes a quote for its patient Pablo
 * Díaz, in Spanish, of two items picked from its catalogue (two wobble boards with a line
 * discount, and the home balance kit bundle) at 21 % tax, checks the totals as typed and once
 * saved, and sends it; Pablo opens the private link from the email in the outbox (no account),
 * reads the quote in Spanish and accepts it with his name and the box ticked; the clinic sees it
 * accepted and converts it into a shop order, which the shop's order manager lists at the
 * quote's prices and total, waiting for the transfer.
 *
 * Both modules are off in the e2e server, and other specs count the menus: the quoter and the
 * shop (its catalogue and its orders) are switched on here, and off again after the test,
 * whether it passed or not. Pablo's cart of the demo shop is empty (nothing seeds one, and
 * shop.spec.ts checks out what it adds): the conversion fills it and checks out.
 */

const MODULES = ["product_quoter", "virtual_shop"] as const;
const run = Date.now().toString(36);
const TERMS_EN = `Delivered at the clinic within a week (${run}).`;
const TERMS_ES = `Entrega en la clínica en una semana (${run}).`;
const NOTE = `Pablo asked about home equipment (${run}).`;
const PATIENT = { name: "Pablo Díaz", email: DEMO_ACCOUNTS.patient.email };

/** Chooses `option` in the MUI select labelled `label` within `scope`. */
async function select(page: Page, scope: Page | Locator, label: string, option: string | RegExp) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

/** Types `search` into the autocomplete labelled `label` within `scope` and picks `option`. */
async function pick(page: Page, scope: Locator, label: string, search: string, option: string) {
  await scope.getByRole("combobox", { name: label }).fill(search);
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** A description list's terms and values in order, as read (the quote's totals). */
const figures = (scope: Page | Locator, label: string) => scope.locator(`dl[aria-label="${label}"]`).locator("dt, dd");

test.afterAll(async ({ playwright }, testInfo) => {
  await switchModules(playwright, testInfo.project.use.baseURL ?? "", MODULES, false);
});

test("the clinic quotes catalogue items to a patient in Spanish; he accepts by the emailed link; the quote becomes a shop order", async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(180_000);
  await switchModules(playwright, baseURL ?? "", MODULES, true);
  const opened: { close: () => Promise<void> }[] = [];
  try {
    // ---- 1. the clinic makes the quote: Pablo, in Spanish, two catalogue lines, a line discount, 21 % tax
    await signIn(page, "clinic");
    await visit(page, "/product-quoter/app");
    await page.getByRole("button", { name: "New quote" }).click();
    const editor = page.getByRole("dialog", { name: "New quote" });
    await expect(editor.getByRole("radio", { name: "Patient" })).toBeChecked();
    await pick(page, editor, "Patient", "Pablo", `${PATIENT.name} (${PATIENT.email})`);
    await select(page, editor, "Language of the email, link and PDF", "Spanish");

    const first = editor.getByRole("region", { name: "Line 1" });
    await pick(page, first, "Catalogue item", "Wobble", "Wobble board – 40 cm · €39.00");
    await expect(first.getByRole("textbox", { name: "Description" })).toHaveValue("Wobble board – 40 cm");
    await expect(first.getByRole("textbox", { name: "Unit price" })).toHaveValue("39.00");
    await first.getByRole("textbox", { name: "Quantity" }).fill("2");
    await first.getByRole("textbox", { name: "Line discount" }).fill("5.00");
    // 2 × 39.00 − 5.00
    await expect(first.getByRole("heading", { name: "Line 1 · €73.00" })).toBeVisible();

    await editor.getByRole("button", { name: "Add a line" }).click();
    const second = editor.getByRole("region", { name: "Line 2" });
    await pick(page, second, "Catalogue item", "Home balance", "Home balance kit · €59.00");
    await expect(second.getByRole("textbox", { name: "Unit price" })).toHaveValue("59.00");
    await expect(second.getByRole("heading", { name: "Line 2 · €59.00" })).toBeVisible();

    // The shop's items proposed the shop's tax rate, which the order made from the quote is taxed at.
    await expect(editor.getByRole("textbox", { name: "Tax rate" })).toHaveValue("21");
    await editor.getByRole("textbox", { name: "Terms (English)" }).fill(TERMS_EN);
    await editor.getByRole("textbox", { name: "Terms (Spanish)" }).fill(TERMS_ES);
    await editor.getByRole("textbox", { name: "Internal note" }).fill(NOTE);
    // 132.00 of lines, 21 % of it in tax.
    await expect(figures(editor, "Totals preview")).toHaveText(["Lines", "€132.00", "Subtotal", "€132.00", "Tax (21%)", "€27.72", "Total", "€159.72"]);
    await settled(page);
    await expectAccessible(page);
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Quote created")).toBeVisible();
    await expect(editor).toBeHidden();

    // ---- 2. its page: a draft, the server's totals the same; sent to Pablo
    await expect(page).toHaveURL(/\/product-quoter\/app\/quotes\/\d+$/);
    const quotePath = new URL(page.url()).pathname;
    const heading = page.getByRole("heading", { name: /^Quote Q-\d{4}-\d{4}/, level: 2 });
    await expect(heading).toBeVisible();
    const label = ((await heading.textContent()) ?? "").replace(/^Quote /, "");
    const header = page.getByRole("region", { name: `Quote ${label}` });
    await expect(header, "the state beside the number").toContainText(`Quote ${label}Draft`);
    await expect(header).toContainText(`${PATIENT.name} · Patient`);
    await expect(header).toContainText(PATIENT.email);
    await expect(header).toContainText("Spanish");
    const lines = page.getByRole("region", { name: `The lines of ${label}` });
    await expect(lines.getByRole("row", { name: /Wobble board – 40 cm/ })).toHaveText(/Wobble board – 40 cm2€39\.00−€5\.00€73\.00/);
    await expect(lines.getByRole("row", { name: /Home balance kit/ })).toHaveText(/Home balance kit1€59\.00—€59\.00/);
    await expect(figures(page, "Totals")).toHaveText(["Lines", "€132.00", "Subtotal", "€132.00", "Tax (21%)", "€27.72", "Total", "€159.72"]);
    await expect(page.getByText(TERMS_ES)).toBeVisible();
    await expect(page.getByText(NOTE)).toBeVisible();
    await settled(page);
    await expectAccessible(page);

    await header.getByRole("button", { name: "Send", exact: true }).click();
    const confirmSend = page.getByRole("dialog", { name: "Send the quote?" });
    await expect(confirmSend).toContainText(`${label} goes to ${PATIENT.email}`);
    await confirmSend.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByText(`Quote sent to ${PATIENT.email}`)).toBeVisible();
    await expect(confirmSend).toBeHidden();
    await expect(header, "the state beside the number").toContainText(`Quote ${label}Sent`);
    const shownLink = await header.getByRole("textbox", { name: "The client's link" }).inputValue();

    // ---- 3. the email in the outbox, in Spanish, holds the private link
    const admin = await adminApi(playwright, baseURL ?? "");
    opened.push({ close: () => admin.dispose() });
    const mail = async () => {
      const answer = await admin.get(`/api/mail-messages/?q=${encodeURIComponent(PATIENT.email)}&rowsPerPage=50`);
      expect(answer.ok()).toBe(true);
      const mails = (await answer.json()).data as { kind: string; subject: string; text: string }[];
      return mails.find((one) => one.kind === "product_quote.sent" && one.subject.includes(label));
    };
    await expect.poll(async () => (await mail())?.subject, { message: "the quote's email" }).toMatch(new RegExp(`^Presupuesto ${label} de `));
    const sent = await mail();
    expect(sent?.text).toMatch(/159,72\s€/);
    const link = /https?:\/\/\S+\/quotes\/[A-Za-z0-9_-]{32}/.exec(sent?.text ?? "")?.[0];
    expect(link, "the email's private link").toBeTruthy();
    expect(link).toBe(shownLink);

    // ---- 4. Pablo opens it with no account: the quote in Spanish; he accepts it
    const clientContext = await browser.newContext({ reducedMotion: "reduce" });
    opened.push(clientContext);
    const client = await clientContext.newPage();
    await client.goto(link as string);
    await settled(client);
    await expect(client.getByRole("heading", { name: `Presupuesto ${label}`, level: 1 })).toBeVisible();
    await expect(client.getByText(new RegExp(`^Para ${PATIENT.name}, de `))).toBeVisible();
    const clientLines = client.getByRole("region", { name: `Las líneas de ${label}` });
    await expect(clientLines.getByRole("row", { name: /Wobble board – 40 cm/ })).toContainText(/73,00\s€/);
    await expect(clientLines.getByRole("row", { name: /Home balance kit/ })).toContainText(/59,00\s€/);
    await expect(figures(client, "Totales")).toHaveText(["Líneas", "132,00 €", "Subtotal", "132,00 €", "Impuesto (21 %)", "27,72 €", "Total", "159,72 €"]);
    await expect(client.getByText(TERMS_ES)).toBeVisible();
    await expect(client.getByText(NOTE)).toHaveCount(0);
    await expectAccessible(client);
    // The box unticked: asked for first.
    await client.getByRole("textbox", { name: "Tu nombre completo" }).fill(PATIENT.name);
    await client.getByRole("button", { name: "Aceptar el presupuesto" }).click();
    await expect(client.getByText("Marca la casilla para aceptar el presupuesto.")).toBeVisible();
    await client.getByRole("checkbox", { name: "Acepto este presupuesto" }).check();
    await client.getByRole("button", { name: "Aceptar el presupuesto" }).click();
    await expect(client.getByText("Gracias: el presupuesto está aceptado.")).toBeVisible();
    await expect(client.getByRole("status").filter({ hasText: `Aceptado por ${PATIENT.name} el ` })).toBeVisible();
    await expect(client.getByRole("button", { name: "Aceptar el presupuesto" })).toHaveCount(0);
    await settled(client);
    await expectAccessible(client);
    await clientContext.close();

    // ---- 5. the clinic sees it accepted and converts it into a shop order
    await page.reload();
    await settled(page);
    await expect(header, "the state beside the number").toContainText(`Quote ${label}Accepted`);
    await expect(header).toContainText(`Accepted by${PATIENT.name}`);
    await expect(header).toContainText("Viewed");
    await expectAccessible(page);
    await header.getByRole("button", { name: "Convert into an order" }).click();
    const convert = page.getByRole("dialog", { name: `Convert ${label}` });
    await expect(convert.getByRole("radio", { name: "A shop order (its product and bundle lines)" })).toBeChecked();
    await settled(page);
    await expectAccessible(page);
    await convert.getByRole("button", { name: "Convert", exact: true }).click();
    await expect(page.getByText("Quote converted into a shop order")).toBeVisible();
    await expect(convert).toBeHidden();
    await expect(header, "the state beside the number").toContainText(`Quote ${label}Converted`);
    await expect(header.getByRole("button", { name: "Convert into an order" })).toHaveCount(0);
    const orderLink = header.getByRole("link", { name: /^Shop order #\d+$/ });
    await expect(orderLink).toBeVisible();
    await settled(page);
    await expectAccessible(page);

    // ---- 6. the order: Pablo's, at the quote's prices (137.00 less the line's 5.00, 21 % tax), collected, waiting for the transfer
    await orderLink.click();
    await expect(page).toHaveURL(/\/shop\/app\/ordermanager\/\d+$/);
    await settled(page);
    const orderHeading = page.getByRole("heading", { name: /^Order SO-\d{6}$/ });
    await expect(orderHeading).toBeVisible();
    const number = ((await orderHeading.textContent()) ?? "").replace(/^Order /, "");
    const order = page.getByRole("region", { name: `Order ${number}` });
    await expect(order.getByText("Awaiting payment", { exact: true })).toBeVisible();
    await expect(order).toContainText(`${PATIENT.name} · ${PATIENT.email}`);
    await expect(order).toContainText(label);
    const items = page.getByRole("list", { name: `Items of order ${number}` });
    await expect(items).toContainText("Wobble board");
    await expect(items).toContainText("Home balance kit");
    const totals = page.getByRole("region", { name: "Totals" }).locator("dt, dd");
    await expect(totals).toHaveText(["Subtotal", "€137.00", "Discounts", "−€5.00", "Tax", "€27.72", "Total", "€159.72"]);
    await expectAccessible(page);

    // The shop's order manager lists it.
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Orders", exact: true }).click();
    await expect(page).toHaveURL(/\/shop\/app\/ordermanager$/);
    await settled(page);
    await page.getByLabel("Order number or customer").fill(number);
    const listed = page.getByRole("row").filter({ has: page.getByRole("link", { name: number }) });
    await expect(listed).toContainText("Awaiting payment");
    await expect(listed).toContainText("€159.72");
    await settled(page);
    await expectAccessible(page);

    // ---- 7. the quotes list: the quote converted, at its quoted total
    await visit(page, quotePath);
    await page.getByRole("link", { name: "Back to quotes" }).click();
    await expect(page).toHaveURL(/\/product-quoter\/app$/);
    await page.getByLabel("Search by number, client or email").fill(label);
    await settled(page);
    const row = page
      .getByRole("table", { name: "Quotes" })
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: label }) });
    await expect(row).toContainText("Converted");
    await expect(row).toContainText("€159.72");
    await expect(row).toContainText(PATIENT.name);
    await expectAccessible(page);
  } finally {
    for (const one of opened.reverse()) await one.close().catch(() => undefined);
  }
});
