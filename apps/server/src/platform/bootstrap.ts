import { DEFAULT_CUSTOM_GROUPS, DEFAULT_GROUP_PERMISSIONS, GROUP_IDS, GROUP_NAMES, PERMISSIONS, moduleOfPermission, permissionLabel } from "@clinic/shared";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { groupPermissions, groups, permissions } from "../db/schema.ts";

/**
 * Makes the groups and permission codenames of spec §6 exist as data. A codename new to
 * this database gets the default grants; grants an admin changed later are left alone.
 */
export async function syncPermissions(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(groups)
      .values(GROUP_IDS.map((id) => ({ id, name: GROUP_NAMES[id].en, nameEs: GROUP_NAMES[id].es, builtin: true })))
      .onConflictDoNothing();
    const created = await tx
      .insert(permissions)
      .values(PERMISSIONS.map((codename) => ({ codename, module: moduleOfPermission(codename), name: permissionLabel(codename) })))
      .onConflictDoNothing()
      .returning({ id: permissions.id, codename: permissions.codename });
    if (created.length === 0) return;
    const idOf = new Map(created.map((row) => [row.codename, row.id]));
    const grants = GROUP_IDS.flatMap((groupId) =>
      DEFAULT_GROUP_PERMISSIONS[groupId].filter((codename) => idOf.has(codename)).map((codename) => ({ groupId, permissionId: idOf.get(codename) as number })),
    );
    if (grants.length > 0) await tx.insert(groupPermissions).values(grants).onConflictDoNothing();
    // A custom group starts with its codenames when they are new here, as the built-in ones do.
    for (const group of DEFAULT_CUSTOM_GROUPS) {
      const fresh = group.permissions.filter((codename) => idOf.has(codename));
      if (fresh.length === 0) continue;
      const [row] = await tx
        .insert(groups)
        .values({ name: group.name.en, nameEs: group.name.es })
        .onConflictDoUpdate({ target: groups.name, set: { name: group.name.en } })
        .returning({ id: groups.id });
      await tx
        .insert(groupPermissions)
        .values(fresh.map((codename) => ({ groupId: row?.id as number, permissionId: idOf.get(codename) as number })))
        .onConflictDoNothing();
    }
  });
}

/** The ids of `codenames`; `db` may be a transaction. */
export async function permissionIds(db: Pick<Db, "select">, codenames: readonly string[]): Promise<number[]> {
  if (codenames.length === 0) return [];
  const rows = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.codename, [...codenames]));
  return rows.map((row) => row.id);
}
