import type { GroupId, Language, Permission } from "@clinic/shared";
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { accounts, careTeam, userGroups, userPermissions, users } from "../../db/schema.ts";
import { hashPassword } from "../../platform/auth.ts";
import { permissionIds } from "../../platform/bootstrap.ts";

export interface NewUser {
  email: string;
  /** Unset: no password yet; the user chooses one from an emailed invitation (people/invitations.ts). */
  password?: string;
  nombres: string;
  apellidos: string;
  identification?: string;
  language?: Language;
  isAdmin?: boolean;
  isActive?: boolean;
  groups?: GroupId[];
  permissions?: Permission[];
  clinicId?: string | null;
  therapistIds?: string[];
}

/** Creates a user with its password credential (when given), groups and grants, all or nothing. */
export async function createUser(db: Db, input: NewUser): Promise<string> {
  const digest = input.password === undefined ? null : await hashPassword(input.password);
  const grantIds = await permissionIds(db, input.permissions ?? []);
  return db.transaction((tx) => insertUser(tx, input, digest, grantIds));
}

/**
 * The inserts of `createUser`, inside the caller's transaction (`digest`: the hashed password,
 * or null for an account that has none yet). Answers the new user's id.
 */
export async function insertUser(tx: Db, input: NewUser, digest: string | null, grantIds: number[] = []): Promise<string> {
  const [id] = await insertUsers(tx, [input]);
  if (!id) throw new Error("No user inserted");
  if (digest !== null) {
    await tx.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: digest });
  }
  if (grantIds.length > 0) {
    await tx.insert(userPermissions).values(grantIds.map((permissionId) => ({ userId: id, permissionId })));
  }
  const therapistIds = input.therapistIds ?? [];
  if (therapistIds.length > 0) {
    await tx.insert(careTeam).values(therapistIds.map((therapistId) => ({ therapistId, patientId: id })));
  }
  return id;
}

/** Rows per multi-row INSERT: well under PostgreSQL's 65 535 parameters for the widest table here. */
const INSERT_CHUNK = 500;

/**
 * The user rows and their groups for many accounts without a password, a few statements per
 * 500 (a user import of thousands), inside the caller's transaction. Answers the ids in order.
 */
export async function insertUsers(tx: Db, inputs: readonly NewUser[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < inputs.length; start += INSERT_CHUNK) {
    const chunk = inputs.slice(start, start + INSERT_CHUNK).map((input) => ({ id: randomUUID(), input }));
    await tx.insert(users).values(
      chunk.map(({ id, input }) => ({
        id,
        email: input.email.toLowerCase(),
        name: `${input.nombres} ${input.apellidos}`.trim(),
        emailVerified: true,
        nombres: input.nombres,
        apellidos: input.apellidos,
        identification: input.identification ?? "",
        language: input.language ?? "en",
        isAdmin: input.isAdmin ?? false,
        isActive: input.isActive ?? true,
        clinicId: input.clinicId ?? null,
      })),
    );
    const groups = chunk.flatMap(({ id, input }) => (input.groups ?? []).map((groupId, position) => ({ userId: id, groupId, position })));
    if (groups.length > 0) await tx.insert(userGroups).values(groups);
    ids.push(...chunk.map(({ id }) => id));
  }
  return ids;
}
