import { CATALOGUE } from "@clinic/games";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type APIRequestContext, type BrowserContext, type BrowserType, expect, type Page, test } from "@playwright/test";
import { DEMO_ACCOUNTS, expectAccessible, loadAll, pdfOf, settled, signIn, signOut, visit } from "./fixtures.ts";
import { playToTheEnd } from "./game-player.ts";

// This spec tests the service worker: the others block it (playwright.config.ts).
test.use({ serviceWorkers: "allow" });

const GAME = CATALOGUE.find((build) => build.family === "activator" && build.quick);

interface Plan {
  pablo: string;
  text: string;
  game: string;
  form: string;
  formAssignment: number;
  assignments: Map<string, number>;
}

/** The therapist's side, through the API in a context of its own: a text with a PDF, a game and a form, for Pablo today. */
async function planForPablo(therapist: APIRequestContext, token: string): Promise<Plan> {
  const patients = await (await therapist.get("/api/usuario/user?permission_codename_include=is_patient&q=Pablo")).json();
  const pablo = patients.data.find((user: { email: string }) => user.email === DEMO_ACCOUNTS.patient.email).id as string;
  const file = await therapist.post("/api/files/", {
    multipart: {
      name: `Leaflet ${token}`,
      type: "Text",
      file: { name: "leaflet.pdf", mimeType: "application/pdf", buffer: pdfOf(["Balance at home, offline"]) },
    },
  });
  expect(file.status()).toBe(201);
  const names = { text: `Reading ${token}`, game: `${GAME?.title.en} ${token}`, form: `Check-in ${token}` };
  const text = await therapist.post("/api/activities/", {
    data: {
      name: names.text,
      description: "<p>Read at home.</p>",
      type: "text",
      body: "<p>Stand near a wall and read the leaflet.</p>",
      fileId: (await file.json()).id,
    },
  });
  expect(text.status()).toBe(201);
  const game = await therapist.post("/api/activities/", {
    data: { name: names.game, description: "<p>Played offline.</p>", type: "game", gameBuildId: GAME?.id },
  });
  expect(game.status()).toBe(201);
  const today = new Date().toLocaleDateString("en-CA");
  const assigned = await therapist.post(`/api/patients-activities/${pablo}`, {
    data: { activities: [(await text.json()).id, (await game.json()).id], date: today, duration: 5, motion: 50 },
  });
  expect(assigned.status()).toBe(201);
  const form = await therapist.post("/api/create-form/", {
    data: {
      name: names.form,
      description: "A short check-in.",
      language: "en",
      fields: [
        {
          type: "singleChoice",
          key: "mood",
          label: "How are you today?",
          required: true,
          options: [
            { value: "good", label: "Good", score: 0 },
            { value: "dizzy", label: "Dizzy", score: 1 },
          ],
        },
      ],
      scoring: { total: "sum" },
    },
  });
  expect(form.status(), await form.text()).toBe(201);
  const formAssigned = await therapist.post("/api/assignDynamicForm/", { data: { form: (await form.json()).id, patients: [pablo] } });
  expect(formAssigned.status()).toBe(201);
  const list = await (await therapist.get(`/api/assignActivityList/${pablo}/?rowsPerPage=10&q=${token}`)).json();
  const assignments = new Map((list.data as { id: number; activity: { name: string } }[]).map((row) => [row.activity.name, row.id]));
  return { pablo, ...names, formAssignment: (await formAssigned.json()).data[0].id, assignments };
}

/** A signed-in API context of its own, for staff acting while the patient's browser is offline. */
async function staffApi(playwright: { request: { newContext(options: object): Promise<APIRequestContext> } }, role: "therapist"): Promise<APIRequestContext> {
  const baseURL = test.info().project.use.baseURL as string;
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: new URL(baseURL).origin } });
  const { email, password } = DEMO_ACCOUNTS[role];
  expect((await api.post("/api/auth/sign-in/email", { data: { email, password } })).ok()).toBe(true);
  return api;
}

/** What the device keeps, read from its IndexedDB: kept answer paths, files and outbox entries. */
async function deviceContents(page: Page) {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((one) => one.name);
    if (!names.includes("clinic-device")) return null;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("clinic-device");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = (store: string) =>
      new Promise<unknown[]>((resolve) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
      });
    const [answers, files, outbox] = await Promise.all([all("answers"), all("files"), all("outbox")]);
    db.close();
    return {
      paths: (answers as { path: string }[]).map((answer) => answer.path),
      files: (files as { url: string }[]).map((file) => file.url),
      outbox: (outbox as { state: string; label: string }[]).map((entry) => ({ state: entry.state, label: entry.label })),
    };
  });
}

