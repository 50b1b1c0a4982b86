import pg from "pg";
import { DEMO_ACCOUNTS } from "../src/demo-accounts.ts";

/**
 * Path placeholders that need no seeding: the demo patient's id (`{demoPatient}`), which the
 * audited read of one patient asks for (issue 34.1), and the demo booking app's first visit with
 * the week from tomorrow (`{bookingVariation}`, `{bookingFrom}`, `{bookingTo}`), whose free starts
 * its public page asks for (issue 35), and one of the demo patient's active assignments
 * (`{demoAssignment}`), which the patient's offline actions change (issue 43).
 */
export async function demoPlaceholders(databaseUrl: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ id: string }>("select id from users where email = $1", [DEMO_ACCOUNTS.patient.email]);
    const id = result.rows[0]?.id;
    if (!id) throw new Error(`the demo patient (${DEMO_ACCOUNTS.patient.email}) is not in the database`);
    const variation = await client.query<{ id: number }>(
      "select v.id from booking_variations v join booking_services s on s.id = v.service_id where s.slug = 'vestibular-assessment' order by v.position limit 1",
    );
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Madrid" });
    const booking: Record<string, string> = variation.rows[0] ? { bookingVariation: String(variation.rows[0].id), bookingFrom: day(1), bookingTo: day(7) } : {};
    // One of the demo patient's active assignments, for the offline actions' rows (issue 43).
    const assignment = await client.query<{ id: number }>(
      "select id from assigned_activities where patient_id = $1 and activate order by date desc, id desc limit 1",
      [id],
    );
    const offline: Record<string, string> = assignment.rows[0] ? { demoAssignment: String(assignment.rows[0].id) } : {};
    return { demoPatient: id, ...booking, ...offline };
  } finally {
    await client.end();
  }
}
