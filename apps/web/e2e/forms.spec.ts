import { readFile } from "node:fs/promises";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible, settled, signIn, signOut, visit } from "./fixtures.ts";

/** The builder's question card at `index` (0-based), in the "Questions" section. */
const questionCard = (page: Page, index: number): Locator => page.getByRole("region", { name: "Questions" }).getByRole("listitem").nth(index);

/** Adds a question of a type (the "Add a question" menu's label) and gives it its words; returns its card. */
async function addQuestion(page: Page, index: number, type: string, label: string, required = false): Promise<Locator> {
  await page.getByRole("button", { name: "Add a question" }).click();
  await page.getByRole("menuitem", { name: type, exact: true }).click();
  const card = questionCard(page, index);
  await card.getByRole("textbox", { name: type === "Section heading" ? "Heading" : "Question", exact: true }).fill(label);
  if (required) await card.getByRole("checkbox", { name: "Required" }).check();
  return card;
}

test("a therapist builds a scored form with every question type and assigns it; the patient drafts, comes back and submits; the therapist reviews and exports it", async ({
  page,
}) => {
  // Three signed-in walks with an accessibility check on each screen: longer than one default test.
  test.setTimeout(150_000);
  // One token per run: every spec of a run shares the database.
  const token = `e2e-${Date.now().toString(36)}`;
  const name = `Balance diary ${token}`;
  const labels = {
    section: "About your week",
    short: "Where do you feel it most?",
    long: "Describe a bad moment",
    number: "Minutes walked yesterday",
    single: "How often did you feel unsteady?",
    multiple: "Which exercises did you do?",
    scale: "How confident do you feel walking outside?",
    date: "When did it last happen?",
    yesNo: "Did you nearly fall?",
  };

  // The builder: one question of each type, scored with a sum and two bands.
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/forms");
  await page.getByRole("link", { name: "New form" }).click();
  await expect(page).toHaveURL(/\/manager\/admin\/forms\/add$/);
  await settled(page);
  await expect(page.getByRole("region", { name: "Preview" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Description", exact: true }).fill("How the week went between sessions.");
  // Leaving with unsaved changes asks first; staying keeps what was typed.
  await page.getByRole("link", { name: "Cancel" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await leave.getByRole("button", { name: "Cancel" }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/manager\/admin\/forms\/add$/);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);

  await addQuestion(page, 0, "Section heading", labels.section);
  await addQuestion(page, 1, "Short text", labels.short);
  await addQuestion(page, 2, "Long text", labels.long);
  const number = await addQuestion(page, 3, "Number", labels.number, true);
  await number.getByRole("spinbutton", { name: "Minimum" }).fill("0");
  await number.getByRole("spinbutton", { name: "Maximum" }).fill("120");
  const single = await addQuestion(page, 4, "Single choice", labels.single, true);
  await single.getByRole("button", { name: "Add a choice" }).click();
  for (const [at, [choice, score]] of [
    ["Never", "0"],
    ["Sometimes", "2"],
    ["Often", "4"],
  ].entries()) {
    await single.getByRole("textbox", { name: `Choice ${at + 1}` }).fill(choice);
    await single.getByRole("spinbutton", { name: "Score" }).nth(at).fill(score);
  }
  const multiple = await addQuestion(page, 5, "Multiple choice", labels.multiple);
  await multiple.getByRole("textbox", { name: "Choice 1" }).fill("Gaze exercises");
  await multiple.getByRole("textbox", { name: "Choice 2" }).fill("Walking");
  // A scale is 0–10 and scored unless changed.
  const scale = await addQuestion(page, 6, "Scale", labels.scale);
  await scale.getByRole("textbox", { name: "Label of the lowest point" }).fill("Not at all");
  await scale.getByRole("textbox", { name: "Label of the highest point" }).fill("Completely");
  await addQuestion(page, 7, "Date", labels.date);
  const yesNo = await addQuestion(page, 8, "Yes / no", labels.yesNo);
  await yesNo.getByRole("spinbutton", { name: "Score for yes" }).fill("1");
  await yesNo.getByRole("spinbutton", { name: "Score for no" }).fill("0");

  const scoring = page.getByRole("region", { name: "Scoring" });
  await scoring.getByRole("combobox", { name: "Total score" }).click();
  await page.getByRole("option", { name: "Sum of the scored questions" }).click();
  // Often 0–4, the scale 0–10, yes/no 0–1.
  await expect(scoring.getByText("Scores from 0 to 15.")).toBeVisible();
  for (const [at, [from, band]] of [
    ["0", "Steady"],
    ["8", "Unsteady"],
  ].entries()) {
    await scoring.getByRole("button", { name: "Add a band" }).click();
    await scoring.getByRole("spinbutton", { name: "From" }).nth(at).fill(from);
    await scoring.getByRole("textbox", { name: `Band ${at + 1} label` }).fill(band);
  }

  // The live preview, as the patient will see it, scores what is tried in it.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByText(name)).toBeVisible();
  await expect(preview.getByRole("heading", { name: labels.section })).toBeVisible();
  await preview.getByRole("radiogroup", { name: labels.single }).getByRole("radio", { name: "Often" }).check();
  await preview.getByRole("radiogroup", { name: labels.scale }).getByRole("radio", { name: "5", exact: true }).check();
  await preview.getByRole("radiogroup", { name: labels.yesNo }).getByRole("radio", { name: "Yes" }).check();
  await expect(preview.getByText("Total: 10 (from 0 to 15)")).toBeVisible();
  await expect(preview.getByText("Unsteady", { exact: true })).toBeVisible();
  await preview.getByRole("radiogroup", { name: labels.yesNo }).getByRole("radio", { name: "No" }).check();
  await expect(preview.getByText("Total: 9 (from 0 to 15)")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("DynamicForm created succefully")).toBeVisible();
  await expect(page).toHaveURL(/\/manager\/admin\/forms$/);

  // Assign it to the demo patient from the forms list.
  await page.getByRole("textbox", { name: "Search forms by name" }).fill(token);
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await settled(page);
  await page.getByRole("button", { name: `More actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Assign" }).click();
  const assign = page.getByRole("dialog", { name: `Assign “${name}”` });
  await assign.getByRole("combobox", { name: "Patients" }).fill("Pablo");
  await page.getByRole("option", { name: "Pablo Díaz" }).click();
  await expectAccessible(page);
  await assign.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByText("Dynamic form assigned succesfully")).toBeVisible();
  await expect(assign).toHaveCount(0);
  await signOut(page);

  // The patient finds it on his home, answers part of it and saves a draft.
  await signIn(page, "patient");
  await expect(page).toHaveURL("/manager/patient");
  const toAnswer = page.getByRole("region", { name: "Forms to answer" });
  await toAnswer.getByRole("link", { name: `Answer: ${name}` }).click();
  await expect(page).toHaveURL(/\/manager\/admin\/forms\/answer\/\d+$/);
  await settled(page);
  await expectAccessible(page);
  await page.getByRole("textbox", { name: labels.short }).fill("When I turn my head");
  await page.getByRole("radiogroup", { name: labels.single }).getByRole("radio", { name: "Sometimes" }).check();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved")).toBeVisible();

  // He leaves and comes back: the draft is there.
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL("/manager/patient");
  await settled(page);
  await toAnswer.getByRole("link", { name: `Continue: ${name}` }).click();
  await settled(page);
  await expect(page.getByRole("textbox", { name: labels.short })).toHaveValue("When I turn my head");
  await expect(page.getByRole("radiogroup", { name: labels.single }).getByRole("radio", { name: "Sometimes" })).toBeChecked();

  // A required answer missing, then one out of range: each told on its question, nothing sent.
  const minutes = page.getByRole("spinbutton", { name: labels.number });
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByText("This answer is required.")).toBeVisible();
  await expect(minutes).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  await minutes.fill("150");
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByText("Must be at most 120.")).toBeVisible();
  await minutes.fill("30");
  await page.getByRole("textbox", { name: labels.long }).fill("Getting off the bus.");
  await page.getByRole("group", { name: labels.multiple }).getByRole("checkbox", { name: "Walking" }).check();
  await page.getByRole("radiogroup", { name: labels.scale }).getByRole("radio", { name: "7", exact: true }).check();
  await page.getByRole("textbox", { name: labels.date }).fill("2026-11-20");
  await page.getByRole("radiogroup", { name: labels.yesNo }).getByRole("radio", { name: "Yes" }).check();
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Submit this form?" });
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Form submitted")).toBeVisible();
  await expect(page.getByText(/^Submitted on /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit", exact: true })).toHaveCount(0);
  await settled(page);
  await expectAccessible(page);
  await signOut(page);

  // The therapist finds it among the results with its score (Sometimes 2 + 7 + yes 1) and band.
  await signIn(page, "therapist");
  await visit(page, "/manager/admin/forms");
  await page.getByRole("link", { name: "Form results" }).click();
  await expect(page).toHaveURL(/\/manager\/admin\/forms\/results$/);
  await page.getByRole("textbox", { name: "Search forms and patients" }).fill(token);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${token}`));
  const results = page.getByRole("table", { name: "Form results" }).getByRole("row").filter({ hasText: token });
  await expect(results).toHaveCount(1);
  await expect(results).toContainText("Pablo Díaz");
  await expect(results).toContainText("10 of 0–15");
  await expect(results).toContainText("Unsteady");
  await expect(results).toContainText("Submitted");
  await settled(page);
  await expectAccessible(page);

  // The result: answers, score and band; marked reviewed with a note.
  await results.getByRole("link").click();
  await expect(page).toHaveURL(/\/manager\/admin\/forms\/results\/\d+$/);
  await settled(page);
  await expect(page.getByRole("heading", { name: `${name}: Pablo Díaz` })).toBeVisible();
  await expect(page.getByLabel("Total score 10")).toBeVisible();
  await expect(page.getByText("Band: Unsteady")).toBeVisible();
  await expect(page.getByText("When I turn my head")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("textbox", { name: "Review note" }).fill(`Improving, ${token}`);
  await page.getByRole("button", { name: "Mark reviewed" }).click();
  await expect(page.getByText("Form marked as reviewed")).toBeVisible();
  await expect(page.getByText(/^Reviewed by .+ on /)).toBeVisible();
  await expect(page.getByText(`Improving, ${token}`)).toBeVisible();
  await settled(page);
  await expectAccessible(page);

  // The results of this form, exported as CSV: the patient's row with the score, band and answers.
  await page.getByRole("link", { name: "All form results" }).click();
  await settled(page);
  await page.getByRole("combobox", { name: "Form" }).fill(token);
  await page.getByRole("option", { name }).click();
  await expect(page).toHaveURL(/[?&]form=\d+/);
  await expect(results).toHaveCount(1);
  await expect(results).toContainText("Reviewed");
  await settled(page);
  const download = page.waitForEvent("download");
  await page.getByRole("group", { name: "Export the form results" }).getByRole("button", { name: "CSV" }).click();
  const file = await download;
  // The one export action answers with §8's notice once the file is saved.
  await expect(page.getByText("Form results exported successfully")).toBeVisible();
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile(await file.path(), "utf8");
  const row = csv.split(/\r?\n/).find((line) => line.includes("Pablo Díaz"));
  expect(row, csv).toBeDefined();
  expect(row).toContain(name);
  expect(row).toMatch(/(^|,)"?10"?(,|$)/);
  expect(row).toContain("Unsteady");
  expect(row).toContain("When I turn my head");
  expect(csv.split(/\r?\n/).filter((line) => line.includes("Pablo Díaz"))).toHaveLength(1);
});

test("a patient who works in Spanish answers the Spanish DHI the demo assigned her and submits it", async ({ page }) => {
  const dhi = "Inventario de Discapacidad por Vértigo (DHI)";
  await signIn(page, "patient2");
  await expect(page).toHaveURL("/manager/patient");
  const toAnswer = page.getByRole("region", { name: "Formularios por responder" });
  await expectAccessible(page);
  await toAnswer.getByRole("link", { name: `Responder: ${dhi}` }).click();
  await expect(page).toHaveURL(/\/manager\/admin\/forms\/answer\/\d+$/);
  await settled(page);
  await expect(page.getByRole("heading", { name: dhi })).toBeVisible();
  await expectAccessible(page);

  // All 25 questions, by their Spanish answers: yes, sometimes and no in turn.
  const questions = page.getByRole("radiogroup");
  await expect(questions).toHaveCount(25);
  const answers = ["Sí", "A veces", "No"];
  for (let index = 0; index < 25; index++) {
    await questions
      .nth(index)
      .getByRole("radio", { name: answers[index % 3], exact: true })
      .check();
  }
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "¿Enviar este formulario?" });
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByText("Formulario enviado")).toBeVisible();
  await expect(page.getByText(/^Enviado el /)).toBeVisible();
  await settled(page);
  await expectAccessible(page);

  // The screen shows a patient no score; the server stored it: 9 × Sí (4) + 8 × A veces (2) = 52, moderate.
  const stored = await page.request.get(`/api/resolved-dynamic-forms/?q=${encodeURIComponent("Inventario de Discapacidad")}`);
  expect(stored.status()).toBe(200);
  const [result] = (await stored.json()).data as { score: { total: number; band: string } }[];
  expect(result?.score).toMatchObject({ total: 52, band: "Discapacidad moderada" });

  // It is no longer among the forms to answer.
  await visit(page, "/manager/patient");
  await expect(toAnswer).toBeVisible();
  await expect(toAnswer.getByText(dhi)).toHaveCount(0);
});
