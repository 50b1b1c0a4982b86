// The people of the soak (`npm run bench -- --soak`): therapists and patients of the demo clinic
// beyond the demo's few accounts, each patient in one soak therapist's care and holding a couple
// of game assignments to play from the first minute. Made once, by a handful of SQL statements:
// the passwords are the demo accounts' argon2 hashes, copied, so nothing is hashed per user.
import pg from "pg";
import { GROUP } from "@clinic/shared";
import { DEMO_ACCOUNTS } from "../src/demo-accounts.ts";

export interface SoakPerson {
  id: string;
  email: string;
  password: string;
}

export interface SoakPeople {
  therapists: SoakPerson[];
  /** Each patient's therapist is `therapists[patientIndex % therapists.length]`. */
  patients: SoakPerson[];
  /** The shared game activities staff assign, with the build a patient's player runs. */
  games: { activityId: number; buildId: string }[];
  /** The demo store, and the variants patients buy (ample stock: seedShop's checkout items). */
  storeId: number;
}

/**
 * Adds `therapistCount` therapists and `patientCount` patients to the demo clinic, each patient
 * holding `gamesPerPatient` game assignments not yet played (a game is played once: a second
 * result for the same assignment is refused).
 */
export async function seedSoakPeople(url: string, therapistCount: number, patientCount: number, gamesPerPatient: number): Promise<SoakPeople> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<T> => {
      const row = (await client.query<T>(text, values)).rows[0];
      if (!row) throw new Error(`nothing found by: ${text}`);
      return row;
    };
    const { id: clinicId } = await one<{ id: string }>("select id from users where email = $1", [DEMO_ACCOUNTS.clinic.email]);
    const { id: storeId } = await one<{ id: number }>("select id from shop_stores where clinic_id = $1 order by id limit 1", [clinicId]);
    const games = (
      await client.query<{ activityId: number; buildId: string }>(
        `select id as "activityId", game_build_id as "buildId" from activities
         where type = 'game' and game_build_id is not null and (clinic_id is null or clinic_id = $1) order by id`,
        [clinicId],
      )
    ).rows;
    if (games.length === 0) throw new Error("the demo has no game activity to assign");

    await client.query("begin");
    // Users of a group with the password of a demo account of that group; a rerun finds them there.
    const addPeople = async (prefix: string, count: number, group: number, passwordOf: string) => {
      await client.query(
        `with wanted as (
           select n, $1 || '-' || n || '@example.com' as email from generate_series(1, $2::int) n
         ), made as (
           insert into users (id, name, email, nombres, apellidos, clinic_id, is_active, email_verified, language)
           select gen_random_uuid()::text, 'Soak ' || $1 || ' ' || n, email, 'Soak', $1 || ' ' || n, $3, true, true, 'en' from wanted
           on conflict do nothing returning id
         ), grouped as (
           insert into user_groups (user_id, group_id, position) select id, $4, 0 from made
         )
         insert into accounts (id, account_id, provider_id, user_id, password)
         select gen_random_uuid()::text, made.id, 'credential', made.id, a.password
         from made, accounts a join users u on u.id = a.user_id where u.email = $5 and a.provider_id = 'credential'`,
        [prefix, count, clinicId, group, passwordOf],
      );
      const rows = await client.query<{ id: string; email: string }>(
        `select u.id, u.email from generate_series(1, $2::int) n join users u on u.email = $1 || '-' || n || '@example.com' order by n`,
        [prefix, count],
      );
      return rows.rows;
    };
    const therapists = await addPeople("soak-therapist", therapistCount, GROUP.therapist, DEMO_ACCOUNTS.therapist.email);
    const patients = await addPeople("soak-patient", patientCount, GROUP.patient, DEMO_ACCOUNTS.patient.email);
    await client.query(
      `insert into care_team (therapist_id, patient_id)
       select t.id, p.id from unnest($1::text[]) with ordinality as p(id, n)
       join unnest($2::text[]) with ordinality as t(id, m) on t.m = ((p.n - 1) % $3) + 1
       on conflict do nothing`,
      [patients.map((p) => p.id), therapists.map((t) => t.id), therapists.length],
    );
    // Games to play from the start, assigned by each patient's therapist (only to a patient who has none yet).
    await client.query(
      `insert into assigned_activities (activity_id, patient_id, assigned_by, date, duration, activate)
       select ($3::int[])[1 + ((p.n + g) % array_length($3::int[], 1))], p.id, t.id, current_date, 10, true
       from unnest($1::text[]) with ordinality as p(id, n)
       join unnest($2::text[]) with ordinality as t(id, m) on t.m = ((p.n - 1) % $4) + 1
       cross join generate_series(1, $5::int) g
       where not exists (select 1 from assigned_activities a where a.patient_id = p.id)`,
      [patients.map((p) => p.id), therapists.map((t) => t.id), games.map((g) => g.activityId), therapists.length, gamesPerPatient],
    );
    await client.query("commit");
    return {
      therapists: therapists.map((t) => ({ ...t, password: DEMO_ACCOUNTS.therapist.password })),
      patients: patients.map((p) => ({ ...p, password: DEMO_ACCOUNTS.patient.password })),
      games,
      storeId,
    };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** The variants of seedShop's checkout items (`BENCH-CHECKOUT-n`, a million in stock each). */
export async function checkoutVariantIds(url: string, storeId: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ id: number }>("select id from shop_variants where store_id = $1 and sku like 'BENCH-CHECKOUT-%' order by id", [storeId]);
    return rows.rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}
