import { GROUP } from "@clinic/shared";
import { eq } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import { users } from "./db/schema.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { createUser } from "./modules/accounts/users.service.ts";
import { seedDemoCatalogue } from "./modules/clinic/catalogue-demo.ts";
import { seedDemoRecommendationAssignments } from "./modules/clinic/assignments/recommendation-assignments.demo.ts";
import { seedDemoSchedule } from "./modules/clinic/appointments/appointments-demo.ts";
import { seedDemoMemberships } from "./modules/clinic/memberships/memberships-demo.ts";
import { seedDemoBilling } from "./modules/clinic/billing/billing-demo.ts";
import { seedDemoForms } from "./modules/clinic/forms/forms-demo.ts";
import { seedDemoShop } from "./modules/shop/shop-demo.ts";
import { type BillingSettings, loadConfig } from "./config.ts";

export { DEMO_ACCOUNTS, type DemoRole } from "./demo-accounts.ts";

/** Creates the demo clinic once; answers false when it already exists. */
export async function seedDemo(db: Db, billing: BillingSettings = loadConfig({}).billing): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
  if (existing) {
    // A demo made before the shop existed gets its store once (issue 20.6).
    const [clinic] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.clinic.email));
    if (clinic) await seedDemoShop(db, { clinicId: clinic.id, adminId: existing.id }, { onlyIfNone: true });
    return false;
  }
  const a = DEMO_ACCOUNTS;
  const adminId = await createUser(db, { ...a.admin, nombres: "Alicia", apellidos: "Romero", isAdmin: true, identification: "ADM-0001" });
  const clinicId = await createUser(db, { ...a.clinic, nombres: "Clínica Vestibular", apellidos: "Norte", groups: [GROUP.clinic], identification: "CLI-0001" });
  const therapistId = await createUser(db, {
    ...a.therapist,
    nombres: "Tomás",
    apellidos: "Herrera",
    groups: [GROUP.therapist],
    clinicId,
    identification: "THE-0001",
  });
  const patientId = await createUser(db, {
    ...a.patient,
    nombres: "Pablo",
    apellidos: "Díaz",
    groups: [GROUP.patient],
    clinicId,
    therapistIds: [therapistId],
    identification: "PAT-0001",
  });
  const paulaId = await createUser(db, {
    ...a.patient2,
    nombres: "Paula",
    apellidos: "Méndez",
    groups: [GROUP.patient],
    clinicId,
    therapistIds: [therapistId],
    identification: "PAT-0002",
    language: "es",
  });
  await seedDemoCatalogue(db, adminId, clinicId);
  await seedDemoMemberships(db, adminId, clinicId);
  await seedDemoBilling(db, billing, { clinicId, adminId, patientId: paulaId });
  await seedDemoRecommendationAssignments(db, adminId, therapistId);
  await seedDemoSchedule(db, therapistId, clinicId);
  await seedDemoForms(db, { clinicId, therapistId, patientId, patient2Id: paulaId });
  await seedDemoShop(db, { clinicId, adminId });
  return true;
}
