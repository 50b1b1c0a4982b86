import type {
  CrmClient,
  CrmClientDetail,
  CrmClientInput,
  CrmDocument,
  CrmList,
  CrmListClientsChange,
  CrmListInput,
  CrmListUpdate,
  CrmNote,
  CrmNoteInput,
  CrmNoteUpdate,
  CrmTag,
  Paged,
  UserSummary,
} from "@clinic/shared";
import { del, post, put, upload } from "../../../lib/api.ts";
import { useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";

/**
 * The calls of the clients screens (server: modules/crm/clients.routes.ts). Every query key
 * starts with CLIENTS_KEY or is one of the paged lists' resources, so a change refreshes them all
 * (a list's count, a client's timeline and its lists move together).
 */

export const CLIENTS_KEY = "crm-clients";
/** usePagedList keys its pages by a single resource name. */
export const CLIENTS_RESOURCE = "crm-clients-list";
export const LISTS_RESOURCE = "crm-lists-list";
export const TIMELINE_RESOURCE = "crm-client-timeline";
export const NOTES_RESOURCE = "crm-client-notes";
export const EVERY_CLIENT_LIST = [[CLIENTS_KEY], [CLIENTS_RESOURCE], [LISTS_RESOURCE], [TIMELINE_RESOURCE], [NOTES_RESOURCE]];

export const CLIENTS_PATH = "/api/crm/clients";
export const LISTS_PATH = "/api/crm/lists";
/** The clinic's agents (spec §6 agent selector: is_crm_agent and not is_admin); CRM admins may read it. */
export const AGENTS_PATH = "/api/usuario/user?permission_codename_include=is_crm_agent&permission_codename_exclude=is_admin&rowsPerPage=100";
export const clientPagePath = (id: number) => `/crm/app/user/${id}`;

/** Adds `clinicId` for an admin's create (staff work on their own clinic). */
const withClinic = (path: string, clinicId: string | null | undefined) => (clinicId ? `${path}?clinicId=${encodeURIComponent(clinicId)}` : path);

export const createClient = (input: CrmClientInput, clinicId?: string | null) => post<CrmClient>(withClinic(CLIENTS_PATH, clinicId), input);
export const updateClient = (id: number, input: CrmClientInput) => put<CrmClient>(`${CLIENTS_PATH}/${id}`, input);
export const deleteClient = (id: number) => del<void>(`${CLIENTS_PATH}/${id}`);

export const createList = (input: CrmListInput, clinicId?: string | null) => post<CrmList>(withClinic(LISTS_PATH, clinicId), input);
export const updateList = (id: number, input: CrmListUpdate) => put<CrmList>(`${LISTS_PATH}/${id}`, input);
export const deleteList = (id: number) => del<void>(`${LISTS_PATH}/${id}`);
export const changeListClients = (id: number, change: CrmListClientsChange) => put<CrmList>(`${LISTS_PATH}/${id}/clients`, change);

export const createNote = (input: CrmNoteInput) => post<CrmNote>("/api/crm/notes", input);
export const updateNote = (id: number, input: CrmNoteUpdate) => put<CrmNote>(`/api/crm/notes/${id}`, input);
export const deleteNote = (id: number) => del<void>(`/api/crm/notes/${id}`);

export const DOCUMENTS_KEY = "crm-documents";
/** A document's form as the server reads it: its name, what it is on, and the file. */
export function uploadDocument(input: { name: string; file: File; clientId?: number; initiativeId?: number }, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append("name", input.name);
  if (input.clientId !== undefined) form.append("clientId", String(input.clientId));
  if (input.initiativeId !== undefined) form.append("initiativeId", String(input.initiativeId));
  form.append("file", input.file);
  return upload<CrmDocument>("/api/crm/documents", form, onProgress);
}
export const deleteDocument = (id: number) => del<void>(`/api/crm/documents/${id}`);

export const useClient = (id: number | null) =>
  useResource<CrmClientDetail>([CLIENTS_KEY, "one", id], id === null ? null : `${CLIENTS_PATH}/${id}`, { quiet: true });
export const useTags = () => useResource<CrmTag[]>([CLIENTS_KEY, "tags"], "/api/crm/tags", { quiet: true });
/** Enough lists for a filter or a chooser: the first hundred by title. */
export const useAllLists = () => useResource<{ data: CrmList[] }>([CLIENTS_KEY, "lists-all"], `${LISTS_PATH}?rowsPerPage=100`, { quiet: true });

/** The clinic's agents, for a CRM admin choosing or filtering by a client's owner (agents may not list users). */
export const useAgents = (enabled: boolean) => useResource<Paged<UserSummary>>([CLIENTS_KEY, "agents"], enabled ? AGENTS_PATH : null, { quiet: true });
export const agentName = (agent: UserSummary) => `${agent.nombres} ${agent.apellidos}`.trim() || agent.email;

/** What the signed-in user may do here (spec §6): CRM admins (is_admin) everything, agents add and edit. */
export function useClientAbilities() {
  const session = useSignedIn();
  const codenames = new Set(session.permission.codenames);
  const admin = session.isAdmin || codenames.has("is_admin");
  return {
    /** Deletes clients, writes lists, chooses owners. */
    admin,
    /** A platform admin names the clinic of what they create. */
    choosesClinic: session.isAdmin,
    userId: session.userId,
  };
}
