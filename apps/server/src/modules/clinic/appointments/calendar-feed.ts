import { createHmac, timingSafeEqual } from "node:crypto";
import { isModuleBuilt, routeById, userId as userIdSchema } from "@clinic/shared";
import { and, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import { appointments, calendarFeeds } from "./appointments.table.ts";
import { type CalendarEvent, entryOf, feedIcs } from "./ical.ts";
import { HELD } from "./schedules.service.ts";
import { personName } from "./scope.ts";

/**
 * A private iCalendar feed per user, for calendar programs to subscribe to (they cannot sign
 * in). The address carries the user id and an HMAC of it with the feed's version, so nothing
 * secret is stored; "make a new address" bumps the version and every older address stops
 * working.
 */

const DAY = 86_400_000;
const FEED_PATH = "/api/calendar-feed/";

function signature(key: Buffer, userId: string, version: number): string {
  return createHmac("sha256", key).update(`${userId}:${version}`).digest("base64url").slice(0, 32);
}

async function versionOf(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ version: calendarFeeds.version }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row?.version ?? 0;
}

function urlOf(publicUrl: string, key: Buffer, userId: string, version: number): string {
  const token = `${Buffer.from(userId).toString("base64url")}.${signature(key, userId, version)}`;
  return new URL(`${FEED_PATH}${token}.ics`, publicUrl).toString();
}

export async function feedUrl(db: Db, key: Buffer, publicUrl: string, userId: string): Promise<string> {
  return urlOf(publicUrl, key, userId, await versionOf(db, userId));
}

export async function renewFeedUrl(db: Db, key: Buffer, publicUrl: string, userId: string): Promise<string> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, version: 1 })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { version: sql`${calendarFeeds.version} + 1`, updatedAt: new Date() } })
    .returning({ version: calendarFeeds.version });
  return urlOf(publicUrl, key, userId, row?.version ?? 1);
}

/** The user a feed token stands for, or null when it is forged, retired or the user is inactive. */
export async function userOfFeedToken(db: Db, key: Buffer, token: string): Promise<string | null> {
  const match = /^([A-Za-z0-9_-]{1,128})\.([A-Za-z0-9_-]{32})(\.ics)?$/.exec(token);
  if (!match) return null;
  const userId = Buffer.from(match[1] as string, "base64url").toString();
  // Any bytes decode: only a user id may reach a query (a NUL byte answered 400, not 404).
  if (!userIdSchema().safeParse(userId).success) return null;
  const given = Buffer.from(match[2] as string);
  const expected = Buffer.from(signature(key, userId, await versionOf(db, userId)));
  if (!timingSafeEqual(given, expected)) return null;
  const [user] = await db.select({ active: users.isActive }).from(users).where(eq(users.id, userId));
  return user?.active ? userId : null;
}

/**
 * The user's CRM meetings (issue 36.4) over the same span, while the CRM module is switched on
 * (its flag row; a module not built never is): the meeting's agent holds it, the client attends.
 */
async function crmMeetingsOf(db: Db, userId: string, from: Date, to: Date, context: { publicUrl: string }): Promise<CalendarEvent[]> {
  if (!isModuleBuilt("crm_manager")) return [];
  const result = await db.execute<{
    id: number;
    at: Date | string;
    minutes: number;
    sequence: number;
    subject: string;
    notes: string;
    client_name: string;
    client_email: string | null;
    client_phone: string;
    agent_name: string;
    agent_email: string;
  }>(sql`
    select a.id, a.at, a.duration_minutes as minutes, a.subject, a.notes,
      -- Each change moves it on, so calendar programs take the newer version.
      greatest(0, extract(epoch from a.updated_at - a.created_at))::int as sequence,
      coalesce(nullif(trim(c.first_name || ' ' || c.last_name), ''), c.organisation) as client_name, c.email as client_email, c.phone as client_phone,
      coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), u.email) as agent_name, u.email as agent_email
    from crm_activities a join crm_clients c on c.id = a.client_id join users u on u.id = a.agent_id
    where a.agent_id = ${userId} and a.kind = 'meeting' and a.at > ${from} and a.at < ${to}
      and exists (select 1 from feature_flags f where f.name = 'crm_manager' and f.enabled)
    order by a.at`);
  const host = new URL(context.publicUrl).hostname;
  const url = new URL(routeById("crmCallCenter").path, context.publicUrl).toString();
  return result.rows.map((row) => {
    const start = new Date(row.at);
    return {
      uid: `crm-meeting-${row.id}@${host}`,
      sequence: row.sequence,
      start,
      end: new Date(start.getTime() + row.minutes * 60_000),
      summary: `${row.subject || "Meeting"} (${row.client_name})`,
      description: [row.notes, row.client_phone, url].filter(Boolean).join("\n\n"),
      location: "",
      url,
      status: "confirmed",
      organizer: { name: row.agent_name, email: row.agent_email },
      attendees: row.client_email ? [{ name: row.client_name, email: row.client_email }] : [],
    };
  });
}

/**
 * The feed: the user's held appointments, as provider or patient, and their CRM meetings, from
 * three months back to a year ahead.
 */
export async function feedOf(db: Db, userId: string, context: { publicUrl: string; link: string }, now = Date.now()): Promise<string> {
  const provider = alias(users, "provider");
  const patient = alias(users, "patient");
  const rows = await db
    .select({
      row: appointments,
      providerName: personName(provider),
      providerEmail: provider.email,
      patientName: personName(patient),
      patientEmail: patient.email,
    })
    .from(appointments)
    .innerJoin(provider, eq(provider.id, appointments.providerId))
    .innerJoin(patient, eq(patient.id, appointments.patientId))
    .where(
      and(
        or(eq(appointments.providerId, userId), eq(appointments.patientId, userId)),
        inArray(appointments.status, [...HELD]),
        gt(appointments.startsAt, new Date(now - 90 * DAY)),
        lt(appointments.startsAt, new Date(now + 366 * DAY)),
      ),
    )
    .orderBy(appointments.startsAt);
  const entries = rows.map(({ row, ...people }) =>
    entryOf(row, { name: people.providerName, email: people.providerEmail }, { name: people.patientName, email: people.patientEmail }),
  );
  const meetings = await crmMeetingsOf(db, userId, new Date(now - 90 * DAY), new Date(now + 366 * DAY), context);
  return feedIcs(entries, new URL(context.publicUrl).hostname, context.link, "Therapy appointments", meetings);
}
