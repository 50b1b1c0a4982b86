import { type FormAnswers, type FormField, type FormInput, formInputSchema, keptAnswers, scoreAnswers } from "@clinic/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { dynamicForms, dynamicFormVersions, formAssignments } from "./forms.table.ts";
import { insertForm } from "./forms.service.ts";

/** The demo clinic's own questionnaire: one of each common field type, scored with a subscale and bands. */
export const WEEKLY_CHECK: FormInput = {
  name: "Weekly symptom check",
  description: "A short check of the past week's dizziness, falls and exercise, to follow progress between sessions.",
  language: "en",
  fields: [
    { type: "section", key: "week", label: "Your past week" },
    {
      type: "singleChoice",
      key: "dizziness",
      label: "How often did you feel dizzy?",
      required: true,
      options: [
        { value: "never", label: "Never", score: 0 },
        { value: "some", label: "Some days", score: 2 },
        { value: "daily", label: "Every day", score: 4 },
      ],
    },
    {
      type: "scale",
      key: "intensity",
      label: "How strong was the worst episode?",
      help: "0 is none, 10 the worst you can imagine.",
      min: 0,
      max: 10,
      minLabel: "None",
      maxLabel: "Worst",
      required: true,
    },
    { type: "yesNo", key: "fall", label: "Did you fall or nearly fall?", yesScore: 4, noScore: 0 },
    {
      type: "multipleChoice",
      key: "triggers",
      label: "What set it off?",
      options: [
        { value: "turning", label: "Turning the head", score: 1 },
        { value: "standing", label: "Standing up", score: 1 },
        { value: "crowds", label: "Busy places", score: 1 },
      ],
    },
    { type: "number", key: "exercise", label: "Minutes of exercises a day", min: 0, max: 120, step: 5 },
    { type: "longText", key: "notes", label: "Anything your therapist should know?" },
  ],
  scoring: {
    total: "sum",
    subscales: [{ key: "episodes", name: "Episodes", fields: ["dizziness", "intensity", "fall"] }],
    bands: [
      { from: 0, label: "Mild" },
      { from: 8, label: "Moderate" },
      { from: 15, label: "Severe" },
    ],
  },
};

/** An answer to every single-choice question: its `rank(index)`-th highest-scoring choice (0 = the worst). */
function choose(fields: FormField[], rank: (index: number) => number): FormAnswers {
  const answers: FormAnswers = {};
  fields.forEach((field, index) => {
    if (field.type !== "singleChoice") return;
    const ranked = [...field.options].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
    answers[field.key] = ranked[Math.min(rank(index), ranked.length - 1)]?.value ?? null;
  });
  return answers;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const dayIn = (days: number) => daysAgo(-days).toLocaleDateString("en-CA");

async function standardForm(db: Db, key: string) {
  const [row] = await db
    .select({ id: dynamicForms.id, versionId: dynamicFormVersions.id, fields: dynamicFormVersions.fields, scoring: dynamicFormVersions.scoring })
    .from(dynamicForms)
    .innerJoin(dynamicFormVersions, eq(dynamicFormVersions.id, dynamicForms.currentVersionId))
    .where(eq(dynamicForms.standardKey, key));
  return row;
}

/**
 * Demo forms: the clinic's weekly check; the English DHI answered twice by the first demo
 * patient five and two weeks ago (improving, so the chart has a slope) and assigned once more;
 * the Spanish DHI waiting for Paula. The shipped questionnaires are synced at start-up; without
 * them (a database not started by the app) only the clinic's form is made.
 */
export async function seedDemoForms(db: Db, ids: { clinicId: string; therapistId: string; patientId: string; patient2Id: string }): Promise<void> {
  await db.transaction((tx) => insertForm(tx as unknown as Db, formInputSchema.parse(WEEKLY_CHECK), { clinicId: ids.clinicId, createdBy: ids.therapistId }));
  const english = await standardForm(db, "dhi-en");
  const spanish = await standardForm(db, "dhi-es");
  const base = { clinicId: ids.clinicId, assignedBy: ids.therapistId };
  if (english) {
    const definition = { fields: english.fields, scoring: english.scoring };
    // Five weeks ago mostly "yes" and "sometimes"; two weeks ago mostly "no": the score falls.
    const answered = [
      { days: 35, answers: keptAnswers(choose(english.fields, (index) => (index % 3 === 0 ? 0 : 1))) },
      { days: 14, answers: keptAnswers(choose(english.fields, (index) => (index % 4 === 0 ? 1 : 2))) },
    ];
    for (const { days, answers } of answered) {
      await db.insert(formAssignments).values({
        ...base,
        formId: english.id,
        versionId: english.versionId,
        patientId: ids.patientId,
        dueDate: dayIn(-days + 3),
        state: "submitted",
        answers,
        score: scoreAnswers(definition, answers),
        submittedAt: daysAgo(days),
        submittedBy: ids.patientId,
        createdAt: daysAgo(days + 2),
        reminderSentAt: null,
      });
    }
    await db.insert(formAssignments).values({ ...base, formId: english.id, versionId: english.versionId, patientId: ids.patientId, dueDate: dayIn(7) });
  }
  if (spanish) {
    await db.insert(formAssignments).values({ ...base, formId: spanish.id, versionId: spanish.versionId, patientId: ids.patient2Id, dueDate: dayIn(7) });
  }
}
