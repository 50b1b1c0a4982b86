import {
  type Group,
  type GroupMember,
  type GroupNameInput,
  type GroupsResponse,
  isPermissionAvailable,
  type PageQuery,
  type Paged,
  PERMISSIONS_BY_MODULE,
  type Permission,
  roleOf,
} from "@clinic/shared";
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { groupPermissions, groups, permissions, userGroups, users } from "../../db/schema.ts";
import { permissionIds } from "../../platform/bootstrap.ts";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { containsText, pageOf, pageWindow } from "../../platform/paging.ts";
import { outerUserId } from "./people.service.ts";

/**
 * The groups screen (§2 `groups`): the three built-in groups of spec §6, which give the role,
 * and custom groups admins make to grant more codenames to chosen users. Permissions are read
 * afresh for every request (platform/access.ts `loadActor`, one statement over user_groups →
 * group_permissions), so every change here applies to members at their next call.
 *
 * Built-in groups keep their name and their members here: a built-in membership IS the user's
 * role, so it is given and changed where the user is made (people, user admin), never by this
 * screen; their grants can still be edited.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Reader = Db | Tx;

async function grantsOf(db: Reader, groupId?: number): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ groupId: groupPermissions.groupId, codename: permissions.codename })
    .from(groupPermissions)
    .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
    .where(groupId === undefined ? undefined : eq(groupPermissions.groupId, groupId))
    .orderBy(asc(permissions.codename));
  const byGroup = new Map<number, string[]>();
  for (const row of rows) byGroup.set(row.groupId, [...(byGroup.get(row.groupId) ?? []), row.codename]);
  return byGroup;
}

const groupColumns = {
  id: groups.id,
  en: groups.name,
  es: groups.nameEs,
  builtin: groups.builtin,
  memberCount: sql<number>`(select count(*)::int from user_groups ug where ug.group_id = ${groups.id})`,
};
type GroupRow = { id: number; en: string; es: string; builtin: boolean; memberCount: number };

const groupOf = (row: GroupRow, grants: Map<number, string[]>): Group => ({
  id: row.id,
  name: { en: row.en, es: row.es },
  builtin: row.builtin,
  memberCount: row.memberCount,
  permissions: grants.get(row.id) ?? [],
});

/** The group, or 404; `forUpdate` locks its row so a concurrent delete waits for the change. */
async function findGroup(db: Reader, id: number, forUpdate = false): Promise<GroupRow> {
  const query = db.select(groupColumns).from(groups).where(eq(groups.id, id));
  const [row] = forUpdate ? await query.for("update", { of: groups }) : await query;
  if (!row) throw notFound("No such group.");
  return row;
}

async function readGroup(db: Reader, id: number): Promise<Group> {
  return groupOf(await findGroup(db, id), await grantsOf(db, id));
}

function refuseBuiltin(group: GroupRow, what: string): void {
  if (group.builtin) throw conflict(`${group.en} is a built-in group: ${what}`);
}

export async function listGroups(db: Db): Promise<GroupsResponse> {
  const rows = await db.select(groupColumns).from(groups).orderBy(sql`${groups.builtin} desc`, asc(groups.id));
  const grants = await grantsOf(db);
  return {
    groups: rows.map((row) => groupOf(row, grants)),
    modules: Object.entries(PERMISSIONS_BY_MODULE).map(([module, codenames]) => ({ module, permissions: [...codenames] })),
  };
}

/** Names are unique in each language, whatever their case: two groups called alike could not be told apart. */
async function assertNameFree(db: Reader, name: GroupNameInput["name"], except?: number): Promise<void> {
  const taken = await db
    .select({ en: groups.name, es: groups.nameEs })
    .from(groups)
    .where(
      and(
        or(sql`lower(${groups.name}) = lower(${name.en})`, sql`lower(${groups.nameEs}) = lower(${name.es})`),
        except ? sql`${groups.id} <> ${except}` : undefined,
      ),
    );
  const errors: Record<string, string[]> = {};
  if (taken.some((row) => row.en.toLowerCase() === name.en.toLowerCase())) errors["name.en"] = ["A group with this name already exists."];
  if (taken.some((row) => row.es.toLowerCase() === name.es.toLowerCase())) errors["name.es"] = ["A group with this name already exists."];
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

/** Two admins naming groups alike at once: the unique index decides, answered like the check above. */
function nameTaken(error: unknown): never {
  if (isUniqueViolation(error, "groups_name_es")) throw badRequest({ "name.es": ["A group with this name already exists."] });
  if (isUniqueViolation(error, "groups_name")) throw badRequest({ "name.en": ["A group with this name already exists."] });
  throw error;
}

export async function createGroup(db: Db, input: GroupNameInput): Promise<Group> {
  await assertNameFree(db, input.name);
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx.insert(groups).values({ name: input.name.en, nameEs: input.name.es, builtin: false }).returning({ id: groups.id });
      return (row as { id: number }).id;
    })
    .catch(nameTaken);
  return readGroup(db, id);
}

