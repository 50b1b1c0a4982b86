import type { BuildDefinition } from "@clinic/games";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "./fixtures.ts";

/** How a patient plays a game in the end-to-end specs (games.spec.ts, offline.spec.ts). */

/** Keys as Playwright names them. */
const keyName = (key: string) => (key === " " ? "Space" : key);

/** The stage's state, what an ideal player would do now, and the seconds left on the bar's clock, in one round trip. */
async function look(page: Page) {
  return page.evaluate(() => {
    const stage = document.querySelector("[data-testid=game-stage]");
    const clock = /(\d+):(\d\d)/.exec(document.querySelector("[data-testid=game-remaining]")?.textContent ?? "");
    return {
      // The stage leaves the page once the session ends.
      state: stage?.getAttribute("data-game-state") ?? "gone",
      input: window.__gameController?.demonstrate() ?? null,
      secondsLeft: clock ? Number(clock[1]) * 60 + Number(clock[2]) : null,
    };
  });
}

/**
 * Plays the game on the page as an ideal patient would, with real keyboard and mouse events: it
 * asks the game what a perfect player would do now (`demonstrate`) and does it, a human delay
 * after a stimulus appears. To the end, or until `playedSeconds` of play have passed on the bar's
 * clock (pauses excluded), when the game is left running.
 */
export async function play(page: Page, playedSeconds = Number.POSITIVE_INFINITY) {
  await expect(page.getByTestId("game-stage")).toHaveAttribute("data-game-state", "running");
  let startSeconds: number | null = null;
  for (let step = 0; step < 5000; step++) {
    const { state, input, secondsLeft } = await look(page);
    if (state === "ended" || state === "gone") return;
    startSeconds ??= secondsLeft;
    if (startSeconds !== null && secondsLeft !== null && startSeconds - secondsLeft >= playedSeconds) return;
    if (!input) {
      await page.waitForTimeout(30);
      continue;
    }
    if (input.type === "key") {
      await page.waitForTimeout(300);
      await page.keyboard.press(keyName(input.key));
    } else if (input.type === "pointermove") {
      await page.mouse.move(input.clientX, input.clientY);
    } else if (input.type === "pointerdown") {
      await page.waitForTimeout(300);
      await page.mouse.move(input.clientX, input.clientY);
      await page.mouse.down();
      await page.mouse.up();
    } else {
      await page.mouse.up();
    }
  }
  throw new Error("The game did not end");
}

export const playToTheEnd = (page: Page) => play(page);

/**
 * The therapist's side through the API: one activity per build, assigned to Pablo for today at
 * 50 % motion. Answers Pablo's id and the Origin header state-changing calls carry.
 */
export async function assignGamesToPablo(page: Page, builds: BuildDefinition[], token: string) {
  const therapist = DEMO_ACCOUNTS.therapist;
  const request = page.request;
  expect((await request.post("/api/auth/sign-in/email", { data: { email: therapist.email, password: therapist.password } })).ok()).toBe(true);
  // State-changing calls carry the app's own origin, as the browser's do.
  const headers = { origin: new URL(test.info().project.use.baseURL as string).origin };
  const patients = await (await request.get("/api/usuario/user?permission_codename_include=is_patient&q=Pablo")).json();
  const pablo = patients.data.find((user: { email: string }) => user.email === DEMO_ACCOUNTS.patient.email).id as string;
  const activityIds: number[] = [];
  for (const build of builds) {
    const created = await request.post("/api/activities/", {
      headers,
      data: { name: `${build.title.en} ${token}`, description: "<p>Played by the end-to-end test.</p>", type: "game", gameBuildId: build.id },
    });
    expect(created.status(), build.id).toBe(201);
    activityIds.push((await created.json()).id);
  }
  const today = new Date().toLocaleDateString("en-CA");
  const assigned = await request.post(`/api/patients-activities/${pablo}`, {
    headers,
    data: { activities: activityIds, date: today, duration: 5, motion: 50 },
  });
  expect(assigned.status()).toBe(201);
  // Each activity's assignment, to open its play page.
  const list = await (await request.get(`/api/assignActivityList/${pablo}/?rowsPerPage=100&q=${token}`)).json();
  const assignments = new Map((list.data as { id: number; activity: { name: string } }[]).map((row) => [row.activity.name, row.id]));
  expect(assignments.size).toBe(builds.length);
  await request.post("/api/auth/sign-out", { headers });
  return { pablo, headers, assignments };
}
