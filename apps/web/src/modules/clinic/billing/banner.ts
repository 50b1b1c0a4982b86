import type { SessionState } from "@clinic/shared";

// Apart from format.ts: the shell loads this on every page, and it must not bring zod (the schemas) along.

/** The banner the shell shows: access paused (non-admins whose clinic lapsed), or grace days left. */
export type MembershipBannerState = { kind: "paused" } | { kind: "grace"; ended: string; until: string } | null;

export function membershipBanner(session: Pick<SessionState, "isAdmin" | "orderData">): MembershipBannerState {
  if (session.isAdmin) return null;
  const { isActivated, endsOn, graceUntil } = session.orderData;
  if (!isActivated) return { kind: "paused" };
  if (graceUntil) return { kind: "grace", ended: endsOn ?? "", until: graceUntil };
  return null;
}
