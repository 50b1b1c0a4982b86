import { type ComponentType, lazy } from "react";
import type { ScreenId } from "../lib/screen-ids.ts";

/**
 * The screens built so far, by route id of the shared registry, each in a chunk of its own
 * (apps/web/scripts/bundle-budget.ts reads these lines). A route without a screen here is neither
 * routed nor shown in the menu: there are no placeholder pages. The ids are lib/screen-ids.ts's,
 * exactly (the type checks both ways). The first page's loader is called before it renders
 * (router.tsx, preloadFirstPage), so its chunk loads beside the shell's, not after it.
 */
export const SCREEN_LOADERS: Record<ScreenId, () => Promise<ComponentType>> = {
  dashboard: () => import("../modules/dashboard/AdminDashboardPage.tsx").then((m) => m.AdminDashboardPage),
  patientHome: () => import("../modules/dashboard/PatientHomePage.tsx").then((m) => m.PatientHomePage),
  config: () => import("../modules/accounts/ConfigPage.tsx").then((m) => m.ConfigPage),
  profile: () => import("../modules/accounts/ProfilePage.tsx").then((m) => m.ProfilePage),
  activities: () => import("../modules/clinic/activities/ActivitiesPage.tsx").then((m) => m.ActivitiesPage),
  activity: () => import("../modules/clinic/activities/ActivityPage.tsx").then((m) => m.ActivityPage),
  recommendations: () => import("../modules/clinic/recommendations/RecommendationsPage.tsx").then((m) => () => <m.RecommendationsPage />),
  recommendation: () => import("../modules/clinic/recommendations/RecommendationFormPage.tsx").then((m) => m.RecommendationFormPage),
  categories: () => import("../modules/clinic/categories/CategoriesPage.tsx").then((m) => m.CategoriesPage),
  category: () => import("../modules/clinic/categories/CategoryPage.tsx").then((m) => m.CategoryPage),
  categoryRecommendation: () => import("../modules/clinic/recommendations/RecommendationFormPage.tsx").then((m) => m.RecommendationFormPage),
  files: () => import("../modules/clinic/files/FilesPage.tsx").then((m) => m.FilesPage),
  fileAdd: () => import("../modules/clinic/files/FileAddPage.tsx").then((m) => m.FileAddPage),
  uploadPicker: () => import("../modules/uploads/UploadPickerPage.tsx").then((m) => m.UploadPickerPage),
  flags: () => import("../modules/flags/FlagsPage.tsx").then((m) => m.FlagsPage),
  assign: () => import("../modules/clinic/assign/AssignPage.tsx").then((m) => m.AssignPage),
  assignActivity: () => import("../modules/clinic/assign/activity/AssignActivityPage.tsx").then((m) => m.AssignActivityPage),
  memberships: () => import("../modules/clinic/memberships/MembershipsPage.tsx").then((m) => m.MembershipsPage),
  membership: () => import("../modules/clinic/memberships/MembershipFormPage.tsx").then((m) => m.MembershipFormPage),
  assignMembership: () => import("../modules/clinic/memberships/AssignMembershipPage.tsx").then((m) => m.AssignMembershipPage),
  assignRecommendation: () => import("../modules/clinic/assign/recommendation/AssignRecommendationPage.tsx").then((m) => m.AssignRecommendationPage),
  nutritionPlans: () => import("../modules/clinic/assign/recommendation/NutritionPlansPage.tsx").then((m) => m.NutritionPlansPage),
  getMembership: () => import("../modules/clinic/billing/MyMembershipPage.tsx").then((m) => m.MyMembershipPage),
  membershipPayment: () => import("../modules/clinic/billing/CheckoutPage.tsx").then((m) => m.CheckoutPage),
  membershipInvoice: () => import("../modules/clinic/billing/OrderPage.tsx").then((m) => m.OrderPage),
  paymentHistory: () => import("../modules/clinic/billing/PaymentHistoryPage.tsx").then((m) => m.PaymentHistoryPage),
  users: () => import("../modules/people/ClinicsPage.tsx").then((m) => m.ClinicsPage),
  patients: () => import("../modules/people/PatientsPage.tsx").then((m) => m.PatientsPage),
  userAdmin: () => import("../modules/people/UserAdminPage.tsx").then((m) => m.UserAdminPage),
  games: () => import("../modules/clinic/games/GamesPage.tsx").then((m) => m.GamesPage),
  gamePreview: () => import("../modules/clinic/games/GamePreviewPage.tsx").then((m) => m.GamePreviewPage),
  gamePlay: () => import("../modules/clinic/games/PlayPage.tsx").then((m) => m.PlayPage),
  groups: () => import("../modules/people/GroupsPage.tsx").then((m) => m.GroupsPage),
  appointments: () => import("../modules/clinic/appointments/AppointmentsPage.tsx").then((m) => m.AppointmentsPage),
  schedule: () => import("../modules/clinic/appointments/SchedulePage.tsx").then((m) => m.SchedulePage),
  forms: () => import("../modules/clinic/forms/FormsPage.tsx").then((m) => m.FormsPage),
  form: () => import("../modules/clinic/forms/FormBuilderPage.tsx").then((m) => m.FormBuilderPage),
  formAnswer: () => import("../modules/clinic/forms/FormAnswerPage.tsx").then((m) => m.FormAnswerPage),
  formResults: () => import("../modules/clinic/forms/results/FormResultsPage.tsx").then((m) => m.FormResultsPage),
  statisticsApp: () => import("../modules/statistics/StatisticsAppPage.tsx").then((m) => m.StatisticsAppPage),
  globalMessages: () => import("../modules/broadcasts/BroadcastsPage.tsx").then((m) => m.BroadcastsPage),
  formResult: () => import("../modules/clinic/forms/results/FormResultPage.tsx").then((m) => m.FormResultPage),
  statistics: () => import("../modules/clinic/statistics/StatisticsPage.tsx").then((m) => m.StatisticsPage),
  message: () => import("../modules/messages/MessagesPage.tsx").then((m) => m.MessagesPage),
  notifications: () => import("../modules/notifications/NotificationsPage.tsx").then((m) => m.NotificationsPage),
  statistic: () => import("../modules/clinic/statistics/ActivityStatisticsPage.tsx").then((m) => m.ActivityStatisticsPage),
  test: () => import("../modules/system/SystemCheckPage.tsx").then((m) => m.SystemCheckPage),
  audit: () => import("../modules/audit/AuditPage.tsx").then((m) => m.AuditPage),
  shopStorefront: () => import("../modules/shop/storefront/StorefrontPage.tsx").then((m) => m.StorefrontPage),
  shopProduct: () => import("../modules/shop/storefront/ProductPage.tsx").then((m) => m.ProductPage),
  shopBundle: () => import("../modules/shop/storefront/BundlePage.tsx").then((m) => m.BundlePage),
  shopCart: () => import("../modules/shop/storefront/CartPage.tsx").then((m) => m.CartPage),
  shopMyOrders: () => import("../modules/shop/orders/MyOrdersPage.tsx").then((m) => m.MyOrdersPage),
  shopMyOrder: () => import("../modules/shop/orders/MyOrderPage.tsx").then((m) => m.MyOrderPage),
  shopOrders: () => import("../modules/shop/orders/StoreOrdersPage.tsx").then((m) => m.StoreOrdersPage),
  shopOrder: () => import("../modules/shop/orders/StoreOrderPage.tsx").then((m) => m.StoreOrderPage),
  shopStoreManager: () => import("../modules/shop/manage/StoreManagerPage.tsx").then((m) => m.StoreManagerPage),
  shopManager: () => import("../modules/shop/manage/ProductsPage.tsx").then((m) => m.ProductsPage),
  shopCategory: () => import("../modules/shop/manage/ProductsPage.tsx").then((m) => m.ProductsPage),
  shopInventory: () => import("../modules/shop/manage/InventoryPage.tsx").then((m) => m.InventoryPage),
  shopDiscounts: () => import("../modules/shop/manage/DiscountsPage.tsx").then((m) => m.DiscountsPage),
  shopBundles: () => import("../modules/shop/manage/BundlesPage.tsx").then((m) => m.BundlesPage),
  scheduleHome: () => import("../modules/booking/work/ScheduleHomePage.tsx").then((m) => m.ScheduleHomePage),
  scheduleDashboard: () => import("../modules/booking/work/ScheduleDashboardPage.tsx").then((m) => m.ScheduleDashboardPage),
  scheduleServiceHours: () => import("../modules/booking/setup/ServiceHoursPage.tsx").then((m) => m.ServiceHoursPage),
  scheduleEquipment: () => import("../modules/booking/setup/EquipmentPage.tsx").then((m) => m.EquipmentPage),
  scheduleVariation: () => import("../modules/booking/setup/ServicesPage.tsx").then((m) => m.ServicesPage),
  scheduleScore: () => import("../modules/booking/work/RatingsPage.tsx").then((m) => m.RatingsPage),
  scheduleBooking: () => import("../modules/booking/work/BookingsPage.tsx").then((m) => m.BookingsPage),
  scheduleReport: () => import("../modules/booking/work/ReportPage.tsx").then((m) => m.ReportPage),
  scheduleConfig: () => import("../modules/booking/setup/ScheduleConfigPage.tsx").then((m) => m.ScheduleConfigPage),
};

/** The same screens as React components that load on first render. */
export const SCREENS = {} as Record<ScreenId, ComponentType>;
for (const id of Object.keys(SCREEN_LOADERS) as ScreenId[]) {
  SCREENS[id] = lazy(() => SCREEN_LOADERS[id]().then((component) => ({ default: component })));
}
