import {
  BUILT_IN_TASK_TITLES_ES,
  type BuiltInTemplateKey,
  type ChecklistTemplateView,
  type EventStaffMember,
  type EventTasks,
  type EventTaskView,
  GROUP,
  type Paged,
  PLANNING_MESSAGES,
  type TaskUpdate,
} from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Actor, managedBy } from "../../platform/access.ts";
import { badRequest, conflict, notFound } from "../../platform/errors.ts";
import { containsPattern, pageWindow } from "../../platform/paging.ts";
import { isoSql } from "./costs.service.ts";
import { managedEvent, managedEventOf } from "./events-scope.ts";

/**
 * An event's checklist (issue 37.5): tasks with an owner among the clinic's staff, a due day and
 * a done state, and the reusable templates they can be made from: the platform's built-ins
 * (read-only, named by key on the screens) and each clinic's own.
 */

/** A person's name as the screens show it: given names and surnames, else the email. */
const nameOf = (alias: string) => sql.raw(`coalesce(nullif(trim(${alias}.nombres || ' ' || ${alias}.apellidos), ''), ${alias}.email)`);

/**
 * The clinic's staff, over a `users s`: the clinic's account, or an active account of the clinic
 * that is not a patient (its therapists and other staff).
 */
const staffOf = (clinic: SQL) =>
  sql`(s.is_active and (s.id = ${clinic} or (s.clinic_id = ${clinic} and not exists (select 1 from user_groups g where g.user_id = s.id and g.group_id = ${GROUP.patient}))))`;

// ---------------------------------------------------------------- templates

type TemplateRow = {
  id: number;
  key: string | null;
  name: string;
  tasks: { title: string; daysBefore: number }[];
  clinic_id: string | null;
  clinic_name: string | null;
};

const toTemplate = (row: TemplateRow): ChecklistTemplateView => ({
  id: Number(row.id),
  key: row.key as BuiltInTemplateKey | null,
  name: row.name,
  tasks: row.tasks,
  clinic: row.clinic_id ? { id: row.clinic_id, name: row.clinic_name ?? "" } : null,
  builtIn: row.clinic_id === null,
});

const templateColumns = sql`t.id, t.key, t.name, t.tasks, t.clinic_id, case when c.id is null then null else ${nameOf("c")} end as clinic_name`;

/** The platform's templates first, then the clinics' the actor manages (an admin: every clinic's, or the one named). */
export async function listTemplates(db: Db, actor: Actor, clinicId: string | undefined): Promise<ChecklistTemplateView[]> {
  const result = await db.execute<TemplateRow>(sql`
    select ${templateColumns} from event_checklist_templates t left join users c on c.id = t.clinic_id
    where t.clinic_id is null or (${managedBy(actor, sql`t.clinic_id`)}${clinicId ? sql` and t.clinic_id = ${clinicId}` : sql``})
    order by t.clinic_id is not null, t.id`);
  return result.rows.map(toTemplate);
}

async function templateView(db: Db, id: number): Promise<ChecklistTemplateView> {
  const result = await db.execute<TemplateRow>(
    sql`select ${templateColumns} from event_checklist_templates t left join users c on c.id = t.clinic_id where t.id = ${id}`,
  );
  const row = result.rows[0];
  if (!row) throw notFound();
  return toTemplate(row);
}

export async function createTemplate(
  db: Db,
  clinicId: string,
  input: { name: string; tasks: { title: string; daysBefore: number }[] },
): Promise<ChecklistTemplateView> {
  const result = await db.execute<{ id: number }>(sql`
    insert into event_checklist_templates (clinic_id, name, tasks) values (${clinicId}, ${input.name}, ${JSON.stringify(input.tasks)}::jsonb) returning id`);
  return templateView(db, Number(result.rows[0]?.id));
}

/** A clinic's template the actor manages: 404 for another clinic's, 409 for the platform's (read-only, even for admins). */
async function ownTemplate(db: Db, actor: Actor, id: number): Promise<void> {
  const result = await db.execute<{ clinic_id: string | null }>(
    sql`select t.clinic_id from event_checklist_templates t where t.id = ${id} and (t.clinic_id is null or ${managedBy(actor, sql`t.clinic_id`)})`,
  );
  const row = result.rows[0];
  if (!row) throw notFound();
  if (row.clinic_id === null) throw conflict(PLANNING_MESSAGES.builtInTemplate);
}

