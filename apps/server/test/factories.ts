import { GROUP } from "@clinic/shared";
import type { Db } from "../src/db/client.ts";
import { createUser, type NewUser } from "../src/modules/accounts/users.service.ts";
import { activities, activityCategories, activityRecommendations } from "../src/modules/clinic/activities/activities.table.ts";
import { assignedActivities, assignedRecommendations } from "../src/modules/clinic/assignments/assignments.table.ts";
import { categories } from "../src/modules/clinic/categories/categories.table.ts";
import { assignedMemberships, memberships } from "../src/modules/clinic/memberships/memberships.table.ts";
import { recommendations } from "../src/modules/clinic/recommendations/recommendations.table.ts";
import { uniqueSuffix } from "./databases.ts";

/** The password of every user the factories make. */
export const TEST_PASSWORD = "Test-password-2026";

export interface MadeUser {
  id: string;
  email: string;
  password: string;
}

/** Any user; unset fields get unique or neutral values. */
export async function makeUser(db: Db, input: Partial<NewUser> = {}): Promise<MadeUser> {
  const email = input.email ?? `user-${uniqueSuffix()}@test.example`;
  const password = input.password ?? TEST_PASSWORD;
  const id = await createUser(db, { nombres: "Test", apellidos: "User", ...input, email, password });
  return { id, email: email.toLowerCase(), password };
}

export function makeClinicAccount(db: Db, input: Partial<NewUser> = {}): Promise<MadeUser> {
  return makeUser(db, { nombres: "Clinic", apellidos: uniqueSuffix(), groups: [GROUP.clinic], ...input });
}

export function makeTherapist(db: Db, clinicId: string, input: Partial<NewUser> = {}): Promise<MadeUser> {
  return makeUser(db, { nombres: "Therapist", apellidos: uniqueSuffix(), groups: [GROUP.therapist], clinicId, ...input });
}

/** A patient of `clinicId`, in the care team of `therapistIds` (none: no therapist treats them). */
export function makePatient(db: Db, clinicId: string, therapistIds: string[] = [], input: Partial<NewUser> = {}): Promise<MadeUser> {
  return makeUser(db, { nombres: "Patient", apellidos: uniqueSuffix(), groups: [GROUP.patient], clinicId, therapistIds, ...input });
}

export interface MadeClinic {
  clinic: MadeUser;
  therapist: MadeUser;
  patient: MadeUser;
}

/** Another clinic with its own therapist and a patient in that therapist's care: for other-clinic refusals. */
export async function makeClinic(db: Db): Promise<MadeClinic> {
  const clinic = await makeClinicAccount(db);
  const therapist = await makeTherapist(db, clinic.id);
  const patient = await makePatient(db, clinic.id, [therapist.id]);
  return { clinic, therapist, patient };
}

export interface CatalogueRowInput {
  name?: string;
  description?: string;
  /** The owning clinic account's id; null (the default) for a platform row. */
  clinicId?: string | null;
  createdBy?: string | null;
}

/** A category inserted straight into the table (no API call); unset fields get unique or neutral values. */
export async function makeCategory(db: Db, input: CatalogueRowInput = {}): Promise<typeof categories.$inferSelect> {
  const [row] = await db
    .insert(categories)
    .values({
      name: input.name ?? `Category ${uniqueSuffix()}`,
      description: input.description ?? "A test category.",
      clinicId: input.clinicId ?? null,
      createdBy: input.createdBy ?? null,
    })
    .returning();
  if (!row) throw new Error("No category inserted");
  return row;
}

/** A recommendation inserted straight into the table, optionally filed under `categoryId`. */
export async function makeRecommendation(db: Db, input: CatalogueRowInput & { categoryId?: number | null } = {}): Promise<typeof recommendations.$inferSelect> {
  const [row] = await db
    .insert(recommendations)
    .values({
      name: input.name ?? `Recommendation ${uniqueSuffix()}`,
      description: input.description ?? "A test recommendation.",
      categoryId: input.categoryId ?? null,
      clinicId: input.clinicId ?? null,
      createdBy: input.createdBy ?? null,
    })
    .returning();
  if (!row) throw new Error("No recommendation inserted");
  return row;
}

