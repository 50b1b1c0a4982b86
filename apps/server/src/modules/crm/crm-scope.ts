import { CRM_CLINIC_NEEDED } from "@clinic/shared";
import type { Db } from "../../db/client.ts";
import { type Actor, can, clinicForCall } from "../../platform/access.ts";

export { managedBy } from "../../platform/access.ts";

/**
 * Who may do what in the CRM (issue 36, spec §6). The CRM admin (`is_admin`: the clinic group,
 * and platform admins) sees and changes all of the clinic's CRM; an agent (`is_crm_agent`) the
 * clinic's clients and their own initiatives and queue; a CRM client (`is_crm_client`) reads
 * the dashboard. Rows are the caller's clinic's (admins: any clinic's; another clinic's answer 404).
 */

/** The CRM admin of the clinic, or a platform admin. */
export const isCrmAdmin = (actor: Actor): boolean => can(actor, "is_admin");

/** The clinic a clinic-wide CRM call works on: staff their own, an admin the one they name. */
export const crmClinicFor = (db: Db, actor: Actor, named: string | undefined): Promise<string> => clinicForCall(db, actor, named, CRM_CLINIC_NEEDED);