export async function updateTemplate(
  db: Db,
  actor: Actor,
  id: number,
  input: { name: string; tasks: { title: string; daysBefore: number }[] },
): Promise<ChecklistTemplateView> {
  await ownTemplate(db, actor, id);
  await db.execute(sql`
    update event_checklist_templates set name = ${input.name}, tasks = ${JSON.stringify(input.tasks)}::jsonb, updated_at = now()
    where id = ${id} and clinic_id is not null`);
  return templateView(db, id);
}

export async function deleteTemplate(db: Db, actor: Actor, id: number): Promise<void> {
  await ownTemplate(db, actor, id);
  await db.execute(sql`delete from event_checklist_templates where id = ${id} and clinic_id is not null`);
}

// ---------------------------------------------------------------- tasks

type TaskJson = Omit<EventTaskView, "owner" | "doneBy"> & {
  owner: { id: string; name: string; email: string } | null;
  doneBy: { id: string; name: string } | null;
};

/** One task as JSON over `event_tasks t` of an `event_events e`, its owner `o` and who did it `d` beside it. */
const taskJson = sql`json_build_object(
  'id', t.id, 'title', t.title,
  'owner', case when o.id is null then null else json_build_object('id', o.id, 'name', ${nameOf("o")}, 'email', o.email) end,
  'dueOn', to_char(t.due_on, 'YYYY-MM-DD'),
  'done', t.done_at is not null,
  'doneAt', case when t.done_at is null then null else ${isoSql(sql`t.done_at`)} end,
  'doneBy', case when d.id is null then null else json_build_object('id', d.id, 'name', ${nameOf("d")}) end,
  'position', t.position,
  'overdue', t.done_at is null and t.due_on is not null and t.due_on < (now() at time zone e.time_zone)::date)`;
const taskJoins = sql`event_tasks t join event_events e on e.id = t.event_id left join users o on o.id = t.owner_id left join users d on d.id = t.done_by`;

