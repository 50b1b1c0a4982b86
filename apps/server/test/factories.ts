import { GROUP } from "@clinic/shared";
import type { Db } from "../src/db/client.ts";
import { createUser, type NewUser } from "../src/modules/accounts/users.service.ts";
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
