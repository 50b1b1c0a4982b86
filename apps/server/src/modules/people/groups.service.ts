import { GROUP_IDS, GROUP_NAMES, type Group, type GroupId, type GroupsResponse, PERMISSIONS_BY_MODULE, type Permission } from "@clinic/shared";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { groupPermissions, permissions } from "../../db/schema.ts";
import { permissionIds } from "../../platform/bootstrap.ts";

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
