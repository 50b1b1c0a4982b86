import type { MailKind } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import { type Mailer, type OutgoingMail, queueMail } from "../../platform/mail.ts";

/**
 * Reminders of overdue checklist tasks (issue 37.5). Every hour a sweep claims each task that is
 * past its due day in its event's time zone, not done and not yet reminded today, by a
 * conditional UPDATE of `reminded_on` that returns what it claimed, and writes one email per
 * owner listing their tasks, in the same transaction: a second sweep the same day, a restarted
 * node or another node's sweep claims nothing, and a failed email gives its tasks back.
 */

export const TASK_REMINDERS_QUEUE = "events.task-reminders";
/** Hourly, on whichever node's pg-boss clock claims the slot. */
const REMINDERS_CRON = "23 * * * *";
export const TASK_REMINDER_KIND: MailKind = "event.task_overdue";
export const eventPagePath = (eventId: number) => `/event/app/events/${eventId}`;

export interface TaskReminderDeps {
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
  /** The module is on: a switched-off module sends nothing (its tasks wait, unclaimed). */
  enabled: () => Promise<boolean>;
}

export interface OverdueTask {
  title: string;
  dueOn: string;
  eventId: number;
  eventTitle: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The reminder of one owner's overdue tasks, in their language (Spanish for "es", else English), each with its event's page. */
export function overdueTasksMail(
  owner: { userId: string; email: string; name: string; language: string },
  tasks: OverdueTask[],
  link: (path: string) => string,
): OutgoingMail {
  const es = owner.language === "es";
  const greeting = owner.name ? (es ? `Hola, ${owner.name}:` : `Hello ${owner.name},`) : es ? "Hola:" : "Hello,";
  const intro =
    tasks.length === 1
      ? es
        ? "Esta tarea de un evento a su cargo ha vencido y sigue pendiente:"
        : "This event task of yours is past its due date and not done yet:"
      : es
        ? `Estas ${tasks.length} tareas de eventos a su cargo han vencido y siguen pendientes:`
        : `These ${tasks.length} event tasks of yours are past their due dates and not done yet:`;
  const lines = tasks.map((task) => ({
    text: es ? `${task.title} (${task.eventTitle}), vencía el ${task.dueOn}` : `${task.title} (${task.eventTitle}), due ${task.dueOn}`,
    url: link(eventPagePath(task.eventId)),
  }));
  const closing = es ? "Márquelas como hechas en la lista de tareas del evento." : "Mark them done on the event's checklist.";
  return {
    to: owner.email,
    userId: owner.userId,
    kind: TASK_REMINDER_KIND,
    subject: es ? `Tareas vencidas: ${tasks.length}` : `Overdue tasks: ${tasks.length}`,
    text: [greeting, intro, ...lines.map((line) => `- ${line.text}\n  ${line.url}`), closing].join("\n\n"),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<ul>${lines.map((line) => `<li><a href="${escapeHtml(line.url)}">${escapeHtml(line.text)}</a></li>`).join("")}</ul>`,
      `<p>${escapeHtml(closing)}</p>`,
    ].join("\n"),
  };
}

type Claimed = {
  owner_id: string;
  email: string;
  language: string;
  name: string;
  title: string;
  due_on: string;
  event_id: number;
  title_en: string;
  title_es: string;
};

/** One sweep: claims today's overdue tasks and writes their owners' emails, together. Answers the number of emails. */
export async function runTaskReminders(deps: TaskReminderDeps): Promise<number> {
  if (!(await deps.enabled())) return 0;
  return deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // A cancelled event's tasks no longer matter; an inactive owner reads no email.
    const result = await tx.execute<Claimed>(sql`
      with claimed as (
        update event_tasks t set reminded_on = current_date
        from event_events e, users u
        where e.id = t.event_id and u.id = t.owner_id and u.is_active and e.state <> 'cancelled'
          and t.done_at is null and t.due_on is not null and t.due_on < (now() at time zone e.time_zone)::date
          and t.reminded_on is distinct from current_date
        returning t.id, t.owner_id, t.title, t.due_on, t.event_id, t.position)
      select c.owner_id, u.email, u.language, coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), '') as name,
        c.title, to_char(c.due_on, 'YYYY-MM-DD') as due_on, c.event_id, e.title_en, e.title_es
      from claimed c join users u on u.id = c.owner_id join event_events e on e.id = c.event_id
      order by c.owner_id, c.due_on, c.event_id, c.position, c.id`);
    const byOwner = new Map<string, { owner: Claimed; tasks: OverdueTask[] }>();
    for (const row of result.rows) {
      const entry = byOwner.get(row.owner_id) ?? { owner: row, tasks: [] };
      entry.tasks.push({ title: row.title, dueOn: row.due_on, eventId: Number(row.event_id), eventTitle: row.language === "es" ? row.title_es : row.title_en });
      byOwner.set(row.owner_id, entry);
    }
    const mails = [...byOwner.values()].map(({ owner, tasks }) =>
      overdueTasksMail({ userId: owner.owner_id, email: owner.email, name: owner.name, language: owner.language }, tasks, deps.mailer.link),
    );
    if (mails.length > 0) await queueMail(tx, deps.mailer, deps.jobs, mails);
    return mails.length;
  });
}

export function registerTaskReminders(deps: TaskReminderDeps): void {
  deps.jobs.handle(TASK_REMINDERS_QUEUE, async () => {
    await runTaskReminders(deps);
  });
  deps.jobs.every(TASK_REMINDERS_QUEUE, REMINDERS_CRON);
}