/** An event's checklist in order, with today in its time zone: one statement, 404 unless the actor manages the event. */
export async function listTasks(db: Db, actor: Actor, eventId: number): Promise<EventTasks> {
  const result = await db.execute<{ time_zone: string; today: string; tasks: TaskJson[] }>(sql`
    select ev.time_zone, to_char((now() at time zone ev.time_zone)::date, 'YYYY-MM-DD') as today,
      coalesce((select json_agg(${taskJson} order by t.position, t.id) from ${taskJoins} where t.event_id = ev.id), '[]') as tasks
    from event_events ev where ev.id = ${eventId} and ${managedBy(actor, sql`ev.clinic_id`)}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return { timeZone: row.time_zone, today: row.today, tasks: row.tasks };
}

async function taskView(db: Db, taskId: number): Promise<EventTaskView> {
  const result = await db.execute<{ task: TaskJson }>(sql`select ${taskJson} as task from ${taskJoins} where t.id = ${taskId}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return row.task;
}

const ownerRefused = () => badRequest({ ownerId: [PLANNING_MESSAGES.ownerNotStaff] });

/** A new task at the end of the checklist; its owner must be one of the event's clinic's staff (else 400 `ownerId`, nothing written). */
export async function createTask(
  db: Db,
  actor: Actor,
  eventId: number,
  input: { title: string; ownerId: string | null; dueOn: string | null },
): Promise<EventTaskView> {
  const event = await managedEvent(db, actor, eventId);
  const result = await db.execute<{ id: number }>(sql`
    insert into event_tasks (event_id, title, owner_id, due_on, position)
    select ${event.id}, ${input.title}, ${input.ownerId}, ${input.dueOn}::date,
      coalesce((select max(x.position) + 1 from event_tasks x where x.event_id = ${event.id}), 0)
    where ${input.ownerId}::text is null or exists (select 1 from users s where s.id = ${input.ownerId} and ${staffOf(sql`${event.clinicId}`)})
    returning id`);
  const id = result.rows[0]?.id;
  if (id === undefined) throw ownerRefused();
  return taskView(db, Number(id));
}

/**
 * Changes what is given of a task in one conditional UPDATE (a new owner must be staff of the
 * event's clinic, else 400 and nothing written). `done` stamps who and when once; a new owner or
 * due day may be reminded again.
 */
export async function updateTask(db: Db, actor: Actor, taskId: number, change: TaskUpdate): Promise<EventTaskView> {
  const event = await managedEventOf(db, actor, { table: "event_tasks", id: taskId });
  const sets: SQL[] = [sql`updated_at = now()`];
  if (change.title !== undefined) sets.push(sql`title = ${change.title}`);
  if (change.ownerId !== undefined) sets.push(sql`owner_id = ${change.ownerId}`);
  if (change.dueOn !== undefined) sets.push(sql`due_on = ${change.dueOn}::date`);
  if (change.ownerId !== undefined || change.dueOn !== undefined) sets.push(sql`reminded_on = null`);
  if (change.position !== undefined) sets.push(sql`position = ${change.position}`);
  if (change.done === true) sets.push(sql`done_at = coalesce(done_at, now())`, sql`done_by = case when done_at is null then ${actor.id} else done_by end`);
  if (change.done === false) sets.push(sql`done_at = null`, sql`done_by = null`);
  const ownerCheck =
    typeof change.ownerId === "string" ? sql` and exists (select 1 from users s where s.id = ${change.ownerId} and ${staffOf(sql`${event.clinicId}`)})` : sql``;
  const result = await db.execute<{ id: number }>(sql`update event_tasks set ${sql.join(sets, sql`, `)} where id = ${taskId}${ownerCheck} returning id`);
  if (result.rows.length === 0) throw ownerRefused();
  return taskView(db, taskId);
}

export async function deleteTask(db: Db, actor: Actor, taskId: number): Promise<void> {
  await managedEventOf(db, actor, { table: "event_tasks", id: taskId });
  await db.execute(sql`delete from event_tasks where id = ${taskId}`);
}

/**
 * One task per task of a template (the platform's or the event's clinic's), appended in the
 * template's order, each due its days before the event's start day in the event's time zone,
 * with no owner, a built-in's titles in the user's language: one statement. Another clinic's
 * template, or none, is a 400 on `templateId`.
 */
export async function tasksFromTemplate(db: Db, actor: Actor, eventId: number, templateId: number): Promise<EventTasks> {
  const event = await managedEvent(db, actor, eventId);
  // A built-in's tasks in the user's language: its titles by key and place (a clinic's stay as written).
  const spanish = actor.language === "es" ? JSON.stringify(BUILT_IN_TASK_TITLES_ES) : "{}";
  const result = await db.execute<{ id: number }>(sql`
    insert into event_tasks (event_id, title, due_on, position)
    select e.id, coalesce(${spanish}::jsonb -> tpl.key ->> (item.ord - 1)::int, item.task ->> 'title'), (e.starts_at at time zone e.time_zone)::date - (item.task ->> 'daysBefore')::int,
      coalesce((select max(x.position) + 1 from event_tasks x where x.event_id = e.id), 0) + item.ord - 1
    from event_events e
    join event_checklist_templates tpl on tpl.id = ${templateId} and (tpl.clinic_id is null or tpl.clinic_id = e.clinic_id)
    cross join lateral jsonb_array_elements(tpl.tasks) with ordinality as item(task, ord)
    where e.id = ${event.id}
    returning id`);
  if (result.rows.length === 0) throw badRequest({ templateId: [PLANNING_MESSAGES.templateUnknown] });
  return listTasks(db, actor, eventId);
}

// ---------------------------------------------------------------- staff picker

/** The event's clinic's staff by name or email, for a task's owner: one statement, 404 unless the actor manages the event. */
export async function listStaff(
  db: Db,
  actor: Actor,
  eventId: number,
  query: { page: number; rowsPerPage: number; q?: string },
): Promise<Paged<EventStaffMember>> {
  const { limit, offset } = pageWindow(query);
  const search = query.q?.trim() ? containsPattern(query.q.trim()) : null;
  const result = await db.execute<{ id: string | null; name: string | null; email: string | null; total: string | null }>(sql`
    select m.id, m.name, m.email, m.total from (select e.clinic_id from event_events e where e.id = ${eventId} and ${managedBy(actor, sql`e.clinic_id`)}) ev
    left join lateral (
      select s.id, ${nameOf("s")} as name, s.email, count(*) over () as total from users s
      where ${staffOf(sql`ev.clinic_id`)}${search ? sql` and (${nameOf("s")} ilike ${search} or s.email ilike ${search})` : sql``}
      order by 2, s.id limit ${limit} offset ${offset}) m on true`);
  if (result.rows.length === 0) throw notFound();
  const data = result.rows.filter((row) => row.id !== null).map((row) => ({ id: row.id as string, name: row.name ?? "", email: row.email ?? "" }));
  return { data, page: query.page, total: Number(result.rows[0]?.total ?? 0) };
}
