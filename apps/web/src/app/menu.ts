import { MENUS, MODULE_MENU, ROUTES_BY_ID, type RouteEntry, type Section, type SessionState, isRouteVisible, roleOf } from "@clinic/shared";
import { isBuilt } from "../lib/screen-ids.ts";
import { visibilityOf } from "../lib/session.ts";

/** The role's menu of spec §2 plus module routes, keeping what is built and visible, grouped by section. */
export function menuFor(session: SessionState): { section: Section; routes: RouteEntry[] }[] {
  const role = roleOf({ isAdmin: session.isAdmin, groups: session.userData.groups });
  const ids: readonly string[] = MENUS[role];
  const context = visibilityOf(session);
  const entries = [...ids, ...MODULE_MENU]
    .map((id) => ROUTES_BY_ID.get(id))
    .filter((entry): entry is RouteEntry => !!entry && entry.navigation && isBuilt(entry.id) && isRouteVisible(entry, context));
  const sections: { section: Section; routes: RouteEntry[] }[] = [];
  for (const entry of entries) {
    const group = sections.find((item) => item.section === entry.section);
    if (group) group.routes.push(entry);
    else sections.push({ section: entry.section, routes: [entry] });
  }
  return sections;
}
