import { type FeatureFlag, isModuleBuilt } from "./flags.ts";
import { GROUP, type GroupId } from "./groups.ts";

/**
 * Every permission codename of spec §6, by the module that owns it. The codenames are
 * kept exactly as the spec spells them (`change_apointment` included); later modules
 * use these constants instead of strings of their own.
 */
export const PERMISSIONS_BY_MODULE = {
  clinic: [
    "view_user",
    "change_user",
    "view_activity",
    "change_activity",
    "view_recommendation",
    "change_recommendation",
    "view_membership",
    "change_membership",
    "change_assignactivity",
    "view_assign_activity",
    "change_apointment",
    "change_all_appointments",
    "view_apointment",
    "change_service",
    "view_service",
    "answer_all_forms",
    "answer_their_forms",
    "view_form",
    "view_statistics",
    "is_patient",
  ],
  virtual_shop: [
    "change_store",
    "change_category",
    "change_product",
    "add_orderdiscount",
    "change_orderdiscount",
    "delete_orderdiscount",
    "add_bundle",
    "change_bundle",
    "delete_bundle",
  ],
  crm_manager: [
    "view_initiative",
    "add_initiative",
    "change_initiative",
    "delete_initiative",
    "view_callcenter",
    "add_callcenter",
    "change_callcenter",
    "delete_callcenter",
    "is_crm_agent",
    "is_admin",
    "is_crm_client",
  ],
  schedule: [
    "view_schedule_dashboard",
    "view_specialdayschedule",
    "view_dayschedule",
    "view_resource",
    "view_variation",
    "view_qualification",
    "view_appointment",
    "view_generate_report",
    "change_appointmentsetting",
    "view_appointmentsetting",
    "change_configuration",
    "view_configuration",
  ],
  product_quoter: ["view_productquoter"],
  quoter: ["view_quoter"],
  event_app: ["view_event"],
  navegacion: ["view_pagina"],
} as const satisfies Partial<Record<FeatureFlag, readonly string[]>>;

type ModulePermissions = typeof PERMISSIONS_BY_MODULE;
export type Permission = ModulePermissions[keyof ModulePermissions][number];

/** `view_service` appears under both the clinic and the schedule module in §6: one codename. */
export const PERMISSIONS: readonly Permission[] = [...new Set(Object.values(PERMISSIONS_BY_MODULE).flat() as Permission[])];

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

export function moduleOfPermission(codename: Permission): FeatureFlag {
  for (const [module, codenames] of Object.entries(PERMISSIONS_BY_MODULE)) {
    if ((codenames as readonly string[]).includes(codename)) return module as FeatureFlag;
  }
  throw new Error(`Unknown permission ${codename}`);
}

/** A readable name for lists of permissions ("view_activity" → "Can view activity"). */
export function permissionLabel(codename: Permission): string {
  const [verb, ...rest] = codename.split("_");
  const object = rest.join(" ");
  if (verb === "is") return `Is ${object.replace("crm ", "CRM ")}`;
  return `Can ${verb} ${object}`;
}

/** What each group is granted when the database is first set up; admins change it later. */
export const DEFAULT_GROUP_PERMISSIONS: Record<GroupId, readonly Permission[]> = {
  [GROUP.patient]: [
    "is_patient",
    "view_activity",
    "view_recommendation",
    "view_apointment",
    "change_apointment",
    "answer_their_forms",
    "view_form",
    "view_service",
  ],
  [GROUP.therapist]: [
    "view_user",
    "change_user",
    "view_activity",
    "change_activity",
    "view_recommendation",
    "change_recommendation",
    "change_assignactivity",
    "view_assign_activity",
    "change_apointment",
    "view_apointment",
    "view_service",
    "change_service",
    "answer_their_forms",
    "view_form",
    "view_statistics",
  ],
  // A clinic runs its own shop (issue 20), takes its own bookings (issue 35) and runs its own CRM as its CRM admin (issue 36) its own events (issue 37) and quotes its own treatment packages (issue 38):
  // a module's codenames only take effect while it is on.
  [GROUP.clinic]: [
    ...PERMISSIONS_BY_MODULE.clinic.filter((codename) => codename !== "is_patient"),
    ...PERMISSIONS_BY_MODULE.virtual_shop,
    ...PERMISSIONS_BY_MODULE.schedule,
    ...PERMISSIONS_BY_MODULE.crm_manager.filter((codename) => codename !== "is_crm_agent" && codename !== "is_crm_client"),
    ...PERMISSIONS_BY_MODULE.event_app,
    ...PERMISSIONS_BY_MODULE.product_quoter,
  ],
};

/**
 * Custom groups a new database starts with (migration 0041 adds them to an older one), which
 * admins may change or delete like any custom group: the CRM's agents work their own
 * initiatives and the call centre; its clients read the dashboard (issue 36). Insurance agents quote and bind policies (issue 38, migration 0044). Website editors write the public site (issue 39, migration 0045).
 */
export const DEFAULT_CUSTOM_GROUPS: readonly { name: { en: string; es: string }; permissions: readonly Permission[] }[] = [
  {
    name: { en: "CRM agents", es: "Agentes de CRM" },
    permissions: ["is_crm_agent", "view_initiative", "change_initiative", "view_callcenter", "add_callcenter", "change_callcenter"],
  },
  { name: { en: "CRM clients", es: "Clientes de CRM" }, permissions: ["is_crm_client"] },
  { name: { en: "Insurance agents", es: "Agentes de seguros" }, permissions: ["view_quoter"] },
  { name: { en: "Website editors", es: "Editores del sitio web" }, permissions: ["view_pagina"] },
];

/**
 * Codenames of modules not built yet (flags.ts BUILT_MODULES): nothing checks them, so they
 * cannot be granted. A codename a built module also uses (`view_service`) stays grantable.
 */
export const UNAVAILABLE_PERMISSIONS: readonly Permission[] = PERMISSIONS.filter((codename) =>
  Object.entries(PERMISSIONS_BY_MODULE).every(
    ([module, codenames]) => !isModuleBuilt(module as FeatureFlag) || !(codenames as readonly string[]).includes(codename),
  ),
);

export function isPermissionAvailable(codename: string): boolean {
  return !(UNAVAILABLE_PERMISSIONS as readonly string[]).includes(codename);
}
