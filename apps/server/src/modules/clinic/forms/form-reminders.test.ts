import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { makePatient } from "../../../../test/factories.ts";
import { makeForm, makeFormAssignment, sampleFormInput } from "../../../../test/forms.ts";
import { dayFromToday } from "../../../../test/roles.ts";
import { mailMessages } from "../../../platform/mail.table.ts";
import { FORM_REMINDER_KIND, FORM_REMINDERS_QUEUE, runFormReminders } from "./form-reminders.ts";
import { formAssignments } from "./forms.table.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const remindersTo = (emails: string[]) =>
  t.db
    .select({ to: mailMessages.to, subject: mailMessages.subject, text: mailMessages.text })
    .from(mailMessages)
    .where(and(inArray(mailMessages.to, emails), eq(mailMessages.kind, FORM_REMINDER_KIND)));

async function sweep(): Promise<void> {
  await t.app.jobs.send(FORM_REMINDERS_QUEUE, {});
  await t.app.jobs.drain(FORM_REMINDERS_QUEUE);
}

describe("overdue form reminders", () => {
  it("write one email per overdue form, in the patient's language, whatever the number of sweeps", async () => {
    const form = await makeForm(t.db, { clinicId: t.ids.clinic }, sampleFormInput("Weekly check"));
    const english = await makePatient(t.db, t.ids.clinic, [], { nombres: "Ann" });
    const spanish = await makePatient(t.db, t.ids.clinic, [], { nombres: "Lucía", language: "es" });
    const overdue = await makeFormAssignment(t.db, { form, patientId: english.id, dueDate: dayFromToday(-1) });
    const draft = await makeFormAssignment(t.db, { form, patientId: spanish.id, dueDate: dayFromToday(-3), state: "inProgress", answers: { pain: 1 } });
    // Due today, not due at all, or already submitted: no reminder.
    await makeFormAssignment(t.db, { form, patientId: english.id, dueDate: dayFromToday(0) });
    await makeFormAssignment(t.db, { form, patientId: english.id });
    await makeFormAssignment(t.db, { form, patientId: spanish.id, dueDate: dayFromToday(-5), state: "submitted" });

    await sweep();
    await sweep();
    expect(await runFormReminders({ db: t.db, mailer: t.app.mailer, jobs: t.app.jobs })).toBe(0);

    const mails = await remindersTo([english.email, spanish.email]);
    expect(mails).toHaveLength(2);
    const toEnglish = mails.find((mail) => mail.to === english.email);
    const toSpanish = mails.find((mail) => mail.to === spanish.email);
    expect(toEnglish?.subject).toBe("Form overdue: Weekly check");
    expect(toEnglish?.text).toContain(`was due on ${dayFromToday(-1)}`);
    expect(toEnglish?.text).toContain("Hello Ann,");
    expect(toEnglish?.text).toContain("/manager/admin/forms");
    expect(toSpanish?.subject).toBe("Formulario pendiente: Weekly check");
    expect(toSpanish?.text).toContain("Hola, Lucía:");
    const claimed = await t.db
      .select({ id: formAssignments.id, sent: formAssignments.reminderSentAt })
      .from(formAssignments)
      .where(inArray(formAssignments.id, [overdue.id, draft.id]));
    expect(claimed.every((row) => row.sent !== null)).toBe(true);
  });

  it("claims each reminder once when sweeps run side by side", async () => {
    const form = await makeForm(t.db, { clinicId: t.ids.clinic });
    const patient = await makePatient(t.db, t.ids.clinic);
    for (let index = 0; index < 5; index += 1) await makeFormAssignment(t.db, { form, patientId: patient.id, dueDate: dayFromToday(-2) });
    const deps = { db: t.db, mailer: t.app.mailer, jobs: t.app.jobs };
    const counts = await Promise.all([runFormReminders(deps), runFormReminders(deps), runFormReminders(deps)]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(5);
    expect(await remindersTo([patient.email])).toHaveLength(5);
  });
});
