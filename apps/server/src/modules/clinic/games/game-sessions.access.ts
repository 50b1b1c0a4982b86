import type { AccessTable, MatrixFixtures } from "../../../guardrails/access-matrix.ts";
import { assignActivity, makeActivity } from "../../../../test/factories.ts";
import { insertPlayedSession } from "./game-session-rows.ts";

/** A demo-clinic game assigned to the demo patient, with one session played, made for one cell. */
async function playedAssignment(fx: MatrixFixtures): Promise<{ assignmentId: number; sessionId: number }> {
  const activity = await makeActivity(fx.db, { clinicId: fx.ids.clinic, type: "game", gameBuildId: "reactor-quick" });
  const assignment = await assignActivity(fx.db, { activityId: activity.id, patientId: fx.ids.patient, assignedBy: fx.ids.therapist });
  const sessionId = await insertPlayedSession(fx.db, { assignmentId: assignment.id, activityId: activity.id, patientId: fx.ids.patient });
  return { assignmentId: assignment.id, sessionId };
}

/**
 * Game results are read by the staff who treat the patient (their therapist, their clinic,
 * admins); another clinic's staff find nothing (404); patients are refused staff calls (403).
 */
export const gameSessionsAccess: AccessTable = {
  "GET /api/assignActivity/:id/game-sessions": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 404, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: (await playedAssignment(fx)).assignmentId } }),
  },
  "GET /api/game-sessions/:id/trials": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 404, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: (await playedAssignment(fx)).sessionId } }),
  },
};
