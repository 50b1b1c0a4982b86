import { DEFAULT_CUSTOM_GROUPS, type GroupId } from "@clinic/shared";
import { eq } from "drizzle-orm";
import { makeUser, type MadeUser } from "../../../test/factories.ts";
import type { Db } from "../../db/client.ts";
import { groups } from "../../db/schema.ts";

/**
 * The CRM tests' people (issue 36): agents and CRM clients are users of a clinic whose only
 * group is the CRM's agents or clients group (platform/bootstrap.ts makes both), so they hold
 * the CRM's codenames and nothing of the clinic's care work.
 */

/** The CRM's default groups, by their English names. */
export type CrmGroup = "CRM agents" | "CRM clients";

/** Custom groups have ids from 100 (GroupId names the built-in ones). */
export async function crmGroupId(db: Db, name: CrmGroup): Promise<number> {
  if (!DEFAULT_CUSTOM_GROUPS.some((group) => group.name.en === name)) throw new Error(`No default group ${name}`);
  const [row] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, name));
  if (!row) throw new Error(`The ${name} group is missing`);
  return row.id;
}

/** An agent of `clinicId` (is_crm_agent with view/change initiative and the call centre's codenames). */
export async function makeCrmAgent(db: Db, clinicId: string, names: { nombres?: string; apellidos?: string } = {}): Promise<MadeUser> {
  return makeUser(db, { nombres: "Agent", apellidos: "Test", ...names, clinicId, groups: [(await crmGroupId(db, "CRM agents")) as GroupId] });
}

/** A CRM client's account of `clinicId` (is_crm_client only). */
export async function makeCrmClientUser(db: Db, clinicId: string): Promise<MadeUser> {
  return makeUser(db, { nombres: "Client", apellidos: "Account", clinicId, groups: [(await crmGroupId(db, "CRM clients")) as GroupId] });
}