/** The service worker controls the page and the device holds the day's activities, their PDF and the form. */
async function readyForOffline(page: Page, plan: Plan) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await expect
    .poll(
      async () => {
        const kept = await deviceContents(page);
        return Boolean(
          kept &&
            kept.files.length > 0 &&
            kept.paths.includes(`/api/forms/assignments/${plan.formAssignment}`) &&
            [...plan.assignments.values()].every((id) => kept.paths.includes(`/api/assignActivity/${id}/`)),
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * Lighthouse's PWA checks, as Lighthouse 12 (which dropped its PWA category) no longer runs them:
 * Chromium's own installability verdict (what its installable-manifest audit read), a manifest
 * without errors, a maskable icon, the theme colour, the viewport and the iOS icon. Chromium gives
 * no verdict in an incognito profile (every test context is one): the verdict is asked of a
 * profile on disk, signed in with the patient's cookies.
 */
async function expectInstallable(page: Page, context: BrowserContext, browserType: BrowserType) {
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#1f5f8b");
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute("content", /width=device-width/);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", /\.png$/);
  const profile = await browserType.launchPersistentContext(mkdtempSync(path.join(tmpdir(), "clinic-profile-")), {
    ...test.info().project.use.launchOptions,
    baseURL: test.info().project.use.baseURL,
    serviceWorkers: "allow",
  });
  try {
    await profile.addCookies(await context.cookies());
    const installed = profile.pages()[0] ?? (await profile.newPage());
    await installed.goto("/manager/patient");
    await installed.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const cdp = await profile.newCDPSession(installed);
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? "{}").icons.some((icon: { purpose?: string }) => icon.purpose === "maskable")).toBe(true);
    await expect.poll(async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
  } finally {
    await profile.close();
  }
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.reload();
  await page.waitForLoadState("load");
}

test("a patient's day without a network: the home, a text and its PDF, a game to its end and a form draft; back online each arrives once, and the therapist sees when it was played and when it arrived", async ({
  page,
  context,
  playwright,
}) => {
  test.setTimeout(240_000);
  const token = `e2e-offline-${Date.now().toString(36)}`;
  const therapist = await staffApi(playwright, "therapist");
  const plan = await planForPablo(therapist, token);

  // Installable: the manifest in English, the icons drawn for it.
  await signIn(page, "patient");
  const manifest = await (await page.request.get(await page.locator('link[rel="manifest"]').getAttribute("href").then(String))).json();
  expect(manifest).toMatchObject({ name: "Therapy platform", start_url: "/manager/patient?source=installed", display: "standalone" });
  for (const icon of manifest.icons as { src: string }[]) expect((await page.request.get(icon.src)).ok(), icon.src).toBe(true);
  await visit(page, "/manager/patient");
  // Every page of the list, online, so each is kept.
  await loadAll(page);
  await readyForOffline(page, plan);
  await expectInstallable(page, context, playwright.chromium);

  // The network goes: the home opens from the device, saying so and since when.
  await goOffline(context, page);
  await expect(page.getByTestId("offline-banner")).toContainText("You are offline.");
  await expect(page.getByTestId("offline-banner")).toContainText("last synced");
  await loadAll(page);
  const textRow = page.getByTestId("my-activity").filter({ hasText: plan.text });
  await expect(textRow).toBeVisible();
  await expectAccessible(page);

  // The text and its PDF, read offline.
  await textRow.getByRole("button", { name: `Open: ${plan.text}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Stand near a wall and read the leaflet.")).toBeVisible();
  await expect(dialog.getByTestId("pdf-viewer").locator("canvas")).toHaveAttribute("data-rendered-page", "1");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Close" }).click();

  // A favourite, marked offline: it shows at once and waits in the outbox.
  await textRow.getByRole("button", { name: `Favourite: ${plan.text}` }).click();
  await expect(page.getByText("Saved on this device.", { exact: false }).first()).toBeVisible();

  // The game, played to its end offline: its page and code come from the device.
  await page.getByRole("link", { name: `Play: ${plan.game}` }).click();
  await page.waitForURL(/\/manager\/patient\/play\/\d+$/);
  await settled(page);
  await page.getByRole("button", { name: "2 out of 10" }).click();
  await page.getByRole("button", { name: "Start" }).click();
  await playToTheEnd(page);
  await page.getByRole("button", { name: "1 out of 10" }).click();
  await page.getByRole("button", { name: "Save my result" }).click();
  await expect(page.getByText("Your result is kept on this device", { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Back to my activities" }).click();
  await page.waitForURL("**/manager/patient");
  await settled(page);

  // A form draft, saved offline.
  await page.getByRole("link", { name: `Answer: ${plan.form}` }).click();
  await page.waitForURL(/\/forms\/answer\/\d+$/);
  await page.getByRole("radio", { name: "Dizzy" }).check();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Saved on this device.", { exact: false }).first()).toBeVisible();
  await page.goBack();
  await settled(page);
  // Everything waits on the device, listed for the patient.
  const outbox = page.getByTestId("outbox");
  await expect(outbox).toContainText("3 actions are kept on this device");
  await expect(outbox).toContainText(`Game played: ${plan.game}`);
  await expectAccessible(page);

  // The network returns: the outbox empties by itself.
  await context.setOffline(false);
  await expect(outbox).toHaveCount(0, { timeout: 30_000 });
  await expect((await deviceContents(page))?.outbox).toEqual([]);

  // Each arrived exactly once.
  const rows = await (await therapist.get(`/api/assignActivityList/${plan.pablo}/?rowsPerPage=10&q=${token}`)).json();
  const game = rows.data.find((row: { activity: { name: string } }) => row.activity.name === plan.game);
  expect(game).toMatchObject({ done: true, sessionCount: 1, result: { dizziness_before: 2, dizziness_after: 1 } });
  expect(rows.data.find((row: { activity: { name: string } }) => row.activity.name === plan.text)).toMatchObject({ favorite: true });
  const draft = await (await therapist.get(`/api/forms/assignments/${plan.formAssignment}`)).json();
  expect(draft).toMatchObject({ state: "inProgress", answers: { mood: "dizzy" } });
  await signOut(page);

  // The therapist reads when it was played and when it arrived.
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/dashboard");
  await page.getByRole("button", { name: "Select Pablo Díaz" }).click();
  await visit(page, "/manager/admin/assign/activity");
  await loadAll(page);
  await page
    .getByTestId("assignment-row")
    .filter({ hasText: plan.game })
    .getByRole("button", { name: /^Results of / })
    .click();
  const results = page.getByRole("dialog");
  await expect(results.getByText("Played", { exact: false }).first()).toBeVisible();
  await expect(results.getByText("Arrived", { exact: false }).first()).toBeVisible();
  await expectAccessible(page);
  await results.getByRole("button", { name: "Close" }).click();

  // Leave Pablo's plan as it was.
  await therapist.post("/api/assign-unassign-activities/", { data: { unassign: [...plan.assignments.values()] } });
  await therapist.dispose();
});

test("an activity deactivated while the patient is offline is refused in plain words; signing out empties the device and the next user sees none of it, in Spanish", async ({
  page,
  context,
  playwright,
}) => {
  test.setTimeout(180_000);
  const token = `e2e-conflict-${Date.now().toString(36)}`;
  const therapist = await staffApi(playwright, "therapist");
  const plan = await planForPablo(therapist, token);
  await signIn(page, "patient");
  await visit(page, "/manager/patient");
  // Every page of the list, online, so each is kept.
  await loadAll(page);
  await readyForOffline(page, plan);

  // Offline, the patient marks the reading done with a note…
  await goOffline(context, page);
  await loadAll(page);
  await page
    .getByTestId("my-activity")
    .filter({ hasText: plan.text })
    .getByRole("button", { name: `Mark as done: ${plan.text}` })
    .click();
  await page.getByLabel("Note for your therapist").fill("Read it twice.");
  await page.getByRole("dialog").getByRole("button", { name: "Mark as done" }).click();
  await expect(page.getByText("Saved on this device.", { exact: false }).first()).toBeVisible();
  // …while the therapist deactivates it.
  const textId = plan.assignments.get(plan.text) as number;
  expect((await therapist.put(`/api/assignActivity/${textId}`, { data: { activate: false } })).ok()).toBe(true);

  // Back online: refused, said plainly, kept until the patient dismisses it; nothing was written.
  await context.setOffline(false);
  const refused = page.getByTestId("outbox-refused");
  await expect(refused).toContainText("Your therapist deactivated this activity while you were offline.", { timeout: 30_000 });
  await expectAccessible(page);
  const row = await (await therapist.get(`/api/assignActivity/${textId}/`)).json();
  expect(row).toMatchObject({ done: false, activate: false });
  await page.getByRole("button", { name: `Dismiss the notice about ${plan.text}` }).click();
  await expect(refused).toHaveCount(0);

  // Signing out deletes everything the device kept.
  await signOut(page);
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((one) => one.name))).not.toContain("clinic-device");

  // Another patient on the same device, in Spanish, offline: only her own data, never Pablo's.
  await signIn(page, "patient2");
  await visit(page, "/manager/patient");
  // Her installed app is named in her language.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.es.webmanifest");
  expect((await (await page.request.get("/manifest.es.webmanifest")).json()).name).toBe("Plataforma de terapia");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(async () => (await deviceContents(page))?.paths.length ?? 0).toBeGreaterThan(3);
  await goOffline(context, page);
  await expect(page.getByTestId("offline-banner")).toContainText("Estás sin conexión.");
  await expect(page.getByText(plan.text)).toHaveCount(0);
  await expectAccessible(page);
  await context.setOffline(false);
  await signOut(page);

  await therapist.post("/api/assign-unassign-activities/", { data: { unassign: [...plan.assignments.values()] } });
  await therapist.dispose();
});
