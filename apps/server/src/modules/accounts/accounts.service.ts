import type { FeatureFlags, Language, ThemeName, PageQuery, Paged, ProfileUpdate, SessionState, UserProfile, UserSummary } from "@clinic/shared";
import { and, asc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { groupPermissions, permissions, userGroups, userPermissions, users } from "../../db/schema.ts";
import { type Actor, userScope } from "../../platform/access.ts";
import { notFound } from "../../platform/errors.ts";
import { containsText, pageOf, pageWindow } from "../../platform/paging.ts";

/** The profile as the API shows it, from the actor loaded for this request (no further query). */
export function profileOf(actor: Actor): UserProfile {
  return {
    id: actor.id,
    email: actor.email,
    nombres: actor.nombres,
    apellidos: actor.apellidos,
    identification: actor.identification,
    language: actor.language as Language,
    theme: actor.theme as ThemeName,
    isAdmin: actor.isAdmin,
    is_active: actor.isActive,
    twoFactorEnabled: actor.twoFactorEnabled,
    clinicId: actor.clinicId,
    groups: actor.groups,
    permissions: [...actor.permissions].sort(),
  };
}

export function sessionState(actor: Actor, flags: FeatureFlags, orderData: SessionState["orderData"]): SessionState {
  const userData = profileOf(actor);
  return {
    userId: actor.id,
    isAuthenticated: true,
    isAdmin: actor.isAdmin,
    userData,
    permission: { is_patient: actor.permissions.has("is_patient"), codenames: userData.permissions },
    orderData,
    flags,
  };
}

export async function updateProfile(db: Db, actor: Actor, input: ProfileUpdate): Promise<UserProfile> {
  const [row] = await db
    .update(users)
    .set({ ...input, name: `${input.nombres} ${input.apellidos}`.trim() })
    .where(eq(users.id, actor.id))
    .returning({ nombres: users.nombres, apellidos: users.apellidos, identification: users.identification, language: users.language });
  if (!row) throw notFound();
  return profileOf({ ...actor, ...row });
}

export async function setLanguage(db: Db, userId: string, language: Language): Promise<{ language: Language }> {
  const [row] = await db.update(users).set({ language }).where(eq(users.id, userId)).returning({ language: users.language });
  if (!row) throw notFound();
  return { language: row.language as Language };
}

export async function setTheme(db: Db, userId: string, theme: ThemeName): Promise<{ theme: ThemeName }> {
  const [row] = await db.update(users).set({ theme }).where(eq(users.id, userId)).returning({ theme: users.theme });
  if (!row) throw notFound();
  return { theme: row.theme as ThemeName };
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
  if (query.q) conditions.push(or(containsText(users.email, query.q), containsText(users.nombres, query.q), containsText(users.apellidos, query.q)) as SQL);
  const where = and(...conditions);
  const { limit, offset } = pageWindow(query);
  const order = [asc(users.apellidos), asc(users.nombres), asc(users.id)];
  const page = await pageOf(
    db,
    actor,
    query,
    // The codename filters read grants and groups besides the users.
    { tables: [users, userGroups, userPermissions, groupPermissions, permissions], counted: db.select({ one: sql`1` }).from(users).where(where) },
    (pageTotal) =>
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
          pageTotal,
        })
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
  return { ...page, data: page.data.map((row) => ({ ...row, groups: row.groups.map(Number) })) };
}
