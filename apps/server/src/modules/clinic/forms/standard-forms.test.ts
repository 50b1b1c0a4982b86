import { count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { sampleFormInput } from "../../../../test/forms.ts";
import { dynamicForms, dynamicFormVersions } from "./forms.table.ts";
import { syncStandardForms } from "./standard-forms.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

const shipped = [
  { key: "test-one", input: sampleFormInput("Shipped one") },
  { key: "test-two", input: sampleFormInput("Shipped two") },
];
const shippedCount = async () => (await t.db.select({ n: count() }).from(dynamicForms).where(like(dynamicForms.standardKey, "test-%")))[0]?.n;

describe("syncStandardForms", () => {
  it("adds the shipped questionnaires once, as platform forms with a first version, even from nodes starting together", async () => {
    const added = await Promise.all([syncStandardForms(t.db, shipped), syncStandardForms(t.db, shipped), syncStandardForms(t.db, shipped)]);
    expect(added.reduce((sum, n) => sum + n, 0)).toBe(2);
    expect(await shippedCount()).toBe(2);
    const [one] = await t.db
      .select({ clinicId: dynamicForms.clinicId, name: dynamicForms.name, version: dynamicFormVersions.version })
      .from(dynamicForms)
      .innerJoin(dynamicFormVersions, eq(dynamicFormVersions.id, dynamicForms.currentVersionId))
      .where(eq(dynamicForms.standardKey, "test-one"));
    expect(one).toEqual({ clinicId: null, name: "Shipped one", version: 1 });
  });

  it("leaves an existing questionnaire as it is and adds only a new one", async () => {
    await t.db.update(dynamicForms).set({ name: "Kept as stored" }).where(eq(dynamicForms.standardKey, "test-one"));
    const added = await syncStandardForms(t.db, [...shipped, { key: "test-three", input: sampleFormInput("Shipped three") }]);
    expect(added).toBe(1);
    const [one] = await t.db.select({ name: dynamicForms.name }).from(dynamicForms).where(eq(dynamicForms.standardKey, "test-one"));
    expect(one?.name).toBe("Kept as stored");
  });
});
