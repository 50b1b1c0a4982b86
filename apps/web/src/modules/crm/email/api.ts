import type {
  CrmCampaign,
  CrmCampaignCreated,
  CrmCampaignInput,
  CrmEmailFormat,
  CrmEmailFormatInput,
  CrmEmailTestResult,
  CrmList,
  CrmUnsubscribeView,
  Paged,
} from "@clinic/shared";
import { del, get, post, put } from "../../../lib/api.ts";
import { useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";

/**
 * The calls of the CRM's email screens (server: modules/crm/email.routes.ts). The paged lists key
 * their pages by one resource name each; EVERY_EMAIL_LIST refreshes them all after a change.
 */

export const FORMATS_RESOURCE = "crm-email-formats";
export const CAMPAIGNS_RESOURCE = "crm-campaigns";
export const EMAIL_KEY = "crm-email";
export const EVERY_EMAIL_LIST = [[FORMATS_RESOURCE], [CAMPAIGNS_RESOURCE], [EMAIL_KEY]];

export const FORMATS_PATH = "/api/crm/email-formats";
export const CAMPAIGNS_PATH = "/api/crm/campaigns";

const withClinic = (path: string, clinicId: string | null | undefined) => (clinicId ? `${path}?clinicId=${encodeURIComponent(clinicId)}` : path);

export const createFormat = (input: CrmEmailFormatInput, clinicId?: string | null) => post<CrmEmailFormat>(withClinic(FORMATS_PATH, clinicId), input);
export const updateFormat = (id: number, input: CrmEmailFormatInput) => put<CrmEmailFormat>(`${FORMATS_PATH}/${id}`, input);
export const deleteFormat = (id: number) => del<void>(`${FORMATS_PATH}/${id}`);
export const sendTest = (id: number, to: string) => post<CrmEmailTestResult>(`${FORMATS_PATH}/${id}/test`, { to });

export const createCampaign = (input: CrmCampaignInput) => post<CrmCampaignCreated>(CAMPAIGNS_PATH, input);
export const cancelCampaign = (id: number) => post<CrmCampaign>(`${CAMPAIGNS_PATH}/${id}/cancel`);

/** Enough formats and lists for the mass email dialog's choosers: the first hundred. */
export const useFormatChoices = () => useResource<Paged<CrmEmailFormat>>([EMAIL_KEY, "formats-all"], `${FORMATS_PATH}?rowsPerPage=100`, { quiet: true });
export const useListChoices = () => useResource<Paged<CrmList>>([EMAIL_KEY, "lists-all"], "/api/crm/lists?rowsPerPage=100", { quiet: true });

export const unsubscribeView = (token: string) => get<CrmUnsubscribeView>(`/api/crm/unsubscribe/${encodeURIComponent(token)}`);
export const unsubscribe = (token: string) => post<CrmUnsubscribeView>(`/api/crm/unsubscribe/${encodeURIComponent(token)}`, {});

/** A platform admin names the clinic of a new format (staff work on their own clinic's). */
export function useChoosesClinic(): boolean {
  return useSignedIn().isAdmin;
}
