import type { Db } from "../../../db/client.ts";
import { assignedMemberships, memberships } from "./memberships.table.ts";

/** Plans the demo platform sells, and the demo clinic holding "Clinic" for a year from today. */
export async function seedDemoMemberships(db: Db, adminId: string, clinicId: string): Promise<void> {
  const plans = await db
    .insert(memberships)
    .values(
      [
        {
          plan: "Starter",
          description: "One therapist and up to 15 patients.",
          value: "29.00",
          valueAnnual: "290.00",
          valuePatient: "2.00",
          months: 1,
          nUsers: 1,
          nPatients: 15,
        },
        {
          plan: "Clinic",
          description: "A team of up to 5 therapists and 100 patients.",
          value: "99.00",
          valueAnnual: "990.00",
          valuePatient: "1.50",
          months: 1,
          nUsers: 5,
          nPatients: 100,
        },
        {
          plan: "Hospital",
          description: "Large teams, billed each quarter.",
          value: "390.00",
          valueAnnual: "1490.00",
          valuePatient: "1.00",
          months: 3,
          nUsers: 40,
          nPatients: 1000,
        },
        {
          plan: "Pilot (hidden)",
          description: "Free three-month pilot for partner clinics.",
          value: "0.00",
          valueAnnual: "0.00",
          valuePatient: "0.00",
          months: 3,
          nUsers: 2,
          nPatients: 20,
          public: false,
        },
      ].map((plan) => ({ ...plan, createdBy: adminId })),
    )
    .returning({ id: memberships.id, plan: memberships.plan });
  const clinicPlan = plans.find((plan) => plan.plan === "Clinic");
  if (!clinicPlan) return;
  const from = new Date();
  const to = new Date(from);
  to.setFullYear(to.getFullYear() + 1);
  await db.insert(assignedMemberships).values({
    membershipId: clinicPlan.id,
    userId: clinicId,
    fromDate: from.toLocaleDateString("en-CA"),
    toDate: to.toLocaleDateString("en-CA"),
    assignedBy: adminId,
  });
}
