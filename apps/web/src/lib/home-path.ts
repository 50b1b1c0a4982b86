import { type SessionState, homePathOf } from "@clinic/shared";

/**
 * Where a signed-in user lands: pure helpers, without TanStack Query, so that the light
 * sign-in entry (login-main.tsx) can use them; lib/session.ts re-exports them for the app.
 */
export function homeOf(session: SessionState): string {
  return homePathOf({
    isAdmin: session.isAdmin,
    groups: session.userData.groups,
    permissions: session.permission.codenames,
    crmOn: session.flags.crm_manager === true,
  });
}

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeNext(next: string | null): string | null {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/accounts/")) return null;
  return next;
}
