import {
  type ActiveBroadcast,
  BROADCAST_MESSAGES,
  type Broadcast,
  type BroadcastQuery,
  type BroadcastSeverity,
  type BroadcastState,
  type broadcastInputSchema,
  type Paged,
} from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { type Actor, clinicOf } from "../../platform/access.ts";
import { badRequest, conflict, type FieldErrors, notFound } from "../../platform/errors.ts";
import { pageWindow } from "../../platform/paging.ts";
import { sanitizeForEveryone } from "../../platform/rich-text.ts";
import { clinicsNamed } from "../people/clinics.service.ts";
import { broadcastDismissals, broadcasts } from "./broadcasts.table.ts";

type Input = z.output<typeof broadcastInputSchema>;
type Row = typeof broadcasts.$inferSelect;

/** A time against now, in SQL, for both the list's state and its filter. */
const STATE_SQL = sql<BroadcastState>`case when ${broadcasts.startsAt} > now() then 'scheduled' when ${broadcasts.endsAt} > now() then 'active' else 'ended' end`;
const STATE_FILTER: Record<BroadcastState, SQL> = {
  scheduled: sql`${broadcasts.startsAt} > now()`,
  active: sql`${broadcasts.startsAt} <= now() and ${broadcasts.endsAt} > now()`,
  ended: sql`${broadcasts.endsAt} <= now()`,
};

/** The input as stored, or a 400 naming each field (nothing is written). */
async function toStore(db: Db, input: Input) {
  const messageEn = sanitizeForEveryone(input.messageEn);
  const messageEs = sanitizeForEveryone(input.messageEs);
  const errors: FieldErrors = {};
  // Sanitising may leave nothing (a message that was only an image): the schema's rule again.
  if (messageEn === "" && messageEs === "") errors.messageEn = [BROADCAST_MESSAGES.noMessage];
  const clinics = input.clinics.map((id) => id.toLowerCase());
  const named = await clinicsNamed(db, clinics);
  if (clinics.some((id) => !named.has(id))) errors.clinics = [BROADCAST_MESSAGES.notAClinic];
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return {
    messageEn,
    messageEs,
    severity: input.severity,
    roles: input.roles,
    clinics,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    dismissible: input.dismissible,
  };
}

function answer(row: Row & { state: BroadcastState }, names: Map<string, string>): Broadcast {
  return {
    id: row.id,
    messageEn: row.messageEn,
    messageEs: row.messageEs,
    severity: row.severity as BroadcastSeverity,
    roles: row.roles as Broadcast["roles"],
    clinics: row.clinics.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    dismissible: row.dismissible,
    state: row.state,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function answerRows(db: Db, rows: (Row & { state: BroadcastState })[]): Promise<Broadcast[]> {
  const names = await clinicsNamed(db, [...new Set(rows.flatMap((row) => row.clinics))]);
  return rows.map((row) => answer(row, names));
}

/** Every banner for the admin app, newest start first, optionally in one state. */
export async function listBroadcasts(db: Db, query: BroadcastQuery): Promise<Paged<Broadcast>> {
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({ row: broadcasts, state: STATE_SQL, total: sql<number>`(count(*) over ())::int` })
    .from(broadcasts)
    .where(query.state ? STATE_FILTER[query.state] : undefined)
    .orderBy(sql`${broadcasts.startsAt} desc`, sql`${broadcasts.id} desc`)
    .limit(limit)
    .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [count] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(broadcasts)
      .where(query.state ? STATE_FILTER[query.state] : undefined);
    total = count?.total ?? 0;
  }
  return {
    data: await answerRows(
      db,
      rows.map(({ row, state }) => ({ ...row, state })),
    ),
    page: query.page,
    total,
  };
}

async function stated(db: Db, id: number): Promise<Broadcast> {
  const [found] = await db.select({ row: broadcasts, state: STATE_SQL }).from(broadcasts).where(sql`${broadcasts.id} = ${id}`);
  if (!found) throw notFound();
  const [one] = await answerRows(db, [{ ...found.row, state: found.state }]);
  return one as Broadcast;
}

export async function createBroadcast(db: Db, actor: Actor, input: Input): Promise<Broadcast> {
  const values = await toStore(db, input);
  const [row] = await db
    .insert(broadcasts)
    .values({ ...values, createdBy: actor.id })
    .returning({ id: broadcasts.id });
  return stated(db, (row as { id: number }).id);
}

export async function updateBroadcast(db: Db, id: number, input: Input): Promise<Broadcast> {
  const values = await toStore(db, input);
  const [row] = await db.update(broadcasts).set(values).where(sql`${broadcasts.id} = ${id}`).returning({ id: broadcasts.id });
  if (!row) throw notFound();
  return stated(db, id);
}

export async function deleteBroadcast(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(broadcasts).where(sql`${broadcasts.id} = ${id}`).returning({ id: broadcasts.id });
  if (!row) throw notFound();
}

/**
 * Whether a banner is for `actor` right now: started, not ended, the caller's role among its
 * roles (or none named) and the caller's clinic among its clinics (or none named). A clinic
 * account is its own clinic; admins have none, so a banner naming clinics skips them.
 */
function shownTo(actor: Actor): SQL {
  const clinic = clinicOf(actor);
  return sql`${broadcasts.startsAt} <= now() and ${broadcasts.endsAt} > now()
    and (cardinality(${broadcasts.roles}) = 0 or ${actor.role}::text = any(${broadcasts.roles}))
    and (cardinality(${broadcasts.clinics}) = 0 or ${clinic}::text = any(${broadcasts.clinics}))`;
}

/**
 * The banners the caller sees now, most severe first, in one statement: the time window
 * (broadcasts_window_idx), the audience, and minus those the caller dismissed (a banner made
 * non-dismissible since shows again: it now has to be read).
 */
export async function activeBroadcasts(db: Db, actor: Actor): Promise<ActiveBroadcast[]> {
  const rows = await db
    .select({
      id: broadcasts.id,
      messageEn: broadcasts.messageEn,
      messageEs: broadcasts.messageEs,
      severity: broadcasts.severity,
      dismissible: broadcasts.dismissible,
      endsAt: broadcasts.endsAt,
    })
    .from(broadcasts)
    .where(
      sql`${shownTo(actor)} and not (${broadcasts.dismissible} and exists (
        select 1 from ${broadcastDismissals} d where d.broadcast_id = ${broadcasts.id} and d.user_id = ${actor.id}))`,
    )
    .orderBy(
      sql`case ${broadcasts.severity} when 'critical' then 0 when 'warning' then 1 else 2 end`,
      sql`${broadcasts.startsAt} desc`,
      sql`${broadcasts.id} desc`,
    )
    .limit(10);
  return rows.map((row) => ({ ...row, severity: row.severity as BroadcastSeverity, endsAt: row.endsAt.toISOString() }));
}

/**
 * The caller dismisses a banner shown to them: 404 when it does not exist or is not for them
 * now, 409 when it is not dismissible. Dismissing twice is the same as once.
 */
export async function dismissBroadcast(db: Db, actor: Actor, id: number): Promise<void> {
  const [found] = await db
    .select({ dismissible: broadcasts.dismissible })
    .from(broadcasts)
    .where(sql`${broadcasts.id} = ${id} and ${shownTo(actor)}`);
  if (!found) throw notFound();
  if (!found.dismissible) throw conflict(BROADCAST_MESSAGES.notDismissible);
  await db.insert(broadcastDismissals).values({ broadcastId: id, userId: actor.id }).onConflictDoNothing();
}
