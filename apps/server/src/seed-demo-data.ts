import { GROUP } from "@clinic/shared";
import { eq } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import { users } from "./db/schema.ts";
import { createUser } from "./modules/accounts/users.service.ts";

/** The demo accounts README.md lists; kept in one place so tests sign in with the same. */
export const DEMO_ACCOUNTS = {
  admin: { email: "admin@example.com", password: "Admin-demo-2026" },
  clinic: { email: "clinic@example.com", password: "Clinic-demo-2026" },
  therapist: { email: "therapist@example.com", password: "Therapist-demo-2026" },
  patient: { email: "patient1@example.com", password: "Patient-demo-2026" },
  patient2: { email: "patient2@example.com", password: "Patient-demo-2026" },
} as const;
export type DemoRole = keyof typeof DEMO_ACCOUNTS;

/** Creates the demo clinic once; answers false when it already exists. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
  if (existing) return false;
  const a = DEMO_ACCOUNTS;
  await createUser(db, { ...a.admin, nombres: "Alicia", apellidos: "Romero", isAdmin: true, identification: "ADM-0001" });
  const clinicId = await createUser(db, { ...a.clinic, nombres: "Clínica Vestibular", apellidos: "Norte", groups: [GROUP.clinic], identification: "CLI-0001", language: "es" });
  const therapistId = await createUser(db, { ...a.therapist, nombres: "Tomás", apellidos: "Herrera", groups: [GROUP.therapist], clinicId, identification: "THE-0001" });
  await createUser(db, { ...a.patient, nombres: "Pablo", apellidos: "Díaz", groups: [GROUP.patient], clinicId, therapistIds: [therapistId], identification: "PAT-0001" });
  await createUser(db, { ...a.patient2, nombres: "Paula", apellidos: "Méndez", groups: [GROUP.patient], clinicId, therapistIds: [therapistId], identification: "PAT-0002", language: "es" });
  return true;
}
