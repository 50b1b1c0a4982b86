import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import type { JobQueue } from "../../../platform/jobs.ts";
import { type Mailer, type OutgoingMail, queueMail } from "../../../platform/mail.ts";
import { today } from "../memberships/seats.ts";
import { dynamicForms, formAssignments } from "./forms.table.ts";

export const FORM_REMINDERS_QUEUE = "forms.reminders";
/** Hourly, on whichever node's pg-boss clock claims the slot. */
const REMINDERS_CRON = "41 * * * *";
/** Where patients find their forms. */
export const FORMS_PAGE = "/manager/admin/forms";
export const FORM_REMINDER_KIND = "forms.overdue";

export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
}

const open = ["assigned", "inProgress"];
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

interface Overdue {
  email: string;
  language: string;
  name: string;
  userId: string;
  formName: string;
  dueDate: string;
}

/** The reminder of one overdue form, in the patient's language (Spanish for "es", else English). */
export function overdueMail(facts: Overdue, link: string): OutgoingMail {
  const es = facts.language === "es";
  const greeting = facts.name ? (es ? `Hola, ${facts.name}:` : `Hello ${facts.name},`) : null;
  const paragraphs = [
    ...(greeting ? [greeting] : []),
    es
      ? `El formulario «${facts.formName}» debía responderse el ${facts.dueDate} y aún está pendiente.`
      : `The form "${facts.formName}" was due on ${facts.dueDate} and has not been submitted yet.`,
    es ? "Puede responderlo aquí:" : "You can answer it here:",
  ];
  return {
    to: facts.email,
    userId: facts.userId,
    kind: FORM_REMINDER_KIND,
    subject: es ? `Formulario pendiente: ${facts.formName}` : `Form overdue: ${facts.formName}`,
    text: [...paragraphs, link].join("\n\n"),
    html: [...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`), `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`].join("\n"),
  };
}

/**
 * One sweep: every assignment past its due day and not submitted gets one reminder. It is
 * claimed by setting `reminder_sent_at` in the transaction that writes its email, only where it
 * is still unset: a second sweep, a restarted node or another node's sweep sends nothing.
 */
export async function runFormReminders(deps: ReminderDeps, day = today()): Promise<number> {
  const due = await deps.db
    .select({ id: formAssignments.id })
    .from(formAssignments)
    .where(
      and(isNotNull(formAssignments.dueDate), lt(formAssignments.dueDate, day), isNull(formAssignments.reminderSentAt), inArray(formAssignments.state, open)),
    )
    .orderBy(asc(formAssignments.dueDate), asc(formAssignments.id));
  let sent = 0;
  for (const { id } of due) {
    await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [claimed] = await tx
        .update(formAssignments)
        .set({ reminderSentAt: new Date() })
        .where(and(eq(formAssignments.id, id), isNull(formAssignments.reminderSentAt), inArray(formAssignments.state, open)))
        .returning({ patientId: formAssignments.patientId, formId: formAssignments.formId, dueDate: formAssignments.dueDate });
      if (!claimed) return;
      const [facts] = await tx
        .select({
          email: users.email,
          language: users.language,
          name: sql<string>`trim(${users.nombres})`,
          userId: users.id,
          formName: dynamicForms.name,
        })
        .from(users)
        .innerJoin(dynamicForms, eq(dynamicForms.id, claimed.formId))
        .where(eq(users.id, claimed.patientId));
      if (!facts) return;
      await queueMail(tx, deps.mailer, deps.jobs, [overdueMail({ ...facts, dueDate: claimed.dueDate ?? day }, deps.mailer.link(FORMS_PAGE))]);
      sent += 1;
    });
  }
  return sent;
}

export function registerFormReminders(deps: ReminderDeps): void {
  deps.jobs.handle(FORM_REMINDERS_QUEUE, async () => {
    await runFormReminders(deps);
  });
  deps.jobs.every(FORM_REMINDERS_QUEUE, REMINDERS_CRON);
}
