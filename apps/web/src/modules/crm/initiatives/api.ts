import type {
  CrmDashboard,
  CrmInitiative,
  CrmInitiativeDetail,
  CrmInitiativeInput,
  CrmInitiativesByState,
  CrmInitiativeState,
  Permission,
} from "@clinic/shared";
import { del, post, put } from "../../../lib/api.ts";
import { useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";

/**
 * The calls of the initiatives screen and the CRM dashboard (initiatives.routes.ts). Every query
 * key starts with INITIATIVES_KEY or is the paged list's resource, so a change refreshes the
 * list, the counts by state, an open initiative and the dashboard alike.
 */

export const INITIATIVES_KEY = "crm-initiatives";
/** usePagedList keys its pages by a single resource name. */
export const INITIATIVES_RESOURCE = "crm-initiatives-list";
export const DASHBOARD_KEY = "crm-dashboard";
export const EVERY_INITIATIVE_LIST = [[INITIATIVES_KEY], [INITIATIVES_RESOURCE], [DASHBOARD_KEY]];

export const INITIATIVES_PATH = "/api/crm/initiatives";
/** The agent selector of spec §6: users holding is_crm_agent and not is_admin. */
export const AGENTS_PATH = "/api/usuario/user?permission_codename_include=is_crm_agent&permission_codename_exclude=is_admin&rowsPerPage=20";
/** Where an initiative's clients are worked, one call after another. */
export const callCentrePath = (id: number) => `/crm/app/telemarket/call-center?initiative=${id}`;
export const clientPath = (id: number) => `/crm/app/user/${id}`;

/** Adds the non-empty values to a path's query. */
export function withQuery(path: string, values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export const createInitiative = (input: CrmInitiativeInput) => post<CrmInitiativeDetail>(INITIATIVES_PATH, input);
export const updateInitiative = (id: number, input: CrmInitiativeInput) => put<CrmInitiativeDetail>(`${INITIATIVES_PATH}/${id}`, input);
export const deleteInitiative = (id: number) => del<void>(`${INITIATIVES_PATH}/${id}`);
export const markRead = (id: number) => post<CrmInitiative>(`${INITIATIVES_PATH}/${id}/read`);

export const useByState = (q: string) =>
  useResource<CrmInitiativesByState>([INITIATIVES_KEY, "by-state", q], withQuery(`${INITIATIVES_PATH}/by-state`, { q }), { quiet: true });
export const useInitiative = (id: number | null) =>
  useResource<CrmInitiativeDetail>([INITIATIVES_KEY, "one", id], id === null ? null : `${INITIATIVES_PATH}/${id}`);

/** The dashboard's figures, with "today" in the browser's zone; an admin may name a clinic (none: every clinic's). */
export const useDashboard = (clinicId: string | null) =>
  useResource<CrmDashboard>(
    [DASHBOARD_KEY, clinicId],
    withQuery("/api/crm/dashboard", { clinicId, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC" }),
    { quiet: true },
  );

/** What the signed-in user may do here: the codenames of spec §6 (administrators hold them all). */
export function useCrmAbilities() {
  const session = useSignedIn();
  const can = (codename: Permission) => session.isAdmin || session.permission.codenames.includes(codename);
  const admin = can("is_admin");
  return {
    userId: session.userId,
    isPlatformAdmin: session.isAdmin,
    can,
    add: can("add_initiative"),
    remove: can("delete_initiative"),
    /** A CRM admin changes any initiative; anyone else with change_initiative only their own. */
    changes: (row: { salesman: { id: string } | null }) => can("change_initiative") && (admin || row.salesman?.id === session.userId),
    /** Only a CRM admin gives an initiative to another agent. */
    assigns: admin,
  };
}

export type StateTab = "all" | CrmInitiativeState;
