/** Spec §9. */
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export const DATE_FORMAT = "YYYY-MM-DD";
export const DATE_TIME_FORMAT = "YYYY-MM-DD, hh:mm a";

export const SIDE_MENU_WIDTH = 280;
export const SHELL_FADE_IN_MS = 1000;

export const APPOINTMENT_DURATIONS = [15, 30, 45, 60] as const;
export const DEFAULT_APPOINTMENT_DURATION = 15;
export const APPOINTMENT_TYPES = { 1: "Office", 2: "Skype", 3: "Cellphone", 4: "Facetime", 5: "Home", 6: "Zoom" } as const;
export const MEMBERSHIP_MONTHS = { 1: "Monthly", 2: "Bimonthly", 3: "Quarterly", 6: "Semiannual" } as const;
export const FILE_TYPES = ["Game", "Video", "Text"] as const;
export const FILES_PAGE_SIZE = 5;
export const NAME_MAX = 60;
export const DESCRIPTION_MAX = 600;
export const DOCUMENT_NAME_MAX = 200;
export const SCHEDULE_TIME_STEP_MINUTES = 15;
export const EDITOR_POPUP_MAX = { width: 1250, height: 1000 } as const;

/** Paged lists: 1-based pages (ARCHITECTURE.md, Contracts). */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
