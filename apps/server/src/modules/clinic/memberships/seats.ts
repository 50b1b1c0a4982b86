import { GROUP } from "@clinic/shared";
import { and, count, desc, eq, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { userGroups, users } from "../../../db/schema.ts";
import { conflict } from "../../../platform/errors.ts";
import { assignedMemberships, memberships } from "./memberships.table.ts";

export type Seat = "therapist" | "patient";

/** Today as YYYY-MM-DD (spec §9), in the server's calendar. */
export const today = (): string => new Date().toLocaleDateString("en-CA");

/**
 * The membership a clinic holds on `day`: the one whose period holds it, the latest started if
 * several. Only platform plans give seats: a clinic's own plans are held by its patients, and
 * the plan's owner is checked too so no such row could ever count as a clinic's seat source.
 * A patient's own membership (billing's overview) is read with `plans: "any"`.
 */
export async function activeMembership(db: Db, clinicId: string, day = today(), plans: "platform" | "any" = "platform") {
  const [row] = await db
    .select({ membership: memberships, assignment: assignedMemberships })
    .from(assignedMemberships)
    .innerJoin(memberships, eq(memberships.id, assignedMemberships.membershipId))
    .where(
      and(
        eq(assignedMemberships.userId, clinicId),
        plans === "platform" ? isNull(memberships.clinicId) : undefined,
        lte(assignedMemberships.fromDate, day),
        gte(assignedMemberships.toDate, day),
      ),
    )
    .orderBy(desc(assignedMemberships.fromDate), desc(assignedMemberships.id))
    .limit(1);
  return row ?? null;
}

/**
 * `activeMembership` as one JSON column of a bigger statement (billing's overview, the seats
 * card): the plan's and the period's fields the screens show, or null.
 */
export function activeMembershipSql(holderId: string, day: string, plans: "platform" | "any" = "platform"): SQL<HeldJson | null> {
  return sql<HeldJson | null>`(select json_build_object('membershipId', hm.id, 'plan', hm.plan, 'months', hm.months, 'nUsers', hm.n_users,
      'nPatients', hm.n_patients, 'assignmentId', ha.id, 'from', ha.from_date::text, 'to', ha.to_date::text)
    from assigned_memberships ha join memberships hm on hm.id = ha.membership_id
    where ha.user_id = ${holderId} ${plans === "platform" ? sql`and hm.clinic_id is null` : sql``}
      and ha.from_date <= ${day}::date and ha.to_date >= ${day}::date
    order by ha.from_date desc, ha.id desc limit 1)`;
}
export interface HeldJson {
  membershipId: number;
  plan: string;
  months: number;
  nUsers: number;
  nPatients: number;
  assignmentId: number;
  from: string;
  to: string;
}

/** `seatsInUse` as one column of a bigger statement. */
export function seatsInUseSql(clinicId: string, seat: Seat): SQL<number> {
  const group = seat === "therapist" ? GROUP.therapist : GROUP.patient;
  return sql<number>`(select count(*)::int from users su join user_groups sg on sg.user_id = su.id and sg.group_id = ${group}
    where su.clinic_id = ${clinicId} and su.is_active)`;
}

/** Active accounts of the clinic holding a seat of this kind (therapists: group 3, patients: group 1). */
export async function seatsInUse(db: Db, clinicId: string, seat: Seat): Promise<number> {
  const group = seat === "therapist" ? GROUP.therapist : GROUP.patient;
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .innerJoin(userGroups, and(eq(userGroups.userId, users.id), eq(userGroups.groupId, group)))
    .where(and(eq(users.clinicId, clinicId), eq(users.isActive, true)));
  return row?.total ?? 0;
}

/**
 * Refuses (409, with the limit) to add one more therapist or patient to a clinic beyond what
 * its membership gives (nUsers, nPatients), or when it holds none today. Call it inside the
 * transaction that adds (or reactivates) the account, after locking the clinic's row
 * (`select … for update` on users where id = clinicId), so two adds cannot both take the last seat.
 */
export async function assertSeatAvailable(db: Db, clinicId: string, seat: Seat): Promise<void> {
  const held = await activeMembership(db, clinicId);
  if (!held) throw conflict("This clinic has no active membership today, so it cannot add therapists or patients. An administrator can assign one.");
  const limit = seat === "therapist" ? held.membership.nUsers : held.membership.nPatients;
  const used = await seatsInUse(db, clinicId, seat);
  if (used >= limit) {
    const what = limit === 1 ? seat : `${seat}s`;
    const use = limit === 1 ? "it is in use" : `all ${limit} are in use`;
    throw conflict(`The clinic's membership "${held.membership.plan}" allows ${limit} ${what}, and ${use}.`);
  }
}
