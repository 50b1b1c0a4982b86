import type { AccessTable, MatrixFixtures } from "../../../guardrails/access-matrix.ts";
import { assignActivity, makeActivity } from "../../../../test/factories.ts";

const today = () => new Date().toLocaleDateString("en-CA");
const demoActivity = async (fx: MatrixFixtures) => (await makeActivity(fx.db, { clinicId: fx.ids.clinic })).id;
/** An active assignment of a demo-clinic text activity to the demo patient, made for one cell. */
const demoAssignment = async (fx: MatrixFixtures) =>
  (await assignActivity(fx.db, { activityId: await demoActivity(fx), patientId: fx.ids.patient, assignedBy: fx.ids.therapist })).id;

/**
 * Staff who treat the demo patient (its therapist, its clinic, admins) read and change its
 * assignments; the patient reads its own and marks them done. A patient or assignment outside
 * the caller's scope is not found (404), as if it did not exist; patients are refused staff calls (403),
 * and another patient's assignment when they act on it (reply, favourite, done: 403).
 */
export const activityAssignmentsAccess: AccessTable = {
  "GET /api/assignActivity/:id/": {
    expect: { anonymous: 401, patient: 200, otherPatient: 404, therapist: 200, otherTherapist: 404, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: await demoAssignment(fx) } }),
  },
  "GET /api/assignActivityList/:id/": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 404, clinic: 200, admin: 200 },
    request: (fx) => ({ params: { id: fx.ids.patient } }),
  },
  "GET /api/patientAssignActivities/:id": {
    expect: { anonymous: 401, patient: 200, otherPatient: 404, therapist: 200, otherTherapist: 404, clinic: 200, admin: 200 },
    request: (fx) => ({ params: { id: fx.ids.patient } }),
  },
  "POST /api/assign-unassign-activities/": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 200, otherTherapist: 404, clinic: 200, admin: 200 },
    request: async (fx) => ({ body: { assign: { patients: [fx.ids.patient], activities: [await demoActivity(fx)], date: today(), duration: 15 } } }),
  },
  "POST /api/patients-activities/:id": {
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 201, otherTherapist: 404, clinic: 201, admin: 201 },
    request: async (fx) => ({ params: { id: fx.ids.patient }, body: { activities: [await demoActivity(fx)], date: today(), duration: 15 } }),
  },
  "PUT /api/assignActivity/:id": {
    // Another patient's assignment is refused, not hidden: their offline app sent it (issue 43).
    expect: { anonymous: 401, patient: 200, otherPatient: 403, therapist: 200, otherTherapist: 404, clinic: 200, admin: 200 },
    request: async (fx) => ({ params: { id: await demoAssignment(fx) }, body: { done: true } }),
  },
  "POST /api/assignActivity/:id": {
    // Replicate to another day: assigning, so the patient may not.
    expect: { anonymous: 401, patient: 403, otherPatient: 403, therapist: 201, otherTherapist: 404, clinic: 201, admin: 201 },
    request: async (fx) => ({ params: { id: await demoAssignment(fx) }, body: { date: today() } }),
  },
  "POST /api/replyActivity/": {
    // Only the patient it is assigned to answers an activity; another patient is refused (issue 43).
    expect: { anonymous: 401, patient: 200, otherPatient: 403, therapist: 403, otherTherapist: 403, clinic: 403, admin: 403 },
    request: async (fx) => ({ body: { id: await demoAssignment(fx), result: { note: "done" } } }),
  },
};
