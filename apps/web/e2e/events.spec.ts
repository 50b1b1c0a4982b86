import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium, expect, type Locator, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import jsQR from "jsqr";
import { expectAccessible, settled, signIn, switchModules, visit } from "./fixtures.ts";

/**
 * Events (issue 37), end to end: the demo clinic creates a priced workshop (one ticket at 25.00)
 * from the events list, fills its checklist from the built-in workshop template and adds two
 * cost lines; a guest (no account) opens its public page, glances at it in Spanish, registers
 * paying by bank transfer and lands on her ticket page waiting for the payment; the clinic
 * confirms the transfer (an invoice is issued); the guest's ticket page now shows the QR code,
 * which a second Chromium at the door reads through its (fake) camera on the Check-in tab; the
 * registrations and costs are exported and read back; the overview shows income, costs and the
 * balance, negative here. Everyone in Madrid's time zone.
 *
 * The module is off in the e2e server, and other specs count the menus: it is switched on here,
 * and off again after the test, whether it passed or not.
 */

test.use({ timezoneId: "Europe/Madrid" });

const ZONE = "Europe/Madrid";
const run = Date.now().toString(36);
const TITLE = `Balance workshop ${run}`;
const TITLE_ES = `Taller de equilibrio ${run}`;
const VENUE = `Sala Norte ${run}, Calle Mayor 1, Madrid`;
const GUEST = { name: `Marta Invitada ${run}`, email: `events-guest-${run}@example.com` };
/** A local day in Madrid, `offset` days from today, as YYYY-MM-DD. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA", { timeZone: ZONE });

/** The door camera's frames: the ticket's QR code drawn on white. */
const FRAME = { width: 640, height: 480 };

/** Chooses `option` in the MUI select labelled `label` within `scope`. */
async function select(page: Page, scope: Page | Locator, label: string, option: string | RegExp) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

/** Opens one of the event page's tabs and waits for its data. */
async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect(page.getByRole("tab", { name, exact: true })).toHaveAttribute("aria-selected", "true");
  await settled(page);
}

/**
 * The luma of a camera frame showing the page's image `img` (the ticket's QR code, a PNG data
 * URL), scaled up crisply onto a white frame with a wide quiet zone: drawn on a canvas in the
 * page itself (a data URL taints no canvas), read back as one byte a pixel.
 */
