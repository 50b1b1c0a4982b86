import type { FeatureFlags, Language, PageQuery, Paged, ProfileUpdate, SessionState, UserProfile, UserSummary } from "@clinic/shared";
import { and, asc, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { type Actor, userScope } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { pageWindow, paged } from "../../platform/paging.ts";

const profileColumns = {
  id: users.id,
  email: users.email,
  nombres: users.nombres,
  apellidos: users.apellidos,
  identification: users.identification,
  language: users.language,
  isAdmin: users.isAdmin,
  is_active: users.isActive,
  twoFactorEnabled: users.twoFactorEnabled,
  clinicId: users.clinicId,
};

export async function getProfile(db: Db, actor: Actor): Promise<UserProfile> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, actor.id));
  if (!row) throw notFound();
  return { ...row, language: row.language as Language, groups: actor.groups, permissions: [...actor.permissions].sort() };
}

export async function sessionState(db: Db, actor: Actor, flags: FeatureFlags): Promise<SessionState> {
  const userData = await getProfile(db, actor);
  return {
    userId: actor.id,
    isAuthenticated: true,
    isAdmin: actor.isAdmin,
    userData,
    permission: { is_patient: actor.permissions.has("is_patient"), codenames: userData.permissions },
    // Paid clinic memberships arrive with the memberships issue; until then nobody has an activated order.
    orderData: { isActivated: false },
    flags,
  };
}

export async function updateProfile(db: Db, actor: Actor, input: ProfileUpdate): Promise<UserProfile> {
  await db
    .update(users)
    .set({ ...input, name: `${input.nombres} ${input.apellidos}`.trim() })
    .where(eq(users.id, actor.id));
  return getProfile(db, actor);
}

export async function setLanguage(db: Db, userId: string, language: Language): Promise<{ language: Language }> {
  const [row] = await db.update(users).set({ language }).where(eq(users.id, userId)).returning({ language: users.language });
  if (!row) throw notFound();
  return { language: row.language as Language };
}

/** Users in the actor's scope, filtered by holding one codename and not another (the agent selector). */
export async function searchUsers(
  db: Db,
  actor: Actor,
  query: PageQuery & { permission_codename_include?: string; permission_codename_exclude?: string; q?: string },
): Promise<Paged<UserSummary>> {
  const holds = (codename: string): SQL => sql`${users.id} in (
    select up.user_id from user_permissions up join permissions p on p.id = up.permission_id where p.codename = ${codename}
    union
    select ug.user_id from user_groups ug join group_permissions gp on gp.group_id = ug.group_id
      join permissions p on p.id = gp.permission_id where p.codename = ${codename})`;
  const conditions: SQL[] = [userScope(actor)];
  if (query.permission_codename_include) conditions.push(holds(query.permission_codename_include));
  if (query.permission_codename_exclude) conditions.push(sql`not ${holds(query.permission_codename_exclude)}`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, "\\$&")}%`;
    conditions.push(or(ilike(users.email, like), ilike(users.nombres, like), ilike(users.apellidos, like)) as SQL);
  }
  const where = and(...conditions);
  const { limit, offset } = pageWindow(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        nombres: users.nombres,
        apellidos: users.apellidos,
        isAdmin: users.isAdmin,
        groups: sql<
          number[]
        >`coalesce((select array_agg(ug.group_id order by ug.position, ug.group_id) from user_groups ug where ug.user_id = ${users.id}), '{}')`,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.apellidos), asc(users.nombres), asc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return paged(
    rows.map((row) => ({ ...row, groups: row.groups.map(Number) })),
    total,
    query,
  );
}
