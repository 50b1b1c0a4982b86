import type { AccessTable, MatrixFixtures } from "../../../guardrails/access-matrix.ts";
import { assignActivity, makeActivity } from "../../../../test/factories.ts";
import { insertPlayedSession } from "../games/game-session-rows.ts";

const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A demo-clinic game assigned to the demo patient and played once, so each cell has figures to read. */
async function playedGame(fx: MatrixFixtures): Promise<number> {
  const activity = await makeActivity(fx.db, { clinicId: fx.ids.clinic, type: "game", gameBuildId: "reactor-quick" });
  const assignment = await assignActivity(fx.db, { activityId: activity.id, patientId: fx.ids.patient, assignedBy: fx.ids.therapist, date: day() });
  await insertPlayedSession(fx.db, { assignmentId: assignment.id, activityId: activity.id, patientId: fx.ids.patient });
  return activity.id;
}

/**
 * A patient's statistics are read by the staff who treat them (their therapist, their clinic,
 * admins); another clinic's staff find nothing (404); patients are refused staff calls (403).
 */
const demoPatient = { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 404, clinic: 200, admin: 200 };
const range = () => ({ since: day(-30), to: day() });

export const statisticsAccess: AccessTable = {
  "GET /api/statistics/": {
    expect: demoPatient,
    request: async (fx) => ({ query: { user: fx.ids.patient, activity: String(await playedGame(fx)), ...range() } }),
  },
  "GET /api/statistics/export": {
    expect: demoPatient,
    request: async (fx) => ({ query: { user: fx.ids.patient, activity: String(await playedGame(fx)), ...range(), table: "sessions", format: "csv" } }),
  },
  "POST /api/statistics/report": {
    expect: demoPatient,
    request: async (fx) => ({ body: { user: fx.ids.patient, activity: await playedGame(fx), ...range(), note: "Steady progress." } }),
  },
  "GET /api/global-activities/": {
    expect: demoPatient,
    request: (fx) => ({ query: { patient_id: fx.ids.patient, date_start: day(-30), date_end: day() } }),
  },
  "GET /api/global-activities/export": {
    // Every patient in each caller's own scope.
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 200, clinic: 200, admin: 200 },
    request: () => ({ query: { date_start: day(-30), date_end: day(), format: "xlsx" } }),
  },
};
