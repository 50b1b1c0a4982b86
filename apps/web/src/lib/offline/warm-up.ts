import type { AssignedActivity, AssignedActivityDetail, FormAssignment, Paged } from "@clinic/shared";
import { get } from "../api.ts";
import { warmedUp, warmUpDue } from "./device-db.ts";
import { deviceWritten, noteDeviceFailure } from "./device.ts";
import { keepFile, keptFile } from "./kept-files.ts";

/**
 * Readies the patient's device for a day without a network (issue 43). The home keeps what it
 * shows as it loads (device.ts); this reads, once in a while, what the patient may open next:
 * each assigned activity with its text and PDF document, the favourites, and every form still to
 * answer. Everything goes through the API client, so it is kept the same way, under the patient.
 */
const WARM_EVERY_MS = 10 * 60_000;
const MOST = 60;

/** The paths the home's activity card asks for (useAssignmentList): kept so its two views open offline. */
const homeListPaths = (patientId: string, day: string) => [
  `/api/patientAssignActivities/${encodeURIComponent(patientId)}?from=${day}&page=1&rowsPerPage=10`,
  `/api/patientAssignActivities/${encodeURIComponent(patientId)}?favorite=true&page=1&rowsPerPage=10`,
];

export async function warmUp(patientId: string, day: string): Promise<void> {
  // The session's claim of the device first: the warm-up is for its owner.
  await deviceWritten();
  // Kept on the device, not in memory: a game's page and the way back home are full page loads.
  if (!(await warmUpDue(patientId, WARM_EVERY_MS))) return;
  const [upcoming, favourites] = await Promise.all([
    get<Paged<AssignedActivity>>(`/api/patientAssignActivities/${encodeURIComponent(patientId)}?from=${day}&page=1&rowsPerPage=${MOST}`),
    get<Paged<AssignedActivity>>(homeListPaths(patientId, day)[1] as string),
    get<Paged<AssignedActivity>>(homeListPaths(patientId, day)[0] as string),
  ]);
  const rows = new Map([...upcoming.data, ...favourites.data].map((row) => [row.id, row]));
  for (const row of rows.values()) {
    const detail = await get<AssignedActivityDetail>(`/api/assignActivity/${row.id}/`);
    const file = detail.activity.type === "text" ? detail.activity.file : null;
    if (file && (file.mime === "application/pdf" || file.mime?.startsWith("image/")) && !(await keptFile(patientId, file.url))) {
      await keepFile(patientId, file.url, file.name, "document").catch(noteDeviceFailure);
    }
  }
  const forms = await get<FormAssignment[]>("/api/get-forms/");
  for (const form of forms.filter((one) => one.state === "assigned" || one.state === "inProgress")) {
    await get(`/api/forms/assignments/${form.id}`);
  }
  await warmedUp(patientId);
}
