import {
  CRM_TELEMARKET_MESSAGES,
  type CrmActivity,
  type CrmActivityInput,
  type CrmActivityUpdate,
  type CrmCallLogged,
  type CrmCallOutcomeInput,
  type CrmCallSource,
  type CrmNextCallAnswer,
  type CrmTelemarketStats,
  type Permission,
} from "@clinic/shared";
import type { TFunction } from "i18next";
import { del, post, put } from "../../../lib/api.ts";
import { registerRefusals } from "../../../lib/refusals.ts";
import { useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";

/**
 * The call centre's calls (server: modules/crm/telemarket.routes.ts). Every query key starts
 * with TELEMARKET_KEY or is the activities' paged resource, so a call logged or a meeting booked
 * refreshes the queue's counts, the lists of calls and meetings and the figures together.
 */

export const TELEMARKET_KEY = "crm-telemarket";
/** usePagedList keys its pages by a single resource name. */
export const ACTIVITIES_RESOURCE = "crm-activities";
/** A client's timeline (the clients screens' resource) shows every call and meeting too. */
const TIMELINE_RESOURCE = "crm-client-timeline";
export const EVERY_TELEMARKET_LIST = [[TELEMARKET_KEY], [ACTIVITIES_RESOURCE], [TIMELINE_RESOURCE]];

export const ACTIVITIES_PATH = "/api/crm/activities";
export const SOURCES_PATH = "/api/crm/call-center/sources";

/** Adds the non-empty values to a path's query. */
export function withQuery(path: string, values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export const createActivity = (input: CrmActivityInput) => post<CrmActivity>(ACTIVITIES_PATH, input);
export const updateActivity = (id: number, input: CrmActivityUpdate) => put<CrmActivity>(`${ACTIVITIES_PATH}/${id}`, input);
export const deleteActivity = (id: number) => del<null>(`${ACTIVITIES_PATH}/${id}`);

export type SourceChoice = { initiativeId: number } | { listId: number };
export const nextCall = (source: SourceChoice) => post<CrmNextCallAnswer>("/api/crm/call-center/next", source);
export const logOutcome = (entryId: number, input: CrmCallOutcomeInput) => post<CrmCallLogged>(`/api/crm/call-center/entries/${entryId}/outcome`, input);
export const releaseEntry = (entryId: number) => post<null>(`/api/crm/call-center/entries/${entryId}/release`);

export const useSources = () => useResource<CrmCallSource[]>([TELEMARKET_KEY, "sources"], SOURCES_PATH);

export const statisticsPath = (since: string, to: string, clinicId: string | null) =>
  withQuery("/api/crm/telemarket/statistics", { since, to, clinicId, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
export const useStatistics = (path: string | null) => useResource<CrmTelemarketStats>([TELEMARKET_KEY, "statistics", path], path);

/** Whether the signed-in user holds a codename; administrators hold them all (as the route gate says). */
export function useCan(): (codename: Permission) => boolean {
  const session = useSignedIn();
  return (codename) => session.isAdmin || session.permission.codenames.includes(codename);
}

/** The call centre's refusals (CRM_TELEMARKET_MESSAGES) in the interface language; any other text as it came. */
export function telemarketText(t: TFunction, message: string): string {
  for (const [key, text] of Object.entries(CRM_TELEMARKET_MESSAGES)) if (text === message) return t(`crmTelemarket.refusals.${key}`);
  return message;
}

registerRefusals(telemarketText);
