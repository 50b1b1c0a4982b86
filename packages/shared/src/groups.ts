/** Group ids of spec §6: the first group of a user gives the role. */
export const GROUP = { patient: 1, clinic: 2, therapist: 3 } as const;
export type GroupId = (typeof GROUP)[keyof typeof GROUP];
export const GROUP_IDS: readonly GroupId[] = [GROUP.patient, GROUP.clinic, GROUP.therapist];

export const GROUP_NAMES: Record<GroupId, { en: string; es: string }> = {
  1: { en: "Patient", es: "Paciente" },
  2: { en: "Clinic", es: "Clínica" },
  3: { en: "Therapist", es: "Terapeuta" },
};

export type Role = "admin" | "clinic" | "therapist" | "patient";

export function isBuiltinGroup(id: number): id is GroupId {
  return (GROUP_IDS as readonly number[]).includes(id);
}

/**
 * The role a screen is built for: the admin flag first, then the first group id. Custom groups
 * (the groups screen) only add grants: they are placed after the role's group, and are passed
 * over here all the same, so no custom group can ever change a role.
 */
export function roleOf(user: { isAdmin: boolean; groups: readonly number[] }): Role {
  if (user.isAdmin) return "admin";
  switch (user.groups.find(isBuiltinGroup)) {
    case GROUP.patient:
      return "patient";
    case GROUP.clinic:
      return "clinic";
    default:
      return "therapist";
  }
}

/**
 * Spec §2: admins and groups 2 and 3 land on the admin dashboard, patients on their home.
 * Spec §9's CRM redirect: someone in no built-in group who works only in the CRM (issue 36)
 * lands there while it is on: an agent on the initiatives, a CRM client on its dashboard.
 */
export function homePathOf(user: { isAdmin: boolean; groups: readonly number[]; permissions?: readonly string[]; crmOn?: boolean }): string {
  const role = roleOf(user);
  if (role === "patient") return "/manager/patient";
  if (!user.isAdmin && user.crmOn && !user.groups.some(isBuiltinGroup)) {
    if (user.permissions?.includes("is_crm_agent")) return "/crm/app/telemarket/media";
    if (user.permissions?.includes("is_crm_client")) return "/crm/app";
  }
  return "/manager/admin/dashboard";
}
