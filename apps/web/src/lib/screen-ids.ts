/**
 * The route ids of the shared registry that have a screen. Ids only: the menu and pages ask
 * `isBuilt` without loading app/screens.tsx (the lazy screens), which must list exactly these.
 */
export const BUILT_SCREENS = [
  "dashboard",
  "patientHome",
  "config",
  "profile",
  "activities",
  "activity",
  "recommendations",
  "recommendation",
  "categories",
  "category",
  "categoryRecommendation",
  "files",
  "fileAdd",
  "uploadPicker",
  "flags",
  "assign",
  "assignActivity",
  "memberships",
  "membership",
  "assignMembership",
  "assignRecommendation",
  "getMembership",
  "membershipPayment",
  "membershipInvoice",
  "paymentHistory",
  "nutritionPlans",
  "users",
  "patients",
  "userAdmin",
  "games",
  "gamePreview",
  "gamePlay",
  "groups",
  "appointments",
  "schedule",
  "forms",
  "form",
  "formAnswer",
  "formResults",
  "formResult",
  "statistics",
  "statistic",
  "statisticsApp",
  "test",
  "globalMessages",
  "notifications",
  "message",
] as const;

export type ScreenId = (typeof BUILT_SCREENS)[number];

const BUILT = new Set<string>(BUILT_SCREENS);

export const isBuilt = (routeId: string): routeId is ScreenId => BUILT.has(routeId);
