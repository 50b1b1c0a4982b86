import {
  EMAIL_ALWAYS,
  EMAIL_BY_DEFAULT,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  type NotificationsQuery,
  notificationText,
  type Paged,
} from "@clinic/shared";
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { notFound } from "./errors.ts";
import type { JobQueue } from "./jobs.ts";
import { type Mailer, type OutgoingMail, queueMail } from "./mail.ts";
import { notifications, notificationSettings } from "./notifications.table.ts";
import { type PageTotal, pageOf } from "./paging.ts";
import { queuePushJobs } from "./push/push-delivery.ts";
import { pushSubscriptions } from "./push/push.table.ts";

/** The PostgreSQL channel every app node LISTENs on (realtime.ts): its payload is a JSON array of user ids. */
export const NOTIFICATION_CHANNEL = "notifications";
/** NOTIFY payloads stop at 8000 bytes: user ids (36 characters) go in batches well under it. */
const IDS_PER_NOTIFY = 100;

/** One event's notification, the same for every recipient but for the language it is written in. */
export interface NotificationEvent {
  kind: NotificationKind;
  /** Values of the kind's `{placeholders}`; `{sender}` is filled from `sentBy` when not given. */
  params?: Record<string, string>;
  /** A path of the app to open. */
  link?: string | null;
  /** The user who caused it; null (the system) when none. The sender is never notified of their own act. */
  sentBy?: string | null;
  /**
   * The module writes its own email for this event (appointments: with their calendar invite) and
   * filters it by `emailWanted`; no generic email is added.
   */
  ownEmail?: boolean;
}

/** The app's notifier (`app.notifier`): services call it inside the event's transaction. */
export interface Notifier {
  notify(tx: Db, recipients: readonly (string | null | undefined)[], event: NotificationEvent): Promise<void>;
}

export function createNotifier(deps: { mailer: Mailer; jobs: JobQueue }): Notifier {
  return { notify: (tx, recipients, event) => notify(tx, deps, recipients, event) };
}

const personName = sql<string>`coalesce(nullif(trim(${users.nombres} || ' ' || ${users.apellidos}), ''), ${users.email})`;
/** A recipient's push devices (subscription ids), in the recipients' statement: no round trip more for the many users with none. */
const pushDevicesOf = sql<number[]>`(select coalesce(array_agg(${pushSubscriptions.id} order by ${pushSubscriptions.id}), '{}')
  from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${users.id})`;

