import pg from "pg";
import { DEMO_ACCOUNTS } from "../src/demo-accounts.ts";

/**
 * Path placeholders that need no seeding: the demo patient's id (`{demoPatient}`), which the
 * audited read of one patient asks for (issue 34.1).
 */
export async function demoPlaceholders(databaseUrl: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ id: string }>("select id from users where email = $1", [DEMO_ACCOUNTS.patient.email]);
    const id = result.rows[0]?.id;
    if (!id) throw new Error(`the demo patient (${DEMO_ACCOUNTS.patient.email}) is not in the database`);
    return { demoPatient: id };
  } finally {
    await client.end();
  }
}
