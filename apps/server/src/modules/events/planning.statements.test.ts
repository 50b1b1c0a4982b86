import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { makeTherapist } from "../../../test/factories.ts";
import { type RoleCalls, signInRoles, type Who } from "../../../test/roles.ts";
import { describeStatements, statementsBeyondIdentity } from "../../../test/statements.ts";
import { makeEvent } from "./events.fixture.ts";
import { eventCosts, eventTasks } from "./events.table.ts";

/**
 * Round trips of an event's costs and checklist (issue 37.4–37.5): the budget (lines, totals,
 * income, balance and the event's scope), the checklist with owners and who did each task, the
 * templates and the owners' picker are each one statement, however many rows they show.
 */
let t: TestApp;
let r: RoleCalls;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,event_app" } });
  r = await signInRoles(t);
  eventId = (await makeEvent(t.db, t.ids.clinic)).id;
  await t.db.insert(eventCosts).values(
    Array.from({ length: 25 }, (_, index) => ({
      eventId,
      category: "materials",
      supplier: `Supplier ${index}`,
      plannedCents: 1000 * index,
      actualCents: index % 2 ? 900 * index : null,
      paid: index % 3 === 0,
    })),
  );
  const owners = await Promise.all(Array.from({ length: 5 }, () => makeTherapist(t.db, t.ids.clinic)));
  await t.db.insert(eventTasks).values(
    Array.from({ length: 40 }, (_, index) => ({
      eventId,
      title: `Task ${index}`,
      ownerId: owners[index % 5]?.id,
      dueOn: `2030-01-${String((index % 28) + 1).padStart(2, "0")}`,
      doneAt: index % 4 === 0 ? new Date() : null,
      doneBy: index % 4 === 0 ? t.ids.clinic : null,
      position: index,
    })),
  );
});
afterAll(async () => t?.close());

describe("the costs' and checklists' round trips", () => {
  it.each([
    ["clinic", () => `/api/events/events/${eventId}/costs`, 1],
    ["admin", () => `/api/events/events/${eventId}/costs`, 1],
    ["clinic", () => `/api/events/events/${eventId}/tasks`, 1],
    ["admin", () => `/api/events/events/${eventId}/tasks`, 1],
    ["clinic", () => "/api/events/checklist-templates", 1],
    ["clinic", () => `/api/events/events/${eventId}/staff?rowsPerPage=20`, 1],
    ["clinic", () => `/api/events/events/${eventId}/staff?q=therapist`, 1],
  ] as [Who, () => string, number][])("as %s, %s reads in its statements", async (who, url, statements) => {
    for (let time = 0; time < 2; time++) {
      const seen = await statementsBeyondIdentity(t.database.pool, () => r.send(who, "GET", url()));
      expect(seen.own.length, describeStatements(seen.statements)).toBe(statements);
    }
  });

  it("shows every row it read in that statement", async () => {
    const costs = (await r.send("clinic", "GET", `/api/events/events/${eventId}/costs`)).json();
    expect(costs.costs).toHaveLength(25);
    const tasks = (await r.send("clinic", "GET", `/api/events/events/${eventId}/tasks`)).json();
    expect(tasks.tasks).toHaveLength(40);
    expect(tasks.tasks.filter((task: { done: boolean }) => task.done)).toHaveLength(10);
  });
});
