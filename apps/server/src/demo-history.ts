import { mulberry32 } from "@clinic/games";
import { GROUP } from "@clinic/shared";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import { users } from "./db/schema.ts";
import { DEMO_ACCOUNTS, DEMO_HISTORY_PEOPLE } from "./demo-accounts.ts";
import { createUser } from "./modules/accounts/users.service.ts";
import { seedDemoAppointmentHistory } from "./modules/clinic/appointments/appointments-history-demo.ts";
import { type DemoPlanPatient, seedDemoActivityHistory } from "./modules/clinic/assignments/activity-history.demo.ts";
import { today } from "./modules/clinic/memberships/seats.ts";

/** The seed of the history's pseudo-random choices: the same anchor day gives the same clinic. */
const SEED = 20_260_413;

const GAME = "Reaction lights";
const GO = "Stop or go";
const READING = "Understanding dizziness";
const VIDEO = "Gaze stabilisation, demonstrated";
const BALANCE_ES = "Ejercicios de equilibrio en casa";
const MEALS = "A steadier day of meals";

/**
 * The demo clinic's past: more patients and a second therapist, five weeks of activities done and
 * missed with their game sessions, two weeks planned ahead, recommendations, a nutrition plan, and
 * appointments held, denied and waiting. Dates count from `anchor` (the day of the first start).
 * Runs after `seedDemo`, once: it answers false, adding nothing, when the demo is missing or its
 * history is already there. All or nothing, in one transaction.
 */
export async function seedDemoHistory(db: Db, anchor = today()): Promise<boolean> {
  const demoEmails = [DEMO_ACCOUNTS.clinic.email, DEMO_ACCOUNTS.therapist.email, DEMO_ACCOUNTS.patient.email, DEMO_ACCOUNTS.patient2.email];
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const found = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, demoEmails));
    const [seeded] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_HISTORY_PEOPLE.carmen.email));
    if (found.length !== demoEmails.length || seeded) return false;
    const idOf = (email: string) => found.find((row) => row.email === email)?.id as string;
    const clinicId = idOf(DEMO_ACCOUNTS.clinic.email);
    const tomas = idOf(DEMO_ACCOUNTS.therapist.email);
    const pablo = idOf(DEMO_ACCOUNTS.patient.email);
    const paula = idOf(DEMO_ACCOUNTS.patient2.email);

    const people = DEMO_HISTORY_PEOPLE;
    const irene = await createUser(tx, { ...people.irene, groups: [GROUP.therapist], clinicId });
    const patient = (person: { email: string; nombres: string; apellidos: string; identification: string }, therapistId: string) =>
      createUser(tx, { ...person, groups: [GROUP.patient], clinicId, therapistIds: [therapistId] });
    const carmen = await patient(people.carmen, tomas);
    const javier = await patient(people.javier, tomas);
    const elena = await patient(people.elena, tomas);
    const andres = await patient(people.andres, irene);

    // Sunday first. Pablo and Paula keep no recommendations, nutrition readings or favourites of
    // their own here: the walkthroughs give them those and count them.
    const plan: DemoPlanPatient[] = [
      {
        id: pablo,
        therapistId: tomas,
        language: "en",
        week: [[READING], [GAME, VIDEO], [VIDEO], [GAME], [GO], [GAME, READING], [GO]],
        adherence: 0.85,
        doneToday: true,
        speedMs: [560, 420],
      },
      {
        id: paula,
        therapistId: tomas,
        language: "es",
        week: [[MEALS], [BALANCE_ES, GO], [VIDEO], [GO], [BALANCE_ES], [GO, MEALS], [VIDEO]],
        adherence: 0.75,
        speedMs: [640, 500],
      },
      {
        id: carmen,
        therapistId: tomas,
        language: "en",
        week: [[VIDEO], [GO, READING], [GAME], [GO], [GAME, VIDEO], [GO], [GAME]],
        adherence: 0.9,
        doneToday: true,
        favourites: [GO],
        speedMs: [480, 360],
        recommendations: ["Gaze stabilisation (VOR x1)", "Walking with head turns", "Daily attention routine"],
      },
      {
        id: javier,
        therapistId: tomas,
        language: "en",
        week: [[VIDEO], [GAME, READING], [VIDEO], [GAME], [VIDEO], [GAME], [READING]],
        adherence: 0.6,
        fallingBehind: true,
        speedMs: [620, 560],
        recommendations: ["Brandt-Daroff habituation", "Safe home checklist", "Regular sleep schedule"],
      },
      {
        id: elena,
        therapistId: tomas,
        language: "en",
        week: [[MEALS], [GAME], [VIDEO, READING], [GAME], [VIDEO], [GAME, MEALS], [READING]],
        adherence: 0.7,
        speedMs: [700, 520],
        recommendations: ["Tandem stance", "Water with every meal", "Unsalted cooking"],
      },
      {
        id: andres,
        therapistId: irene,
        language: "en",
        week: [[READING], [GO], [VIDEO], [GO], [VIDEO], [GO, READING], [VIDEO]],
        adherence: 0.8,
        speedMs: [520, 430],
        recommendations: ["Memory notebook", "Daily attention routine"],
      },
    ];
    const random = mulberry32(SEED);
    await seedDemoActivityHistory(tx, anchor, plan, random);
    await seedDemoAppointmentHistory(tx, anchor, {
      therapistId: tomas,
      // Wall-clock minutes in the schedule's zone (Madrid): 10:00, 11:30, 09:30, 12:00; ahead 16:00 to 17:30.
      visits: [
        { patientId: pablo, weekday: 2, past: 600, upcoming: 990 },
        { patientId: carmen, weekday: 4, past: 690, upcoming: 1020 },
        { patientId: javier, weekday: 1, past: 570, upcoming: 960 },
        { patientId: elena, weekday: 3, past: 720, upcoming: 1050 },
        { patientId: paula, weekday: 5, past: 540, upcoming: 1080 },
      ],
      denied: { patientId: elena, daysBefore: 9, minutes: 780, reason: "I am at a course that day; please choose another morning." },
      waiting: { patientId: carmen, daysAfter: 3, minutes: 1110, description: "The head turns make me dizzy again; could we review the exercises?" },
    });
    return true;
  });
}
