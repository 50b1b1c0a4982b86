import { post } from "../../lib/api.ts";

/**
 * What the shell's banners need (BroadcastBanners.tsx), apart from api.ts: that one reads the
 * shared broadcast schemas' messages, and with them zod, which the shell does not load.
 */
export const ACTIVE_BROADCASTS_PATH = "/api/broadcasts/active";
/** The shell's banners, per user: a new sign-in (another user on the same tab) never sees the last one's. */
export const activeBroadcastsKey = (userId: string) => ["activeBroadcasts", userId] as const;

export const dismissBroadcast = (id: number) => post<void>(`/api/broadcasts/${id}/dismiss`);
