import { CATALOGUE, FAMILIES } from "@clinic/games";
import { expect, test } from "@playwright/test";
import { expectAccessible, loadAll, settled, signIn, signOut, visit } from "./fixtures.ts";
import { assignGamesToPablo as assignToPablo, play, playToTheEnd } from "./game-player.ts";

const quickBuilds = FAMILIES.map((family) => CATALOGUE.find((build) => build.family === family && build.quick)).filter((build) => build !== undefined);

test("therapists browse the game catalogue and preview a build, isolated for fine timers, watching it play itself", async ({ page }) => {
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/activities");
  await page.getByRole("link", { name: "Game catalogue" }).click();
  await settled(page);
  await expect(page.getByTestId("game-build")).toHaveCount(CATALOGUE.length);
  await expectAccessible(page);
  await page.getByLabel("Search games").fill("quick check");
  await expect(page.getByTestId("game-build")).toHaveCount(quickBuilds.length);

  await visit(page, "/manager/admin/games/reactor-quick");
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await expect(page.getByRole("heading", { name: "Reactor: quick check" })).toBeVisible();
  await page.getByRole("button", { name: "Watch a demonstration" }).click();
  await expect(page.getByTestId("game-stage")).toHaveAttribute("data-game-state", "running");
  await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
  // Leaving the window pauses the game until the player carries on.
  await page.evaluate(() => window.dispatchEvent(new FocusEvent("blur")));
  const paused = page.getByRole("dialog", { name: "Paused" });
  await expect(paused).toBeVisible();
  await expect(page.getByTestId("game-stage")).toHaveAttribute("data-game-state", "paused");
  await paused.getByRole("button", { name: "Carry on" }).click();
  await expect(page.getByTestId("game-stage")).toHaveAttribute("data-game-state", "running");
  await expect(page.getByText("Nothing of a preview is recorded.", { exact: false })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("definition").first()).toHaveText("8");
  await expectAccessible(page);
});

/**
 * Played to the end here, key answers; the offline test below plays reactor's (taps) to the end.
 * Every family's whole session is played by its unit tests (runEngine in packages/games:
 * catalogue.test.ts finishes each quick build, the engine tests play ideal, silent and random
 * players), and the server's storing of a finished session by game-results.routes.test.ts.
 */
const PLAYED_TO_THE_END = "activator";
/** Enough play for every family's first trial to be recorded (the slowest, regulator's, by about 4 s of play). */
const FIRST_TRIAL_SECONDS = 6;

test("a patient plays the quick build of every family, one to the end, and saves each; each result arrives and the assignment shows done", async ({ page }) => {
  test.setTimeout(60_000 + quickBuilds.length * 30_000);
  const token = `e2e-games-${Date.now().toString(36)}`;
  const { pablo, headers, assignments } = await assignToPablo(page, quickBuilds, token);
  const full = quickBuilds.find((build) => build.family === PLAYED_TO_THE_END);
  expect(full).toBeDefined();

  await signIn(page, "patient");
  for (const build of quickBuilds) {
    const name = `${build.title.en} ${token}`;
    const toTheEnd = build === full;
    if (toTheEnd) {
      // From the home's link, as a patient gets there.
      await visit(page, "/manager/patient");
      await loadAll(page);
      await page.getByRole("link", { name: `Play: ${name}` }).click();
      await page.waitForURL(/\/manager\/patient\/play\/\d+$/);
    } else {
      await page.goto(`/manager/patient/play/${assignments.get(name)}`);
    }
    await settled(page);
    expect(await page.evaluate(() => crossOriginIsolated), build.id).toBe(true);
    await expect(page.getByRole("heading", { name: build.title.en })).toBeVisible();
    if (toTheEnd) {
      // Start asks how dizzy the patient feels first.
      await page.getByRole("button", { name: "Start" }).click();
      await expect(page.getByText("Choose a number from 0 to 10.")).toBeVisible();
    }
    await page.getByRole("button", { name: "2 out of 10" }).click();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Start" }).click();
    if (toTheEnd) {
      await playToTheEnd(page);
      await expect(page.getByText("Well done, you finished the game.")).toBeVisible();
    } else {
      // Its first answers are taken and make a trial; then the patient stops, and what was played is kept.
      await play(page, FIRST_TRIAL_SECONDS);
      await page.getByRole("button", { name: "Stop" }).click();
      await expect(page.getByText("You stopped the game. What you played is kept.")).toBeVisible();
      const played = await page.evaluate(() => window.__lastPlayedSession);
      expect(played?.ended, build.id).toBe("stopped");
      expect(played?.trials.length, `${build.id}: trials played`).toBeGreaterThan(0);
    }
    await page.getByRole("button", { name: "1 out of 10" }).click();
    await page.getByRole("button", { name: "Save my result" }).click();
    await expect(page.getByText("Your result is saved and your therapist can see it.")).toBeVisible();
    if (toTheEnd) {
      await expectAccessible(page);
      await page.getByRole("link", { name: "Back to my activities" }).click();
      await page.waitForURL("**/manager/patient");
    }
  }
  // The home shows every one of them done.
  await visit(page, "/manager/patient");
  await loadAll(page);
  for (const build of quickBuilds) {
    const row = page.getByTestId("my-activity").filter({ hasText: `${build.title.en} ${token}` });
    await expect(row.getByText("Done", { exact: true }), build.id).toBeVisible();
  }
  await signOut(page);

  // The therapist sees each result stored from its trials.
  await signIn(page, "therapist");
  const list = await (await page.request.get(`/api/assignActivityList/${pablo}/?rowsPerPage=100&q=${token}`)).json();
  expect(list.data).toHaveLength(quickBuilds.length);
  for (const row of list.data as { done: boolean; motion: number; activity: { name: string }; result: Record<string, unknown> }[]) {
    const ended = full && row.activity.name === `${full.title.en} ${token}` ? "completed" : "stopped";
    expect(row, row.activity.name).toMatchObject({ done: true, motion: 50, result: { ended, dizziness_before: 2, dizziness_after: 1 } });
    expect(row.result.trials).toBeGreaterThan(0);
  }
  // Leave Pablo's plan as it was.
  const ids = (list.data as { id: number }[]).map((row) => row.id);
  expect((await page.request.post("/api/assign-unassign-activities/", { headers, data: { unassign: ids } })).ok()).toBe(true);
});