export interface ActivityRowInput extends CatalogueRowInput {
  /** "text" by default, with a body; a game gets a build id. Videos need a file row: pass `fileId`. */
  type?: "game" | "video" | "text";
  fileId?: number | null;
  gameBuildId?: string | null;
  body?: string | null;
  categoryIds?: number[];
  recommendationIds?: number[];
}

/** An activity inserted straight into the tables (no API call), linked to `categoryIds` and `recommendationIds`. */
export async function makeActivity(db: Db, input: ActivityRowInput = {}): Promise<typeof activities.$inferSelect> {
  const type = input.type ?? "text";
  const [row] = await db
    .insert(activities)
    .values({
      name: input.name ?? `Activity ${uniqueSuffix()}`,
      description: input.description ?? "A test activity.",
      type,
      fileId: input.fileId ?? null,
      gameBuildId: input.gameBuildId !== undefined ? input.gameBuildId : type === "game" ? "test-game" : null,
      body: input.body !== undefined ? input.body : type === "text" ? "Read this." : null,
      clinicId: input.clinicId ?? null,
      createdBy: input.createdBy ?? null,
    })
    .returning();
  if (!row) throw new Error("No activity inserted");
  const activityId = row.id;
  if (input.categoryIds?.length) await db.insert(activityCategories).values(input.categoryIds.map((categoryId) => ({ activityId, categoryId })));
  if (input.recommendationIds?.length)
    await db.insert(activityRecommendations).values(input.recommendationIds.map((recommendationId) => ({ activityId, recommendationId })));
  return row;
}

/** A membership plan; unset fields get a plan with room for 5 therapists and 50 patients. */
export async function makeMembership(db: Db, input: Partial<typeof memberships.$inferInsert> = {}): Promise<typeof memberships.$inferSelect> {
  const [row] = await db
    .insert(memberships)
    .values({
      plan: `Plan ${uniqueSuffix()}`,
      description: "A plan for tests.",
      value: "49.90",
      valueAnnual: "499.00",
      valuePatient: "2.50",
      months: 1,
      nUsers: 5,
      nPatients: 50,
      public: true,
      ...input,
    })
    .returning();
  return row as typeof memberships.$inferSelect;
}

/** `clinicId` holds `membershipId` (a new generous plan when unset) from a year ago to a year ahead unless dates are given. */
export async function holdMembership(
  db: Db,
  clinicId: string,
  input: { membershipId?: number; fromDate?: string; toDate?: string } = {},
): Promise<typeof assignedMemberships.$inferSelect> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA");
  const membershipId = input.membershipId ?? (await makeMembership(db)).id;
  const [row] = await db
    .insert(assignedMemberships)
    .values({ membershipId, userId: clinicId, fromDate: input.fromDate ?? day(-365), toDate: input.toDate ?? day(365) })
    .returning();
  return row as typeof assignedMemberships.$inferSelect;
}

/** An activity assigned to a patient (today, 15 minutes, unless given). */
export async function assignActivity(
  db: Db,
  input: Partial<typeof assignedActivities.$inferInsert> & { activityId: number; patientId: string },
): Promise<typeof assignedActivities.$inferSelect> {
  const [row] = await db
    .insert(assignedActivities)
    .values({ date: new Date().toLocaleDateString("en-CA"), duration: 15, ...input })
    .returning();
  return row as typeof assignedActivities.$inferSelect;
}

/** A recommendation given to a patient. */
export async function assignRecommendation(
  db: Db,
  input: { recommendationId: number; patientId: string; assignedBy?: string | null },
): Promise<typeof assignedRecommendations.$inferSelect> {
  const [row] = await db.insert(assignedRecommendations).values(input).returning();
  return row as typeof assignedRecommendations.$inferSelect;
}
