import type { AssignedActivity, Paged } from "@clinic/shared";
import { QueryClient, type QueryKey } from "@tanstack/react-query";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { applyListChanges } from "../../../../lib/resource.ts";
import { initTestI18n } from "../../../../lib/test-i18n.ts";
import { renderHtml, testSession, textOf } from "../../../../lib/test-render.tsx";
import { AssignedActivitiesList } from "./AssignedActivitiesList.tsx";
import { ASSIGNMENTS_KEY, assignmentChanges } from "./api.ts";

/**
 * Spec §4 on the nutrition plan (nutritionPlans reuses the assignments screen): a text assigned
 * from the plan's form shows first in the plan's list, once even when the refetched page holds
 * it; a row assigned on the general screen keeps the server's place there.
 */
beforeAll(() => initTestI18n(i18next));

const patient = { id: "p1", nombres: "Lía", apellidos: "Paz" };
const row = (id: number, name: string): AssignedActivity => ({
  id,
  patientId: patient.id,
  activityId: id,
  activity: { id, name, type: "text", imageUrl: null },
  date: "2026-12-01",
  duration: 10,
  description: "",
  done: false,
  doneAt: null,
  favorite: false,
  activate: true,
  motion: 0,
  result: null,
  latestSession: null,
  sessionCount: 0,
  assignedBy: null,
  createdAt: "2026-12-01T09:00:00.000Z",
  updatedAt: "2026-12-01T09:00:00.000Z",
});
const listKey: QueryKey = [ASSIGNMENTS_KEY, patient.id, `/api/assignActivityList/${patient.id}/`, "nutrition=true"];

/** The nutrition list rendered after an assignment whose list changes are `changes`, over the server's first page. */
function renderAfter(changes: ReturnType<typeof assignmentChanges>, server: AssignedActivity[]) {
  const client = new QueryClient();
  const first: Paged<AssignedActivity> = { data: server, page: 1, total: server.length };
  client.setQueryData(listKey, { pages: [first], pageParams: [1] });
  applyListChanges(client, { added: changes, changed: [], removed: [] });
  const cache = client
    .getQueryCache()
    .getAll()
    .map((query): [QueryKey, unknown] => [query.queryKey, query.state.data]);
  return textOf(
    renderHtml(<AssignedActivitiesList patient={patient} nutrition />, { i18n: i18next, session: testSession({ codenames: ["view_patient"] }), cache }),
  );
}

describe("the nutrition plan's assignments", () => {
  const older = [row(1, "Breakfast guide"), row(2, "Hydration notes")];
  const created = row(9, "Low-salt menu");

  it("put a text assigned from the plan's form first, and only once", () => {
    for (const server of [older, [older[0] as AssignedActivity, created, older[1] as AssignedActivity]]) {
      const text = renderAfter(assignmentChanges([created], true), server);
      expect(text.split("Low-salt menu").length - 1).toBe(1);
      expect(text.indexOf("Low-salt menu")).toBeGreaterThan(-1);
      expect(text.indexOf("Low-salt menu")).toBeLessThan(text.indexOf("Breakfast guide"));
      expect(text.indexOf("Breakfast guide")).toBeLessThan(text.indexOf("Hydration notes"));
    }
  });

  it("leave a row assigned on the general screen where the server puts it", () => {
    const text = renderAfter(assignmentChanges([created]), [...older, created]);
    expect(text.indexOf("Low-salt menu")).toBeGreaterThan(text.indexOf("Hydration notes"));
  });
});
