import type { Notification, NotificationPreferences, NotificationPreferencesUpdate, UnreadCount } from "@clinic/shared";
import { post, put } from "../../lib/api.ts";

/** Query-key roots: the paged lists (the screen's and the bell's latest) and the unread count. */
export const NOTIFICATIONS_KEY = "notifications";
export const UNREAD_KEY = ["notifications-unread"] as const;
export const PREFERENCES_KEY = ["notifications-preferences"] as const;

export const NOTIFICATIONS_PATH = "/api/notifications/";
export const UNREAD_PATH = "/api/notifications/unread-count";
export const PREFERENCES_PATH = "/api/notifications/preferences";
/** The screen (packages/shared/src/routes.ts: notifications). */
export const NOTIFICATIONS_SCREEN = "/manager/admin/notifications";

export const markRead = (id: number) => post<Notification>(`/api/notifications/${id}/read`);
export const markAllRead = () => post<UnreadCount>("/api/notifications/read-all");
export const savePreferences = (update: NotificationPreferencesUpdate) => put<NotificationPreferences>(PREFERENCES_PATH, update);