async function qrFrameLuma(img: Locator): Promise<Uint8ClampedArray> {
  const luma = await img.evaluate(async (element, frame) => {
    const image = element as HTMLImageElement;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = frame.width;
    canvas.height = frame.height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.fillStyle = "#fff";
    context.fillRect(0, 0, frame.width, frame.height);
    context.imageSmoothingEnabled = false;
    // About 360 px of the 480: modules a few pixels wide, white all round.
    const side = Math.min(360, frame.height - 80);
    context.drawImage(image, Math.round((frame.width - side) / 2), Math.round((frame.height - side) / 2), side, side);
    const { data } = context.getImageData(0, 0, frame.width, frame.height);
    const out: number[] = new Array(frame.width * frame.height);
    for (let i = 0; i < out.length; i++) {
      const r = data[i * 4] ?? 255;
      const g = data[i * 4 + 1] ?? 255;
      const b = data[i * 4 + 2] ?? 255;
      out[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
    return out;
  }, FRAME);
  return Uint8ClampedArray.from(luma);
}

/** A YUV4MPEG2 video (4:2:0, full range) of `frames` identical grey frames of `luma`: what Chromium's fake camera plays, looping. */
function y4m(luma: Uint8ClampedArray, frames: number): Buffer {
  const { width, height } = FRAME;
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, "latin1");
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n", "latin1"), Buffer.from(luma), chroma]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

/** The RGBA of a luma frame, as jsQR reads it (the same check the door's scanner makes). */
function rgbaOf(luma: Uint8ClampedArray): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(luma.length * 4);
  luma.forEach((value, i) => {
    rgba.set([value, value, value, 255], i * 4);
  });
  return rgba;
}

/** A second Chromium whose camera plays `video`: the phone at the door. */
async function doorBrowser(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

test.afterAll(async ({ playwright }, testInfo) => {
  await switchModules(playwright, testInfo.project.use.baseURL ?? "", ["event_app"], false);
});

test("the clinic runs a priced workshop: checklist and costs, a guest registers by transfer, the payment is confirmed, the door scans her QR code, exports and the balance", async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(300_000);
  await switchModules(playwright, baseURL ?? "", ["event_app"], true);
  const workDir = mkdtempSync(path.join(tmpdir(), "events-e2e-"));
  const opened: { close: () => Promise<void> }[] = [];
  try {
    // ---- 1. the clinic creates a priced, published workshop two weeks ahead
    await signIn(page, "clinic");
    await visit(page, "/event/app");
    await page.getByRole("button", { name: "New event" }).click();
    const editor = page.getByRole("dialog", { name: "New event" });
    await editor.getByRole("textbox", { name: "Title (English)" }).fill(TITLE);
    await editor.getByRole("textbox", { name: "Title (Spanish)" }).fill(TITLE_ES);
    const starts = day(14);
    await editor.getByRole("textbox", { name: "Starts" }).fill(`${starts} 10:00`);
    await editor.getByRole("textbox", { name: "Ends" }).fill(`${starts} 13:00`);
    await editor.getByRole("textbox", { name: "Ends" }).blur();
    await expect(editor.getByRole("textbox", { name: "Starts" })).toHaveValue(`${starts}, 10:00 am`);
    await expect(editor.getByRole("combobox", { name: "Time zone" })).toHaveValue(ZONE);
    await editor.getByRole("textbox", { name: "Venue" }).fill(VENUE);
    await editor.getByRole("textbox", { name: "Places", exact: true }).fill("12");
    await select(page, editor, "State", "Published");
    await editor.getByRole("textbox", { name: "Ticket name (English)" }).fill("General admission");
    await editor.getByRole("textbox", { name: "Ticket name (Spanish)" }).fill("Entrada general");
    await editor.getByRole("textbox", { name: "Price" }).fill("25.00");
    await settled(page);
    await expectAccessible(page);
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Event created")).toBeVisible();
    await expect(editor).toBeHidden();
    await expect(page).toHaveURL(/\/event\/app\/events\/\d+$/);
    const eventPath = new URL(page.url()).pathname;
    await settled(page);
    await expect(page.getByRole("heading", { name: TITLE, level: 2 })).toBeVisible();
    await expect(page.getByText(`${starts}, 10:00 am – 01:00 pm (${ZONE})`)).toBeVisible();
    const publicUrl = await page.getByRole("textbox", { name: "Public page" }).inputValue();
    expect(publicUrl).toMatch(/\/events\/[^/]+$/);
    await expect(page.getByText("Anyone with this address can see the event and register.")).toBeVisible();
    await expectAccessible(page);
    // Back on the list, the new event is among the upcoming ones.
    await visit(page, "/event/app");
    await page.getByLabel("Search by title").fill(run);
    await settled(page);
    const eventRow = page.getByRole("row", { name: new RegExp(TITLE) });
    await expect(eventRow).toContainText("Published");
    await expect(eventRow).toContainText("0/12");
    await expectAccessible(page);
    await eventRow.getByRole("link", { name: TITLE }).click();
    await expect(page).toHaveURL(new RegExp(`${eventPath}$`));
    await settled(page);

    // ---- 2. the checklist from the built-in workshop template, and two cost lines
    await openTab(page, "Checklist");
    await expect(page.getByText("No tasks yet. Add one, or add a template's tasks.")).toBeVisible();
    await page.getByRole("button", { name: "Add from template" }).click();
    const fromTemplate = page.getByRole("dialog", { name: "Add tasks from a template" });
    await select(page, fromTemplate, "Template", /^Workshop · 7 tasks$/);
    await settled(page);
    await expectAccessible(page);
    await fromTemplate.getByRole("button", { name: "Add tasks" }).click();
    await expect(page.getByText("Tasks added from the template")).toBeVisible();
    await expect(fromTemplate).toBeHidden();
    const tasks = page.getByRole("table", { name: "Tasks" });
    for (const task of ["Book the room", "Publish the event page", "Print the door list", "Set up the room"]) {
      await expect(tasks.getByRole("row", { name: new RegExp(task) })).toBeVisible();
    }
    await expect(page.getByText("0 of 7 done")).toBeVisible();
    await settled(page);
    await expectAccessible(page);

    await openTab(page, "Costs");
    const addCost = async (category: string, supplier: string, planned: string, actual: string) => {
      await page.getByRole("button", { name: "Add cost" }).click();
      const dialog = page.getByRole("dialog", { name: "Add cost" });
      await select(page, dialog, "Category", category);
      await dialog.getByRole("textbox", { name: "Supplier" }).fill(supplier);
      await dialog.getByRole("textbox", { name: "Planned (EUR)" }).fill(planned);
      if (actual) await dialog.getByRole("textbox", { name: "Actual (EUR)" }).fill(actual);
      await settled(page);
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText("Cost added").first()).toBeVisible();
    };
    await addCost("Venue", `Sala Norte ${run}`, "300.00", "300.00");
    await addCost("Catering", `Café Luna ${run}`, "120.00", "");
    const lines = page.getByRole("table", { name: "Budget lines" });
    await expect(lines.getByRole("row", { name: new RegExp(`Sala Norte ${run}`) })).toContainText("€300.00");
    await expect(lines.getByRole("row", { name: new RegExp(`Café Luna ${run}`) })).toContainText("€120.00");
    const budget = page.getByRole("region", { name: "Budget summary" });
    await expect(budget).toContainText("Planned costs€420.00");
    await expect(budget).toContainText("Costs€420.00");
    await settled(page);
    await expectAccessible(page);

    // ---- 3. a guest opens the public page (a glance in Spanish), registers and pays by transfer
    const guestContext = await browser.newContext({ timezoneId: ZONE, reducedMotion: "reduce" });
    opened.push(guestContext);
    const guest = await guestContext.newPage();
    await visit(guest, publicUrl);
    await expect(guest.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
    await expect(guest.getByText(VENUE)).toBeVisible();
    await expect(guest.getByText("12 places left")).toBeVisible();
    await guest.getByRole("button", { name: "Español" }).click();
    await expect(guest.getByRole("heading", { name: TITLE_ES, level: 1 })).toBeVisible();
    await expect(guest.getByRole("heading", { name: "Inscripción", level: 2 })).toBeVisible();
    await expect(guest.getByText("Elija su entrada")).toBeVisible();
    await expect(guest.getByRole("button", { name: "Inscribirme" })).toBeVisible();
    await expect(guest).toHaveTitle(new RegExp(TITLE_ES));
    await settled(guest);
    await expectAccessible(guest);
    await guest.getByRole("button", { name: "English" }).click();
    await expect(guest.getByRole("heading", { name: "Register", level: 2 })).toBeVisible();
    await guest.getByRole("radio", { name: /^General admission · €25\.00/ }).check();
    await guest.getByRole("textbox", { name: "Full name" }).fill(GUEST.name);
    await guest.getByRole("textbox", { name: "Email" }).fill(GUEST.email);
    await guest.getByRole("radio", { name: /^Bank transfer/ }).check();
    await expectAccessible(guest);
    await guest.getByRole("button", { name: "Register", exact: true }).click();
    await expect(guest).toHaveURL(/\/events\/ticket\/[^/]+$/);
    const ticketUrl = guest.url();
    await expect(guest.getByRole("heading", { name: "Your place is held until you pay", level: 1 })).toBeVisible();
    await expect(guest.getByText("Amount to pay: €25.00")).toBeVisible();
    await expect(guest.getByText("Pay by bank transfer to:")).toBeVisible();
    await expect(guest.getByText("Quote this reference with your transfer:")).toContainText(/ER-\d{6}/);
    const number = ((await guest.getByText("Quote this reference with your transfer:").locator("strong").textContent()) ?? "").trim();
    expect(number).toMatch(/^ER-\d{6}$/);
    await expect(guest.getByRole("img", { name: /^Ticket QR code/ })).toHaveCount(0);
    await settled(guest);
    await expectAccessible(guest);

    // ---- 4. the clinic confirms the transfer: confirmed, with an invoice
    await openTab(page, "Registrations");
    const guestRow = page.getByRole("row", { name: new RegExp(GUEST.name) });
    await expect(guestRow).toContainText("Pending payment");
    await expect(guestRow).toContainText(number);
    await guestRow.getByRole("button", { name: GUEST.name }).click();
    const registration = page.getByRole("dialog", { name: `${GUEST.name} · ${number}` });
    await expect(registration.getByText("No payment yet.")).toBeVisible();
    await settled(page);
    await expectAccessible(page);
    await registration.getByRole("button", { name: "Confirm payment" }).click();
    const confirm = page.getByRole("dialog", { name: `Confirm the payment of ${number}` });
    await expect(confirm).toContainText(`${GUEST.name}'s payment of €25.00 arrived`);
    await confirm.getByRole("textbox", { name: "Reference" }).fill(`TRF-${run}`);
    await settled(page);
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Confirm payment" }).click();
    await expect(page.getByText(`${GUEST.name}'s payment is confirmed`)).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(registration.getByText("Confirmed", { exact: true }).first()).toBeVisible();
    const invoiceLink = registration.getByRole("link", { name: /\(PDF\)$/ });
    await expect(invoiceLink).toBeVisible();
    await expect(invoiceLink).toHaveAttribute("href", /invoice/);
    await expect(registration.getByRole("table", { name: "Payments" })).toContainText(`TRF-${run}`);
    await settled(page);
    await expectAccessible(page);
    await registration.getByRole("button", { name: "Close" }).click();
    await expect(registration).toBeHidden();
    await expect(guestRow).toContainText("Confirmed");

    // ---- 5. the guest's ticket page now holds the QR code; the door's camera reads it
    await guest.reload();
    await settled(guest);
    await expect(guest.getByRole("heading", { name: "You're registered", level: 1 })).toBeVisible();
    const qr = guest.getByRole("img", { name: `Ticket QR code for ${number}` });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute("src", /^data:image\/png;base64,/);
    await expect(guest.getByRole("link", { name: /^Invoice .+ \(PDF\)$/ })).toBeVisible();
    await expectAccessible(guest);
    const luma = await qrFrameLuma(qr);
    // The frame reads as a QR code here too, before a camera plays it.
    const code = jsQR(rgbaOf(luma), FRAME.width, FRAME.height, { inversionAttempts: "dontInvert" });
    expect(code?.data, "the ticket's QR code, read from the camera's frame").toBeTruthy();
    const video = path.join(workDir, "ticket.y4m");
    writeFileSync(video, y4m(luma, 10));

    const door = await doorBrowser(video);
    opened.push(door);
    // Playwright answers permission prompts itself (no by default): the camera is granted here.
    const doorContext = await door.newContext({
      baseURL,
      permissions: ["camera"],
      timezoneId: ZONE,
      reducedMotion: "reduce",
      viewport: { width: 1366, height: 800 },
    });
    const doorPage = await doorContext.newPage();
    await signIn(doorPage, "clinic");
    await visit(doorPage, `${eventPath}?tab=checkin`);
    const counters = doorPage.locator('dl[aria-label="Attendance"] dd').first();
    await expect(counters).toHaveText("0 / 1");
    await doorPage.getByRole("button", { name: "Scan tickets" }).click();
    await expect(doorPage.getByRole("button", { name: "Stop scanning" })).toHaveAttribute("aria-pressed", "true");
    // The green answer, or the camera refused: the site's Permissions-Policy must allow it (camera=(self)).
    const admitted = doorPage.getByText(`Checked in: ${GUEST.name}`);
    const cameraRefused = doorPage.getByRole("alert").filter({ hasText: /camera/i });
    await expect(admitted.or(cameraRefused)).toBeVisible({ timeout: 30_000 });
    await expect(cameraRefused, "the door's camera started (the Permissions-Policy header must allow camera=(self))").toHaveCount(0);
    await expect(counters).toHaveText("1 / 1");
    await doorPage.getByRole("button", { name: "Stop scanning" }).click();
    await expect(doorPage.getByRole("row", { name: new RegExp(GUEST.name) })).toContainText("Checked in");
    await settled(doorPage);
    await expectAccessible(doorPage);
    await door.close();
    // The guest's page says so too.
    await guest.goto(ticketUrl);
    await settled(guest);
    await expect(guest.getByRole("heading", { name: "You're checked in", level: 1 })).toBeVisible();

    // ---- 6. the registrations (CSV) and the costs (XLSX), exported and read back
    await page.reload();
    await settled(page);
    await openTab(page, "Registrations");
    await expect(guestRow).toContainText("Checked in");
    const registrationsFile = page.waitForEvent("download");
    await page.getByRole("group", { name: "Export the registrations" }).getByRole("button", { name: "CSV" }).click();
    const registrationsCsv = await readFile((await (await registrationsFile).path()) as string, "utf8");
    await expect(page.getByText("Registrations exported successfully")).toBeVisible();
    const guestLine = registrationsCsv.split(/\r?\n/).find((line) => line.includes(GUEST.email));
    expect(guestLine, "the guest's row in the registrations' CSV").toBeTruthy();
    expect(guestLine).toContain(number);
    expect(guestLine).toContain(GUEST.name);
    expect(guestLine).toContain("checked in");
    expect(guestLine).toContain(`TRF-${run}`);
    expect(guestLine?.split(",")).toEqual(expect.arrayContaining(["25", "EUR", "bank transfer"]));

    await openTab(page, "Costs");
    const costsFile = page.waitForEvent("download");
    await page.getByRole("group", { name: "Export the costs" }).getByRole("button", { name: "XLSX" }).click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await (await costsFile).path()) as string);
    await expect(page.getByText("Costs exported successfully")).toBeVisible();
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0]).toEqual(expect.arrayContaining(["Category", "Supplier", "Planned", "Actual"]));
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([expect.arrayContaining(["venue", `Sala Norte ${run}`, 300, 300]), expect.arrayContaining(["catering", `Café Luna ${run}`, 120])]),
    );
    await settled(page);
    await expectAccessible(page);

    // ---- 7. the overview: 25.00 in, 420.00 out (actual where known, else planned), −395.00
    await openTab(page, "Overview");
    const figures = page.getByRole("region", { name: "The event's figures" });
    await expect(figures).toContainText("Income€25.00");
    await expect(figures).toContainText("Costs€420.00");
    await expect(figures).toContainText(/Balance[-−]€395\.00deficit/);
    await expect(figures).toContainText("Checked in1 of 1");
    await expect(figures).toContainText("Capacity used1 of 12 (8%)");
    await expect(page.getByRole("table").filter({ hasText: "Ticket type" })).toContainText("General admission");
    await settled(page);
    await expectAccessible(page);
  } finally {
    for (const one of opened.reverse()) await one.close().catch(() => undefined);
    rmSync(workDir, { recursive: true, force: true });
  }
});
