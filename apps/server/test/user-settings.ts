import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import type { DemoRole } from "../src/seed-demo-data.ts";
import { readUser, type TestApp } from "./app.ts";
import type { MadeClinic, MadeUser } from "./factories.ts";

/** The people a per-user setting is tried on, made in the test file's beforeAll. */
export interface SettingScope {
  t: TestApp;
  /** Another clinic, with its own therapist and patient. */
  other: MadeClinic;
  /** A patient of the demo clinic whom the demo therapist does not treat. */
  untreated: MadeUser;
}

/** Who may set whose setting: their own always; someone else's with change_user and in scope. */
const SCOPE_CASES: [string, DemoRole, (scope: SettingScope) => string, number][] = [
  ["patient → another patient", "patient", ({ t }) => t.ids.patient2, 403],
  ["patient → their therapist", "patient", ({ t }) => t.ids.therapist, 403],
  ["therapist → a patient in its care", "therapist", ({ t }) => t.ids.patient, 200],
  ["therapist → a patient of its clinic not in its care", "therapist", ({ untreated }) => untreated.id, 403],
  ["therapist → its clinic account", "therapist", ({ t }) => t.ids.clinic, 403],
  ["therapist → another clinic's patient", "therapist", ({ other }) => other.patient.id, 403],
  ["therapist → another clinic's therapist", "therapist", ({ other }) => other.therapist.id, 403],
  ["clinic → its therapist", "clinic", ({ t }) => t.ids.therapist, 200],
  ["clinic → its patient without therapist", "clinic", ({ untreated }) => untreated.id, 200],
  ["clinic → another clinic", "clinic", ({ other }) => other.clinic.id, 403],
  ["clinic → another clinic's therapist", "clinic", ({ other }) => other.therapist.id, 403],
  ["clinic → another clinic's patient", "clinic", ({ other }) => other.patient.id, 403],
  ["clinic → the administrator", "clinic", ({ t }) => t.ids.admin, 403],
  ["admin → another clinic's patient", "admin", ({ other }) => other.patient.id, 200],
  ["admin → a clinic", "admin", ({ t }) => t.ids.clinic, 200],
];

/**
 * One test per role and target: `set` flips the target's `column` (to the other of `values`) as
 * that role, and the column changes exactly when the answer is 200. `scope` is read when each test
 * runs, after the file's beforeAll has made the people.
 */
export function itSetsOnlyInScope(options: {
  scope: () => SettingScope;
  column: "language" | "theme";
  values: readonly [string, string];
  set: (cookie: string, userId: string, value: string) => Promise<LightMyRequestResponse>;
}) {
  const [first, second] = options.values;
  it.each(SCOPE_CASES.map(([label, role, target, status]) => ({ label, role, target, status })))("$label answers $status", async ({ role, target, status }) => {
    const scope = options.scope();
    const targetId = target(scope);
    const before: string = (await readUser(scope.t.db, targetId))[options.column];
    const wanted = before === second ? first : second;
    const response = await options.set(await scope.t.loginAs(role), targetId, wanted);
    expect(response.statusCode).toBe(status);
    expect((await readUser(scope.t.db, targetId))[options.column]).toBe(status === 200 ? wanted : before);
  });
}
