import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import { type APIRequestContext, type Page, type PlaywrightWorkerArgs, type Request, expect } from "@playwright/test";
import { DEMO_ACCOUNTS, type DemoRole } from "../../server/src/demo-accounts.ts";

export { DEMO_ACCOUNTS, type DemoRole };

/** The WCAG 2.1 A and AA rules: what every screen is held to. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

type Violation = Pick<axe.Result, "id" | "impact" | "help"> & { nodes: { target: unknown[] }[] };

/**
 * The page's violations of the WCAG rules and of `strictRules`. A page without frames is checked
 * by axe itself in the page, injected once per document: AxeBuilder injects it again on every
 * check and finishes each run in a new blank page, about 1.5 s a check on this machine (the suite
 * makes over a hundred). A page holding a frame (a game's sandboxed stage) goes through
 * AxeBuilder, which checks each frame in its own run.
 */
async function violations(page: Page, strictRules: readonly string[]): Promise<Violation[]> {
  const rules = Object.fromEntries(strictRules.map((id) => [id, { enabled: true }]));
  if (page.frames().length > 1) {
    // options() first: it replaces the options withTags() adds to. An enabled rule runs whatever the tags.
    return (
      await new AxeBuilder({ page })
        .options({ rules, resultTypes: ["violations"] })
        .withTags(WCAG_TAGS)
        .analyze()
    ).violations;
  }
  // A string, not a function: the page's Content-Security-Policy allows no eval.
  if (!(await page.evaluate("typeof window.axe === 'object'"))) await page.evaluate(axe.source);
  const options: axe.RunOptions = { runOnly: { type: "tag", values: WCAG_TAGS }, rules, resultTypes: ["violations"] };
  return page.evaluate(async (options) => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, options);
    return violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target }) => ({ target })) }));
  }, options);
}

/**
 * Fails on any serious or critical accessibility violation on the page once it is fully shown:
 * a dialog still fading in has no contrast to judge yet (on a busy machine the fade lasts).
 * `strictRules` run in the same pass besides the tags' rules (axe's experimental ones, say),
 * and fail on any violation of theirs, whatever its impact.
 */
