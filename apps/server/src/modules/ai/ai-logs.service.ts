import type { AiLogConversation, AiLogQuery, AiLogRow, AiUsage, AiUsageQuery, Paged } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { displayName } from "../../platform/display-name.ts";
import { notFound } from "../../platform/errors.ts";
import { pageWindow } from "../../platform/paging.ts";
import { scopeNamed } from "./ai-settings.service.ts";
import { MESSAGE_JSON, type MessageRow, messageView } from "./ai-views.ts";

/**
 * What the admins read of the assistant's use (issue 42.4): the conversations of a scope with the
 * feedback their answers got, one conversation in full, and the usage per day and per user with
 * token counts and estimated cost. Reading a conversation is reading a user's data: the route
 * audits it.
 */

const scopeFilter = (column: string, clinicId: string | null): SQL =>
  clinicId === null ? sql`${sql.raw(column)} is null` : sql`${sql.raw(column)} = ${clinicId}`;

type LogRow = {
  id: number;
  title: string;
  user_id: string;
  user_name: string;
  questions: number;
  up: number;
  down: number;
  updated_at: Date | string;
  total: number;
};

const logView = (row: LogRow): AiLogRow => ({
  id: row.id,
  title: row.title,
  userId: row.user_id,
  userName: row.user_name,
  questions: row.questions,
  up: row.up,
  down: row.down,
  updatedAt: new Date(row.updated_at).toISOString(),
});

const LOG_COLUMNS = sql`c.id, c.title, c.user_id, ${displayName("u")} as user_name, c.updated_at,
  (select count(*) filter (where m.role = 'user') from ai_messages m where m.conversation_id = c.id)::int as questions,
  (select count(*) filter (where m.feedback = 'up') from ai_messages m where m.conversation_id = c.id)::int as up,
  (select count(*) filter (where m.feedback = 'down') from ai_messages m where m.conversation_id = c.id)::int as down`;

/** One statement: the page and the total (a window count). */
export async function listLogs(db: Db, actor: Actor, query: AiLogQuery): Promise<Paged<AiLogRow>> {
  const scope = await scopeNamed(db, actor, query.clinic);
  const { limit, offset } = pageWindow(query);
  const rated = query.feedback ? sql`and exists (select 1 from ai_messages f where f.conversation_id = c.id and f.feedback = ${query.feedback})` : sql``;
  const { rows } = await db.execute<LogRow>(sql`
    select ${LOG_COLUMNS}, count(*) over ()::int as total
    from ai_conversations c join users u on u.id = c.user_id
    where ${scopeFilter("c.clinic_id", scope)} ${rated}
    order by c.updated_at desc, c.id desc limit ${limit} offset ${offset}`);
  return { data: rows.map(logView), page: query.page, total: rows[0]?.total ?? 0 };
}

export async function readLog(db: Db, id: number): Promise<AiLogConversation> {
  const { rows } = await db.execute<LogRow & { messages: MessageRow[] | null }>(sql`
    select ${LOG_COLUMNS}, 0 as total,
      (select json_agg(${sql.raw(MESSAGE_JSON)} order by m.id) from ai_messages m where m.conversation_id = c.id) as messages
    from ai_conversations c join users u on u.id = c.user_id where c.id = ${id}`);
  const row = rows[0];
  if (!row) throw notFound();
  return { ...logView(row), messages: (row.messages ?? []).map(messageView) };
}

export interface LogExportRow {
  at: string;
  user: string;
  conversation: string;
  role: string;
  content: string;
  mode: string;
  feedback: string;
  sources: string;
}

const EXPORT_ROWS = 50_000;

/** Every message of the scope's conversations, newest conversations first, for the export. */
export async function logExportRows(db: Db, actor: Actor, clinicId: string | undefined): Promise<LogExportRow[]> {
  const scope = await scopeNamed(db, actor, clinicId);
  const { rows } = await db.execute<{
    at: Date | string;
    user: string;
    conversation: string;
    role: string;
    content: string;
    mode: string | null;
    feedback: string | null;
    sources: { title: string }[] | null;
  }>(sql`
    select m.created_at as at, ${displayName("u")} as user, c.title as conversation, m.role, m.content, m.mode, m.feedback, m.sources
    from ai_conversations c join users u on u.id = c.user_id join ai_messages m on m.conversation_id = c.id
    where ${scopeFilter("c.clinic_id", scope)}
    order by c.updated_at desc, c.id desc, m.id limit ${EXPORT_ROWS}`);
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    user: row.user,
    conversation: row.conversation,
    role: row.role,
    content: row.content,
    mode: row.mode ?? "",
    feedback: row.feedback ?? "",
    sources: (row.sources ?? []).map((source) => source.title).join("; "),
  }));
}

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Usage per day and per user over [since, to] (default: the last 30 days), in one statement. */
export async function usageOf(db: Db, actor: Actor, query: AiUsageQuery): Promise<AiUsage> {
  const scope = await scopeNamed(db, actor, query.clinic);
  // One end alone: the other is 29 days away from it (the schema checks a range given whole).
  const to = query.to ?? (query.since ? isoDay(new Date(Date.parse(query.since) + 29 * DAY_MS)) : isoDay(new Date()));
  const since = query.since ?? isoDay(new Date(Date.parse(to) - 29 * DAY_MS));
  type Figures = { questions: number; tokens_in: number; tokens_out: number; cost: number };
  const { rows } = await db.execute<{ days: (Figures & { day: string })[] | null; users: (Figures & { user_id: string; user_name: string })[] | null }>(sql`
    with usage as (
      select * from ai_usage where ${scopeFilter("clinic_id", scope)}
        and created_at >= ${since}::date and created_at < ${to}::date + 1
    ), per_day as (
      select to_char(d.day, 'YYYY-MM-DD') as day, count(a.id)::int as questions, coalesce(sum(a.tokens_in), 0)::int as tokens_in,
        coalesce(sum(a.tokens_out), 0)::int as tokens_out, coalesce(sum(a.cost_millicents), 0)::float8 as cost
      from generate_series(${since}::date, ${to}::date, interval '1 day') d(day)
      left join usage a on a.created_at >= d.day and a.created_at < d.day + interval '1 day'
      group by d.day order by d.day
    ), per_user as (
      select a.user_id, ${displayName("u")} as user_name, count(*)::int as questions, sum(a.tokens_in)::int as tokens_in,
        sum(a.tokens_out)::int as tokens_out, sum(a.cost_millicents)::float8 as cost
      from usage a join users u on u.id = a.user_id group by a.user_id, u.nombres, u.apellidos, u.email order by count(*) desc limit 100
    )
    select (select json_agg(per_day) from per_day) as days, (select json_agg(per_user) from per_user) as users`);
  const figures = (row: Figures) => ({ questions: row.questions, tokensIn: row.tokens_in, tokensOut: row.tokens_out, costCents: row.cost / 1000 });
  const days = (rows[0]?.days ?? []).map((row) => ({ day: row.day, ...figures(row) }));
  const users = (rows[0]?.users ?? []).map((row) => ({ userId: row.user_id, userName: row.user_name, ...figures(row) }));
  const totals = days.reduce(
    (sum, day) => ({
      questions: sum.questions + day.questions,
      tokensIn: sum.tokensIn + day.tokensIn,
      tokensOut: sum.tokensOut + day.tokensOut,
      costCents: sum.costCents + day.costCents,
    }),
    { questions: 0, tokensIn: 0, tokensOut: 0, costCents: 0 },
  );
  return { since, to, days, users, totals };
}
