import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import type { Notifier } from "../../../platform/notifications.ts";
import { therapistsOf } from "../assignments/assignment-notices.ts";
import { dynamicForms, formAssignments } from "./forms.table.ts";

/** The notifications of forms (issue 19), written in the transaction of the event: a form to answer, a form answered. */

async function assignmentFacts(tx: Db, assignmentId: number) {
  const [row] = await tx
    .select({
      patientId: formAssignments.patientId,
      form: dynamicForms.name,
      patient: sql<string>`coalesce(nullif(trim(${users.nombres} || ' ' || ${users.apellidos}), ''), ${users.email})`,
    })
    .from(formAssignments)
    .innerJoin(dynamicForms, eq(dynamicForms.id, formAssignments.formId))
    .innerJoin(users, eq(users.id, formAssignments.patientId))
    .where(eq(formAssignments.id, assignmentId));
  return row;
}

/** Each patient given the form hears of it, with the address of their own assignment. */
export async function noticeFormsAssigned(tx: Db, notifier: Notifier | undefined, sentBy: string, assignmentIds: readonly number[]): Promise<void> {
  if (!notifier) return;
  for (const id of assignmentIds) {
    const facts = await assignmentFacts(tx, id);
    if (facts)
      await notifier.notify(tx, [facts.patientId], { kind: "formAssigned", params: { form: facts.form }, link: `/manager/admin/forms/answer/${id}`, sentBy });
  }
}

/** A submitted form: the patient's therapists hear of it (not whoever submitted it on the patient's behalf). */
export async function noticeFormSubmitted(tx: Db, notifier: Notifier | undefined, sentBy: string, assignmentId: number): Promise<void> {
  if (!notifier) return;
  const facts = await assignmentFacts(tx, assignmentId);
  if (!facts) return;
  await notifier.notify(tx, await therapistsOf(tx, facts.patientId), {
    kind: "formSubmitted",
    params: { form: facts.form, patient: facts.patient },
    link: `/manager/admin/forms/results/${assignmentId}`,
    sentBy,
  });
}
