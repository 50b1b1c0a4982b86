import { GROUP, type GroupId, type PageQuery, type Paged, type Role, roleOf, type UserAdminRow } from "@clinic/shared";
import { and, asc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { userGroups, users } from "../../db/schema.ts";
import { containsText, pageOf, pageWindow } from "../../platform/paging.ts";
import { clinicNameOf, hasRole, outerUserId, personColumns, personRow } from "./people.service.ts";

/** Every account, for administrators (/user/admin): search, role, clinic and state filters. */

const GROUP_OF_ROLE: Record<Exclude<Role, "admin">, GroupId> = { clinic: GROUP.clinic, therapist: GROUP.therapist, patient: GROUP.patient };

const columns = {
  ...personColumns,
  isAdmin: users.isAdmin,
  clinicId: users.clinicId,
  clinicName: clinicNameOf,
  groups: sql<
    number[]
  >`coalesce((select array_agg(ug.group_id order by ug.position, ug.group_id) from user_groups ug where ug.user_id = ${outerUserId}), '{}')`,
};

export async function listUsers(db: Db, query: PageQuery & { q?: string; role?: Role; clinic?: string; active?: boolean }): Promise<Paged<UserAdminRow>> {
  const conditions: (SQL | undefined)[] = [];
  if (query.role) conditions.push(query.role === "admin" ? eq(users.isAdmin, true) : hasRole(GROUP_OF_ROLE[query.role]));
  // A clinic's people, and the clinic account itself.
  if (query.clinic) conditions.push(or(eq(users.id, query.clinic), eq(users.clinicId, query.clinic)));
  if (query.active !== undefined) conditions.push(eq(users.isActive, query.active));
  if (query.q) {
    conditions.push(or(containsText(users.name, query.q), containsText(users.email, query.q), containsText(users.identification, query.q)));
  }
  const where = and(...conditions);
  const { limit, offset } = pageWindow(query);
  const order = [asc(users.name), asc(users.id)];
  const page = await pageOf(
    db,
    null,
    query,
    {
      tables: [users, userGroups],
      counted: db
        .select({ one: sql`1` })
        .from(users)
        .where(where)
        .orderBy(...order),
    },
    (pageTotal) =>
      db
        .select({ ...columns, pageTotal })
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
  return { ...page, data: page.data.map(({ isAdmin, groups, ...row }) => ({ ...personRow(row), role: roleOf({ isAdmin, groups: groups.map(Number) }) })) };
}
