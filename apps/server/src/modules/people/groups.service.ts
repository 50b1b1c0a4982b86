import {
  GROUP_IDS,
  GROUP_NAMES,
  type Group,
  type GroupId,
  type GroupsResponse,
  isPermissionAvailable,
  PERMISSIONS_BY_MODULE,
  type Permission,
} from "@clinic/shared";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { groupPermissions, permissions } from "../../db/schema.ts";
import { permissionIds } from "../../platform/bootstrap.ts";
import { badRequest } from "../../platform/errors.ts";

/**
 * The three groups of spec §6 and their grants. Permissions are read afresh for every request
 * (platform/access.ts `loadActor`), so a change applies to signed-in users at their next call.
 */

async function grantsOf(db: Db): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ groupId: groupPermissions.groupId, codename: permissions.codename })
    .from(groupPermissions)
    .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
    .orderBy(asc(permissions.codename));
  const byGroup = new Map<number, string[]>();
  for (const row of rows) byGroup.set(row.groupId, [...(byGroup.get(row.groupId) ?? []), row.codename]);
  return byGroup;
}

const groupOf = (id: GroupId, grants: Map<number, string[]>): Group => ({ id, name: GROUP_NAMES[id], permissions: grants.get(id) ?? [] });

export async function listGroups(db: Db): Promise<GroupsResponse> {
  const grants = await grantsOf(db);
  return {
    groups: GROUP_IDS.map((id) => groupOf(id, grants)),
    modules: Object.entries(PERMISSIONS_BY_MODULE).map(([module, codenames]) => ({ module, permissions: [...codenames] })),
  };
}

/** Replaces a group's grants with `codenames`, in one transaction; answers the group and what changed. */
export async function setGroupPermissions(
  db: Db,
  id: GroupId,
  codenames: readonly Permission[],
): Promise<{ group: Group; added: string[]; removed: string[] }> {
  const wanted = [...new Set(codenames)];
  const before = new Set((await grantsOf(db)).get(id) ?? []);
  // Nothing checks the codenames of a module not built yet: granting one would promise access
  // that does not exist. A grant held from before may stay (or go); it cannot be added.
  const unavailable = wanted.filter((codename) => !isPermissionAvailable(codename) && !before.has(codename));
  if (unavailable.length > 0) throw badRequest({ permissions: [`Not available yet (their module is not built): ${unavailable.sort().join(", ")}.`] });
  const ids = await permissionIds(db, wanted);
  await db.transaction(async (tx) => {
    await tx.delete(groupPermissions).where(eq(groupPermissions.groupId, id));
    if (ids.length > 0) await tx.insert(groupPermissions).values(ids.map((permissionId) => ({ groupId: id, permissionId })));
  });
  const group = groupOf(id, await grantsOf(db));
  return {
    group,
    added: wanted.filter((codename) => !before.has(codename)).sort(),
    removed: [...before].filter((codename) => !wanted.includes(codename as Permission)).sort(),
  };
}
