import type { AssignedMembership, AssignMembershipInput, Membership, MembershipInput } from "@clinic/shared";
import { del, post, put } from "../../../lib/api.ts";

export const MEMBERSHIPS_KEY = "memberships";
export const ASSIGNED_MEMBERSHIPS_KEY = "assignMemberships";
export const MEMBERSHIP_SEATS_KEY = "membershipSeats";
export const membershipKey = (id: number) => ["membership", id] as const;

/** Spec §7's calls, verbs included: PUT creates, POST updates. */
export const createMembership = (input: MembershipInput) => put<Membership>("/api/memberships/", input);
export const updateMembership = (id: number, input: MembershipInput) => post<Membership>(`/api/membership/${id}`, input);
export const deleteMembership = (id: number) => del<null>(`/api/membership/${id}`);

export const assignMembership = (clinicId: string, input: AssignMembershipInput) =>
  post<AssignedMembership>(`/api/patients-memberships/${encodeURIComponent(clinicId)}`, input);
export const deleteAssignment = (id: number) => del<null>(`/api/assignMemberships/${id}`);