/**
 * Measurement fidelity: inputs are injected at known delays after the frame that painted each
 * stimulus, and the recorded reaction times are compared with them. The bias and jitter are
 * reported, not asserted (no timed assertions); each injected answer must be recorded as a hit.
 */
test("timing harness: recorded reaction times against inputs injected at known delays", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/games/reactor-simple");
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await page.getByRole("button", { name: "Try it" }).click();
  await expect(page.getByTestId("game-stage")).toHaveAttribute("data-game-state", "running");
  const delays = [180, 220, 260, 300, 340, 380, 420, 460, 250, 350];
  const injected = await page.evaluate(async (plan) => {
    const game = window.__gameController;
    if (!game) throw new Error("No game");
    const sent: number[] = [];
    for (const delay of plan) {
      // Wait for the frame on which a stimulus asks for an answer (checked each frame, after the game's own draw).
      await new Promise<void>((resolve) => {
        const check = () => (game.demonstrate() ? resolve() : requestAnimationFrame(check));
        requestAnimationFrame(check);
      });
      const wanted = game.demonstrate();
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (wanted?.type === "key") window.dispatchEvent(new KeyboardEvent("keydown", { key: wanted.key, bubbles: true }));
      else if (wanted)
        document
          .querySelector("[data-testid=game-stage] canvas")
          ?.dispatchEvent(new PointerEvent(wanted.type, { clientX: wanted.clientX, clientY: wanted.clientY, isPrimary: true, bubbles: true }));
      sent.push(delay);
      // Let the game take the answer and move on before looking for the next stimulus.
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    game.stop();
    return sent;
  }, delays);
  const trials = await page.evaluate(() => window.__lastPlayedSession?.trials ?? []);
  const hits = trials.filter((trial) => trial.outcome === "hit");
  expect(hits).toHaveLength(injected.length);
  const errors = hits.map((trial, index) => (trial.rtMs ?? 0) - injected[index]);
  const mean = errors.reduce((sum, value) => sum + value, 0) / errors.length;
  const sd = Math.sqrt(errors.reduce((sum, value) => sum + (value - mean) ** 2, 0) / errors.length);
  const report = `timing harness: ${errors.length} injected answers, recorded − injected: bias ${mean.toFixed(2)} ms, jitter (sd) ${sd.toFixed(2)} ms, range ${Math.min(...errors).toFixed(2)}–${Math.max(...errors).toFixed(2)} ms`;
  console.log(report);
  test.info().annotations.push({ type: "timing", description: report });
});
