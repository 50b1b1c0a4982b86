import type { Permission } from "@clinic/shared";
import { useSignedIn } from "../../../lib/session.ts";

/** Whether the signed-in user holds a codename; administrators hold them all (as the route gate says). */
export function useCan(): (codename: Permission) => boolean {
  const session = useSignedIn();
  return (codename) => session.isAdmin || session.permission.codenames.includes(codename);
}
