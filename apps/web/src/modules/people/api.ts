import type {
  ClinicInput,
  ClinicRow,
  Group,
  GroupMember,
  GroupNameInput,
  PatientCreate,
  PatientRow,
  PatientUpdate,
  StaffCreate,
  StaffRow,
  StaffUpdate,
  MailStatus,
} from "@clinic/shared";
import { del, post, put } from "../../lib/api.ts";

/** Query-key roots of the people screens; a change refetches every list under them. */
export const CLINICS_KEY = "clinics";
export const STAFF_KEY = "staff";
export const PATIENTS_KEY = "user-patients";
export const USERS_KEY = "users";
export const MAIL_KEY = "mail-messages";
export const GROUPS_KEY = "groups";
export const PEOPLE_KEYS = [[CLINICS_KEY], [STAFF_KEY], [PATIENTS_KEY], [USERS_KEY], [MAIL_KEY]];

export interface InvitationOutcome {
  status: MailStatus;
  error: string | null;
}
export type Created<T> = T & { invitation: InvitationOutcome };

export const createClinic = (input: ClinicInput) => post<Created<ClinicRow>>("/api/clinics/", input);
export const updateClinic = (id: string, input: ClinicInput) => put<ClinicRow>(`/api/clinics/${id}`, input);
export const createStaff = (input: StaffCreate) => post<Created<StaffRow>>("/api/staff/", input);
export const updateStaff = (id: string, input: StaffUpdate) => put<StaffRow>(`/api/staff/${id}`, input);
export const createPatient = (input: PatientCreate) => post<Created<PatientRow>>("/api/user-patients/", input);
export const updatePatient = (id: string, input: PatientUpdate) => put<PatientRow>(`/api/user-patients/${id}`, input);
export const setActive = (id: string, isActive: boolean) => put<{ id: string; isActive: boolean }>(`/api/users/${id}/active`, { isActive });
export const resendInvitation = (id: string) => post<InvitationOutcome>(`/api/users/${id}/invitation`);
export const saveGroupPermissions = (id: number, permissions: string[]) => put<Group>(`/api/groups/${id}/permissions`, { permissions });
export const createGroup = (input: GroupNameInput) => post<Group>("/api/groups/", input);
export const renameGroup = (id: number, input: GroupNameInput) => put<Group>(`/api/groups/${id}`, input);
export const deleteGroup = (id: number) => del<void>(`/api/groups/${id}`);
export const addGroupMember = (id: number, userId: string) => post<GroupMember>(`/api/groups/${id}/members`, { userId });
export const removeGroupMember = (id: number, userId: string) => del<void>(`/api/groups/${id}/members/${userId}`);