export async function renameGroup(db: Db, id: number, input: GroupNameInput): Promise<{ group: Group; before: GroupNameInput["name"] }> {
  const before = await db
    .transaction(async (tx) => {
      const group = await findGroup(tx, id, true);
      refuseBuiltin(group, "its name is fixed.");
      await assertNameFree(tx, input.name, id);
      await tx.update(groups).set({ name: input.name.en, nameEs: input.name.es, updatedAt: new Date() }).where(eq(groups.id, id));
      return { en: group.en, es: group.es };
    })
    .catch(nameTaken);
  return { group: await readGroup(db, id), before };
}

/** Deletes a custom group: its members lose its grants at their next request (user_groups and grants cascade). */
export async function deleteGroup(db: Db, id: number): Promise<{ name: string; members: number; permissions: string[] }> {
  return db.transaction(async (tx) => {
    const group = await findGroup(tx, id, true);
    refuseBuiltin(group, "it cannot be deleted.");
    const held = (await grantsOf(tx, id)).get(id) ?? [];
    await tx.delete(groups).where(eq(groups.id, id));
    return { name: group.en, members: group.memberCount, permissions: held };
  });
}

/** Replaces a group's grants with `codenames`, in one transaction; answers the group and what changed. */
export async function setGroupPermissions(db: Db, id: number, codenames: readonly Permission[]): Promise<{ group: Group; added: string[]; removed: string[] }> {
  const wanted = [...new Set(codenames)];
  const { added, removed } = await db.transaction(async (tx) => {
    await findGroup(tx, id, true);
    const before = new Set((await grantsOf(tx, id)).get(id) ?? []);
    // Nothing checks the codenames of a module not built yet: granting one would promise access
    // that does not exist. A grant held from before may stay (or go); it cannot be added.
    const unavailable = wanted.filter((codename) => !isPermissionAvailable(codename) && !before.has(codename));
    if (unavailable.length > 0) throw badRequest({ permissions: [`Not available yet (their module is not built): ${unavailable.sort().join(", ")}.`] });
    const ids = await permissionIds(tx, wanted);
    await tx.delete(groupPermissions).where(eq(groupPermissions.groupId, id));
    if (ids.length > 0) await tx.insert(groupPermissions).values(ids.map((permissionId) => ({ groupId: id, permissionId })));
    return {
      added: wanted.filter((codename) => !before.has(codename)).sort(),
      removed: [...before].filter((codename) => !wanted.includes(codename as Permission)).sort(),
    };
  });
  return { group: await readGroup(db, id), added, removed };
}

const memberGroups = sql<
  number[]
>`coalesce((select array_agg(g.group_id order by g.position, g.group_id) from user_groups g where g.user_id = ${outerUserId}), '{}')`;

/** A group's members, by surname; `q` searches names and email. */
export async function listMembers(db: Db, id: number, query: PageQuery & { q?: string }): Promise<Paged<GroupMember>> {
  await findGroup(db, id);
  const where = and(
    sql`exists (select 1 from user_groups m where m.user_id = ${outerUserId} and m.group_id = ${id})`,
    query.q ? or(containsText(users.name, query.q), containsText(users.email, query.q)) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const order = [asc(users.apellidos), asc(users.nombres), asc(users.id)];
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
        .select({ ...memberColumns, pageTotal })
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
  return { ...page, data: page.data.map(toMember) };
}

/**
 * Adds a user to a custom group, after every group they hold: the first (built-in) group still
 * gives the role. 400 on `userId` for no such user, 409 when already a member.
 */
export async function addMember(db: Db, id: number, userId: string): Promise<GroupMember> {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, id, true);
    refuseBuiltin(group, "its members are given their role where their account is managed.");
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw badRequest({ userId: ["No such user."] });
    const inserted = await tx.execute(sql`
      insert into user_groups (user_id, group_id, position)
      select ${userId}, ${id}, coalesce(max(position), 0) + 1 from user_groups where user_id = ${userId}
      on conflict do nothing`);
    if (inserted.rowCount === 0) throw conflict("The user is already a member of this group.");
  });
  return memberOf(db, userId);
}

/** A member as the screen lists them: who, and the role their first built-in group gives. */
const memberColumns = {
  id: users.id,
  email: users.email,
  nombres: users.nombres,
  apellidos: users.apellidos,
  isActive: users.isActive,
  isAdmin: users.isAdmin,
  groups: memberGroups,
};

function toMember({
  isAdmin,
  groups: held,
  ...row
}: {
  id: string;
  email: string;
  nombres: string;
  apellidos: string;
  isActive: boolean;
  isAdmin: boolean;
  groups: unknown[];
}): GroupMember {
  return { ...row, role: roleOf({ isAdmin, groups: held.map(Number) }) };
}

async function memberOf(db: Db, userId: string): Promise<GroupMember> {
  const [row] = await db.select(memberColumns).from(users).where(eq(users.id, userId));
  if (!row) throw notFound();
  return toMember(row);
}

/** Takes a user out of a custom group: its grants stop at their next request. 404 when not a member. */
export async function removeMember(db: Db, id: number, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, id, true);
    refuseBuiltin(group, "its members keep their role; change it where their account is managed.");
    const removed = await tx
      .delete(userGroups)
      .where(and(eq(userGroups.groupId, id), eq(userGroups.userId, userId)))
      .returning({ userId: userGroups.userId });
    if (removed.length === 0) throw notFound("The user is not a member of this group.");
  });
}