export async function expectAccessible(page: Page, strictRules: readonly string[] = []): Promise<void> {
  await animationsFinished(page);
  const blocking = (await violations(page, strictRules)).filter(
    (violation) => strictRules.includes(violation.id) || violation.impact === "serious" || violation.impact === "critical",
  );
  expect(blocking.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** A page's requests in flight, and when the last one started or ended. */
interface Traffic {
  inFlight: Set<Request>;
  lastActivity: number;
}
const traffic = new WeakMap<Page, Traffic>();

/** How long the network must stay quiet for a page to count as loaded: longer than the gap between a screen's code arriving and its first query. */
const QUIET_MS = 200;

/** Counts the page's requests from now on (once per page). */
function watchTraffic(page: Page): void {
  if (traffic.has(page)) return;
  const watched: Traffic = { inFlight: new Set(), lastActivity: Date.now() };
  const ended = (request: Request) => {
    watched.inFlight.delete(request);
    watched.lastActivity = Date.now();
  };
  page.on("request", (request) => {
    watched.inFlight.add(request);
    watched.lastActivity = Date.now();
  });
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  traffic.set(page, watched);
}

/**
 * No request in flight and none for QUIET_MS. Playwright's "networkidle" waits 500 ms of quiet,
 * after every navigation, and answers at once within a document that reached it already: this
 * waits less after a navigation, and also for the requests a click started.
 */
async function networkQuiet(page: Page): Promise<void> {
  const watched = traffic.get(page);
  if (!watched) {
    // Not watched before: requests already on their way are unknown, so wait the long way once.
    watchTraffic(page);
    await page.waitForLoadState("networkidle");
    return;
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    const quietFor = Date.now() - watched.lastActivity;
    if (watched.inFlight.size === 0 && quietFor >= QUIET_MS) return;
    if (Date.now() > deadline) {
      const pending = [...watched.inFlight].map((request) => request.url());
      throw new Error(`the page's requests did not finish within 30 s: ${pending.join(", ")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, watched.inFlight.size === 0 ? QUIET_MS - quietFor : 25));
  }
}

/** The shell has faded in and the page's data has arrived. */
export async function settled(page: Page): Promise<void> {
  await networkQuiet(page);
  // Until the first document has loaded, its scripts have not asked for anything yet.
  await page.waitForLoadState("load");
  // A loading indicator: a status holding a spinner or bar. Other live regions (drag and drop's
  // announcer, a chart's) stay on their screens.
  await page.waitForFunction(() => !document.querySelector('[role="status"]:has([role="progressbar"])'));
  await animationsFinished(page);
}

/** Every finite animation and transition has run (the shell fades in over a second; dialogs fade and slide). */
async function animationsFinished(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
}

export async function visit(page: Page, path: string): Promise<void> {
  watchTraffic(page);
  await page.goto(path);
  await settled(page);
  await expectAccessible(page);
}

/**
 * Signs a demo account in. On the sign-in screen (a spec sent the page there, or signed out),
 * through the screen, which then goes where its `next` says. From anywhere else, through the
 * call that screen makes, then the app at the account's home: a fresh page skips loading the
 * sign-in screen first. `page.request` shares the page's cookies.
 */
export async function signIn(page: Page, role: DemoRole): Promise<void> {
  // Signed out by the address /accounts/logout/: let that sign-out finish before signing in.
  if (new URL(page.url()).pathname.startsWith("/accounts/logout")) await page.waitForURL("**/accounts/login/**");
  const { email, password } = DEMO_ACCOUNTS[role];
  watchTraffic(page);
  if (new URL(page.url()).pathname.startsWith("/accounts/login")) return signInWith(page, email, password);
  const answer = await page.request.post("/api/auth/sign-in/email", { data: { email, password } });
  expect(answer.status(), `sign-in as ${role}`).toBe(200);
  await page.goto("/");
  await page.waitForURL((url) => url.pathname !== "/" && !url.pathname.startsWith("/accounts/login"));
  await settled(page);
}

export async function signInWith(page: Page, email: string, password: string): Promise<void> {
  // Signed out by the address /accounts/logout/: the app signs out, then loads the sign-in page
  // in full; going there at once would race that load.
  if (new URL(page.url()).pathname.startsWith("/accounts/logout")) await page.waitForURL("**/accounts/login/**");
  watchTraffic(page);
  if (!page.url().includes("/accounts/login/")) await page.goto("/accounts/login/");
  await page.getByRole("button", { name: /^(Sign in|Iniciar sesión)$/ }).waitFor();
  await page.getByLabel(/^(Email|Correo electrónico)/).fill(email);
  await page.getByLabel(/^(Password|Contraseña)/).fill(password);
  await page.getByRole("button", { name: /^(Sign in|Iniciar sesión)$/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/accounts/login"));
  await settled(page);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: /Profile menu|Menú de perfil/ }).click();
  await page.getByRole("menuitem", { name: /Sign Out|Cerrar sesión/ }).click();
  await page.waitForURL("**/accounts/login/");
  // The app reaches that address first, then loads the sign-in page in full (login.html): wait
  // for that page, or a navigation right after would race the load.
  await page.getByRole("button", { name: /^(Sign in|Iniciar sesión)$/ }).waitFor();
}

/** The route ids of the side menu, in order. */
export async function menuRouteIds(page: Page): Promise<string[]> {
  const nav = page.getByRole("navigation", { name: /Main menu|Menú principal/ });
  return nav.locator("[data-route]").evaluateAll((items) => items.map((item) => item.getAttribute("data-route") ?? ""));
}

/** Appends every further page of a "load more" list, so rows of other specs or of the demo never hide ours. */
export async function loadAll(page: Page, label = "Load more"): Promise<void> {
  const more = page.getByRole("button", { name: label });
  const fetching = more.and(page.locator("button:disabled"));
  await settled(page);
  while (await more.isVisible()) {
    // A page on its way disables the button, and the last page takes it away: click only once it is back.
    await expect(fetching).toHaveCount(0);
    // A list reloading on its own (after a change) may reach its end between the look and the
    // click: the button is then gone, which is no failure.
    await more.click({ timeout: 10_000 }).catch(async (error: unknown) => {
      if (await more.isVisible()) throw error;
    });
    await settled(page);
  }
}

/** Picks an activity in the assign form's search field. */
export async function pickActivity(page: Page, name: string): Promise<void> {
  const field = page.getByRole("combobox", { name: "Activities" });
  await field.fill(name.slice(0, 15));
  await page.getByRole("option", { name: new RegExp(`^${name}`) }).click();
}

/** A therapist assigns one activity to the demo's Pablo Díaz for today. */
export async function assignToPablo(page: Page, activityName: string, minutes: number, note?: string): Promise<void> {
  await visit(page, "/manager/admin/dashboard");
  await page.getByRole("button", { name: "Select Pablo Díaz" }).click();
  await visit(page, "/manager/admin/assign/activity");
  await pickActivity(page, activityName);
  await page.getByLabel("Duration (minutes)").fill(String(minutes));
  if (note) await page.getByLabel("Note for the patient").fill(note);
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByText("Activities assigned: 1")).toBeVisible();
}

/** The admin's side menu with the demo's modules (route ids in order): the roles and shell walkthroughs both expect it. */
export const ADMIN_MENU = [
  "dashboard",
  "users",
  "memberships",
  "getMembership",
  "paymentHistory",
  "activities",
  "recommendations",
  "assign",
  "appointments",
  "forms",
  "statistics",
  "groups",
  "message",
  "flags",
  "notifications",
  "config",
  "test",
  "audit",
  "userAdmin",
  "globalMessages",
] as const;

/** A request context signed in as the demo admin: a walkthrough's set-up (switching modules, reading the mail log). */
export async function adminApi(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string): Promise<APIRequestContext> {
  const admin = await playwright.request.newContext({ baseURL });
  const { email, password } = DEMO_ACCOUNTS.admin;
  expect((await admin.post("/api/auth/sign-in/email", { data: { email, password } })).status(), "sign-in as admin").toBe(200);
  return admin;
}

/**
 * Switches business modules on or off as an admin does on the Modules screen. They are off in
 * the e2e server and other specs count the menus: a module's walkthrough switches its own on, and
 * off again after it.
 */
export async function switchModules(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  modules: readonly string[],
  enabled: boolean,
): Promise<void> {
  const admin = await adminApi(playwright, baseURL);
  try {
    for (const module of modules) {
      const answer = await admin.put(`/api/flags/${module}`, { data: { enabled }, headers: { origin: baseURL } });
      expect(answer.status(), `${module} ${enabled ? "on" : "off"}`).toBe(200);
    }
  } finally {
    await admin.dispose();
  }
}

/** The signed-in user's saved language, as the configuration screen saves it. */
export async function saveLanguage(request: APIRequestContext, language: "en" | "es"): Promise<void> {
  const profile = await (await request.get("/api/get-user-profile/")).json();
  expect((await request.post(`/api/language/${profile.userId}`, { data: { language } })).ok()).toBe(true);
}

/**
 * A real PDF of one page per text (Helvetica, A4), written as the format says: numbered objects,
 * then a cross-reference table with each object's byte offset, so pdf.js reads it without repair.
 */
export function pdfOf(texts: string[]): Buffer {
  const objects: string[] = [];
  const pageIds = texts.map((_, index) => 4 + index * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${texts.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
  texts.forEach((text, index) => {
    const stream = `BT /F1 36 Tf 72 720 Td (${text}) Tj ET`;
    objects[4 + index * 2] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + index * 2} 0 R >>`;
    objects[5 + index * 2] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
