import { type FormInput, formInputSchema } from "@clinic/shared";
import { isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { insertForm } from "./forms.service.ts";
import { STANDARD_FORMS } from "./standard/index.ts";
import { dynamicForms } from "./forms.table.ts";

/**
 * Makes the validated questionnaires the platform ships (standard/index.ts) exist as platform
 * forms, read-only, keyed by `standard_key`. Only missing ones are inserted: one a clinic has
 * answered is never rewritten under its answers. Several nodes starting at once queue on one
 * transaction lock, so each key is inserted once. Answers how many were added.
 */
export async function syncStandardForms(db: Db, forms: readonly { key: string; input: FormInput }[] = STANDARD_FORMS): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dynamic_forms.standard'))`);
    const existing = await tx.select({ key: dynamicForms.standardKey }).from(dynamicForms).where(isNotNull(dynamicForms.standardKey));
    const present = new Set(existing.map((row) => row.key));
    let added = 0;
    for (const { key, input } of forms) {
      if (present.has(key)) continue;
      await insertForm(tx, formInputSchema.parse(input), { clinicId: null, createdBy: null, standardKey: key });
      added += 1;
    }
    return added;
  });
}
