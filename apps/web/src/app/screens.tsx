import { type ComponentType, lazy } from "react";
import type { ScreenId } from "../lib/screen-ids.ts";

/**
 * The screens built so far, by route id of the shared registry, each in a chunk of its own.
 * A route without a screen here is neither routed nor shown in the menu: there are no
 * placeholder pages. The ids are lib/screen-ids.ts's, exactly (the type checks both ways).
 */
export const SCREENS: Record<ScreenId, ComponentType> = {
  dashboard: lazy(() => import("../modules/dashboard/AdminDashboardPage.tsx").then((m) => ({ default: m.AdminDashboardPage }))),
  patientHome: lazy(() => import("../modules/dashboard/PatientHomePage.tsx").then((m) => ({ default: m.PatientHomePage }))),
  config: lazy(() => import("../modules/accounts/ConfigPage.tsx").then((m) => ({ default: m.ConfigPage }))),
  profile: lazy(() => import("../modules/accounts/ProfilePage.tsx").then((m) => ({ default: m.ProfilePage }))),
  activities: lazy(() => import("../modules/clinic/activities/ActivitiesPage.tsx").then((m) => ({ default: m.ActivitiesPage }))),
  activity: lazy(() => import("../modules/clinic/activities/ActivityPage.tsx").then((m) => ({ default: m.ActivityPage }))),
  recommendations: lazy(() => import("../modules/clinic/recommendations/RecommendationsPage.tsx").then((m) => ({ default: () => <m.RecommendationsPage /> }))),
  recommendation: lazy(() => import("../modules/clinic/recommendations/RecommendationFormPage.tsx").then((m) => ({ default: m.RecommendationFormPage }))),
  categories: lazy(() => import("../modules/clinic/categories/CategoriesPage.tsx").then((m) => ({ default: m.CategoriesPage }))),
  category: lazy(() => import("../modules/clinic/categories/CategoryPage.tsx").then((m) => ({ default: m.CategoryPage }))),
  categoryRecommendation: lazy(() =>
    import("../modules/clinic/recommendations/RecommendationFormPage.tsx").then((m) => ({ default: m.RecommendationFormPage })),
  ),
  files: lazy(() => import("../modules/clinic/files/FilesPage.tsx").then((m) => ({ default: m.FilesPage }))),
  fileAdd: lazy(() => import("../modules/clinic/files/FileAddPage.tsx").then((m) => ({ default: m.FileAddPage }))),
  uploadPicker: lazy(() => import("../modules/uploads/UploadPickerPage.tsx").then((m) => ({ default: m.UploadPickerPage }))),
  flags: lazy(() => import("../modules/flags/FlagsPage.tsx").then((m) => ({ default: m.FlagsPage }))),
  assign: lazy(() => import("../modules/clinic/assign/AssignPage.tsx").then((m) => ({ default: m.AssignPage }))),
  assignActivity: lazy(() => import("../modules/clinic/assign/activity/AssignActivityPage.tsx").then((m) => ({ default: m.AssignActivityPage }))),
  memberships: lazy(() => import("../modules/clinic/memberships/MembershipsPage.tsx").then((m) => ({ default: m.MembershipsPage }))),
  membership: lazy(() => import("../modules/clinic/memberships/MembershipFormPage.tsx").then((m) => ({ default: m.MembershipFormPage }))),
  assignMembership: lazy(() => import("../modules/clinic/memberships/AssignMembershipPage.tsx").then((m) => ({ default: m.AssignMembershipPage }))),
  assignRecommendation: lazy(() =>
    import("../modules/clinic/assign/recommendation/AssignRecommendationPage.tsx").then((m) => ({ default: m.AssignRecommendationPage })),
  ),
  nutritionPlans: lazy(() => import("../modules/clinic/assign/recommendation/NutritionPlansPage.tsx").then((m) => ({ default: m.NutritionPlansPage }))),
  getMembership: lazy(() => import("../modules/clinic/billing/MyMembershipPage.tsx").then((m) => ({ default: m.MyMembershipPage }))),
  membershipPayment: lazy(() => import("../modules/clinic/billing/CheckoutPage.tsx").then((m) => ({ default: m.CheckoutPage }))),
  membershipInvoice: lazy(() => import("../modules/clinic/billing/OrderPage.tsx").then((m) => ({ default: m.OrderPage }))),
  paymentHistory: lazy(() => import("../modules/clinic/billing/PaymentHistoryPage.tsx").then((m) => ({ default: m.PaymentHistoryPage }))),
  users: lazy(() => import("../modules/people/ClinicsPage.tsx").then((m) => ({ default: m.ClinicsPage }))),
  patients: lazy(() => import("../modules/people/PatientsPage.tsx").then((m) => ({ default: m.PatientsPage }))),
  userAdmin: lazy(() => import("../modules/people/UserAdminPage.tsx").then((m) => ({ default: m.UserAdminPage }))),
  games: lazy(() => import("../modules/clinic/games/GamesPage.tsx").then((m) => ({ default: m.GamesPage }))),
  gamePreview: lazy(() => import("../modules/clinic/games/GamePreviewPage.tsx").then((m) => ({ default: m.GamePreviewPage }))),
  gamePlay: lazy(() => import("../modules/clinic/games/PlayPage.tsx").then((m) => ({ default: m.PlayPage }))),
  groups: lazy(() => import("../modules/people/GroupsPage.tsx").then((m) => ({ default: m.GroupsPage }))),
  appointments: lazy(() => import("../modules/clinic/appointments/AppointmentsPage.tsx").then((m) => ({ default: m.AppointmentsPage }))),
  schedule: lazy(() => import("../modules/clinic/appointments/SchedulePage.tsx").then((m) => ({ default: m.SchedulePage }))),
  forms: lazy(() => import("../modules/clinic/forms/FormsPage.tsx").then((m) => ({ default: m.FormsPage }))),
  form: lazy(() => import("../modules/clinic/forms/FormBuilderPage.tsx").then((m) => ({ default: m.FormBuilderPage }))),
  formAnswer: lazy(() => import("../modules/clinic/forms/FormAnswerPage.tsx").then((m) => ({ default: m.FormAnswerPage }))),
  formResults: lazy(() => import("../modules/clinic/forms/results/FormResultsPage.tsx").then((m) => ({ default: m.FormResultsPage }))),
  statisticsApp: lazy(() => import("../modules/statistics/StatisticsAppPage.tsx").then((m) => ({ default: m.StatisticsAppPage }))),
  globalMessages: lazy(() => import("../modules/broadcasts/BroadcastsPage.tsx").then((m) => ({ default: m.BroadcastsPage }))),
  formResult: lazy(() => import("../modules/clinic/forms/results/FormResultPage.tsx").then((m) => ({ default: m.FormResultPage }))),
  statistics: lazy(() => import("../modules/clinic/statistics/StatisticsPage.tsx").then((m) => ({ default: m.StatisticsPage }))),
  message: lazy(() => import("../modules/messages/MessagesPage.tsx").then((m) => ({ default: m.MessagesPage }))),
  notifications: lazy(() => import("../modules/notifications/NotificationsPage.tsx").then((m) => ({ default: m.NotificationsPage }))),
  statistic: lazy(() => import("../modules/clinic/statistics/ActivityStatisticsPage.tsx").then((m) => ({ default: m.ActivityStatisticsPage }))),
  test: lazy(() => import("../modules/system/SystemCheckPage.tsx").then((m) => ({ default: m.SystemCheckPage }))),
};
