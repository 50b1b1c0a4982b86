import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { type RoleCalls, signInRoles } from "../../../../test/roles.ts";
import { dynamicForms } from "./forms.table.ts";

let t: TestApp;
let r: RoleCalls;
beforeAll(async () => {
  t = await createTestApp();
  r = await signInRoles(t);
});
afterAll(async () => t?.close());

const formId = async (key: string) => (await t.db.select({ id: dynamicForms.id }).from(dynamicForms).where(eq(dynamicForms.standardKey, key)))[0]?.id;

describe("the demo's forms", () => {
  it("ship the four validated questionnaires read-only, beside the clinic's weekly check", async () => {
    const list = (await r.send("therapist", "GET", "/api/forms/?limit=100")).json();
    const standard = list.data.filter((form: { standard: boolean }) => form.standard);
    expect(standard).toHaveLength(4);
    expect(standard.every((form: { editable: boolean; clinicId: string | null }) => !form.editable && form.clinicId === null)).toBe(true);
    const weekly = list.data.find((form: { name: string }) => form.name === "Weekly symptom check");
    expect(weekly).toMatchObject({ clinicId: t.ids.clinic, editable: true, standard: false });
    const dhi = (await r.send("therapist", "GET", `/api/form/${await formId("dhi-en")}`)).json();
    expect(dhi.totalRange).toEqual({ min: 0, max: 100 });
  });

  it("give patient1 two DHI answers weeks apart (improving) and one pending, and Paula the Spanish DHI", async () => {
    const dhi = await formId("dhi-en");
    const history = (await r.send("therapist", "GET", `/api/resolved-dynamic-Form/${t.ids.patient}/${dhi}/`)).json();
    expect(history).toHaveLength(2);
    const [first, second] = history;
    expect(Date.parse(second.submittedAt) - Date.parse(first.submittedAt)).toBeGreaterThan(14 * 86_400_000);
    expect(second.score.total).toBeLessThan(first.score.total);
    expect(first.score.subscales.map((subscale: { key: string }) => subscale.key)).toEqual(["physical", "emotional", "functional"]);
    const pablo = (await r.send("patient", "GET", "/api/get-forms/")).json();
    expect(pablo.filter((item: { formId: number; state: string }) => item.formId === dhi && item.state === "assigned")).toHaveLength(1);
    const paula = (await r.send("therapist", "GET", `/api/get-forms/?patient=${t.ids.patient2}`)).json();
    expect(paula).toHaveLength(1);
    expect(paula[0]).toMatchObject({ formId: await formId("dhi-es"), language: "es", state: "assigned", overdue: false });
  });
});