/** Tells every app node (realtime.ts) that these users' notifications changed; sent when the transaction commits, never if it rolls back. */
export async function announce(tx: Db, userIds: readonly string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  for (let start = 0; start < unique.length; start += IDS_PER_NOTIFY) {
    await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify(unique.slice(start, start + IDS_PER_NOTIFY))})`);
  }
}

const wantsEmail = (kind: NotificationKind, choices: Partial<Record<NotificationKind, boolean>> | null) =>
  EMAIL_ALWAYS.includes(kind) || (choices?.[kind] ?? EMAIL_BY_DEFAULT[kind]);

/** Of `userIds`, those who want `kind` by email (their choice, else the kind's default). */
export async function emailWanted(db: Db, userIds: readonly string[], kind: NotificationKind): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id, email: notificationSettings.email })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(inArray(users.id, [...userIds]));
  return new Set(rows.filter((row) => wantsEmail(kind, row.email)).map((row) => row.id));
}

/**
 * Writes `event`'s notification for each recipient inside the caller's transaction `tx`, each in
 * the recipient's language; queues the email of those who chose this kind by email (the mail
 * outbox, in the same transaction); and NOTIFYs the app nodes, which PostgreSQL delivers only
 * on commit. So a rolled-back event leaves no notification, no email and no live message.
 */
export async function notify(
  tx: Db,
  deps: { mailer: Mailer; jobs: JobQueue } | null,
  recipients: readonly (string | null | undefined)[],
  event: NotificationEvent,
): Promise<void> {
  const sentBy = event.sentBy ?? null;
  const wanted = [...new Set(recipients.filter((id): id is string => typeof id === "string" && id !== sentBy))];
  if (wanted.length === 0) return;
  const people = await tx
    .select({
      id: users.id,
      email: users.email,
      language: users.language,
      isActive: users.isActive,
      choices: notificationSettings.email,
      devices: pushDevicesOf,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(inArray(users.id, wanted));
  if (people.length === 0) return;
  const params = { ...event.params };
  if (sentBy && params.sender === undefined) {
    const [sender] = await tx.select({ name: personName }).from(users).where(eq(users.id, sentBy));
    params.sender = sender?.name ?? "";
  }
  const link = event.link ?? null;
  const rows = people.map((person) => ({ person, text: notificationText(event.kind, person.language, params) }));
  const written = await tx
    .insert(notifications)
    .values(rows.map(({ person, text }) => ({ userId: person.id, kind: event.kind, subject: text.subject, message: text.message, link, sentBy })))
    .returning({ id: notifications.id, userId: notifications.userId });
  if (deps) {
    // Web Push (issue 43.4): a kind the recipient takes by email also goes to each of their devices
    // (whoever writes the email: the module's own, too), tagged with the notification so repeats collapse.
    const idOf = new Map(written.map((row) => [row.userId, row.id]));
    await queuePushJobs(
      tx,
      deps.jobs,
      rows
        .filter(({ person }) => person.isActive && wantsEmail(event.kind, person.choices))
        .flatMap(({ person, text }) =>
          person.devices.map((subscriptionId) => ({
            subscriptionId,
            payload: { title: text.subject, body: text.message, link, tag: `${event.kind}:${idOf.get(person.id) ?? person.id}` },
          })),
        ),
    );
  }
  if (deps && !event.ownEmail) {
    const mails: OutgoingMail[] = rows
      .filter(({ person }) => person.isActive && person.email && wantsEmail(event.kind, person.choices))
      .map(({ person, text }) => ({
        to: person.email,
        userId: person.id,
        subject: text.subject,
        text: link ? `${text.message}\n\n${deps.mailer.link(link)}` : text.message,
        kind: `notice.${event.kind}`,
      }));
    if (mails.length > 0) await queueMail(tx, deps.mailer, deps.jobs, mails);
  }
  await announce(
    tx,
    people.map((person) => person.id),
  );
}

// ---------------------------------------------------------------- the user's own list

/**
 * The sender's name, a subquery of each row shown: PostgreSQL runs it after the page's sort and
 * limit, for ten rows, where a join would have read the sender of every row first.
 */
const senderName = sql<string>`(select coalesce(nullif(trim(sender.nombres || ' ' || sender.apellidos), ''), sender.email) from users sender where sender.id = notifications.sent_by)`;

function toNotification(row: typeof notifications.$inferSelect & { senderName: string | null }): Notification {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    message: row.message,
    link: row.link,
    sentBy: row.sentBy ? { id: row.sentBy, name: row.senderName ?? "" } : null,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

function selectOwn(db: Db, where: SQL | undefined, pageTotal: PageTotal = sql<null>`null`) {
  return db
    .select({
      pageTotal,
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      subject: notifications.subject,
      message: notifications.message,
      link: notifications.link,
      sentBy: notifications.sentBy,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      senderName,
    })
    .from(notifications)
    .where(where);
}

/** The user's notifications, newest first (`unread=true`: only those not read). */
export async function listNotifications(db: Db, userId: string, query: NotificationsQuery): Promise<Paged<Notification>> {
  const unread = query.unread === true;
  const where = and(eq(notifications.userId, sql.placeholder("user")), unread ? isNull(notifications.readAt) : undefined);
  // One statement, the total beside the rows, built once per shape (paging.ts). Not a kept
  // answer: notifications are written by many transactions (every notify, every read mark), and
  // a version row for the table would make each of them wait for the others' commits.
  const page = await pageOf(
    db,
    null,
    query,
    { tables: [notifications], counted: db.select({ one: sql`1` }).from(notifications).where(where) },
    (pageTotal, { limit, offset }) =>
      selectOwn(db, where, pageTotal).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit).offset(offset),
    { key: `notifications:${unread}`, values: { user: userId } },
  );
  return { data: page.data.map(toNotification), page: query.page, total: page.total };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** Unread counts of several users at once (realtime.ts, for the sockets of one NOTIFY). */
export async function unreadCounts(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: notifications.userId, unread: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, [...userIds]), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  for (const row of rows) counts.set(row.userId, row.unread);
  return counts;
}

/** Marks one of the user's notifications read (again: unchanged). Another user's is not found. */
export async function markRead(db: Db, userId: string, id: number): Promise<Notification> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const own = and(eq(notifications.id, id), eq(notifications.userId, userId));
    const changed = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(own, isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    const [row] = await selectOwn(tx, own);
    if (!row) throw notFound();
    // The user's other tabs and devices update their badge.
    if (changed.length > 0) await announce(tx, [userId]);
    return toNotification(row);
  });
}

export async function markAllRead(db: Db, userId: string): Promise<{ unread: number }> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const changed = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (changed.length > 0) await announce(tx, [userId]);
  });
  return { unread: 0 };
}

// ---------------------------------------------------------------- preferences

export async function getPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select({ email: notificationSettings.email }).from(notificationSettings).where(eq(notificationSettings.userId, userId));
  const email = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, wantsEmail(kind, row?.email ?? null)])) as Record<NotificationKind, boolean>;
  return { email };
}

/** Stores the kinds named (the others keep their previous choice or default). */
export async function setPreferences(db: Db, userId: string, update: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
  const choices = JSON.stringify(update.email);
  await db
    .insert(notificationSettings)
    .values({ userId, email: update.email })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { email: sql`${notificationSettings.email} || ${choices}::jsonb`, updatedAt: new Date() },
    });
  return getPreferences(db, userId);
}
