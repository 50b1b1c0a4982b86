import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountsRoutes } from "./modules/accounts/accounts.routes.ts";
import { activitiesRoutes } from "./modules/clinic/activities/activities.routes.ts";
import { filesRoutes } from "./modules/clinic/files/files.routes.ts";
import { categoriesRoutes } from "./modules/clinic/categories/categories.routes.ts";
import { recommendationsRoutes } from "./modules/clinic/recommendations/recommendations.routes.ts";
import { flagsRoutes } from "./modules/flags/flags.routes.ts";
import { membershipsRoutes } from "./modules/clinic/memberships/memberships.routes.ts";
import { recommendationAssignmentsRoutes } from "./modules/clinic/assignments/recommendation-assignments.routes.ts";
import { activityAssignmentsRoutes } from "./modules/clinic/assignments/activity-assignments.routes.ts";
import { gameSessionsRoutes } from "./modules/clinic/games/game-sessions.routes.ts";
import { appointmentsRoutes } from "./modules/clinic/appointments/appointments.routes.ts";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes.ts";
import { peopleRoutes } from "./modules/people/people.routes.ts";
import { usersRoutes } from "./modules/people/users.routes.ts";
import { groupsRoutes } from "./modules/people/groups.routes.ts";
import { userImportRoutes } from "./modules/people/import.routes.ts";
import { billingRoutes } from "./modules/clinic/billing/billing.routes.ts";
import { formsRoutes } from "./modules/clinic/forms/forms.routes.ts";
import { formAssignmentsRoutes } from "./modules/clinic/forms/form-assignments.routes.ts";
import { statisticsRoutes } from "./modules/clinic/statistics/statistics.routes.ts";
import { progressRoutes } from "./modules/clinic/statistics/progress.routes.ts";
import { statisticsAppRoutes } from "./modules/statistics/statistics-app.routes.ts";
import { broadcastsRoutes } from "./modules/broadcasts/broadcasts.routes.ts";
import { messagesRoutes } from "./modules/messages/messages.routes.ts";
import { shopCatalogueRoutes } from "./modules/shop/catalogue.routes.ts";
import { shopOrdersRoutes } from "./modules/shop/orders.routes.ts";
import { auditRoutes } from "./modules/audit/audit.routes.ts";
import { bookingRoutes } from "./modules/booking/booking.routes.ts";
import { crmClientsRoutes } from "./modules/crm/clients.routes.ts";
import { crmInitiativesRoutes } from "./modules/crm/initiatives.routes.ts";
import { crmTelemarketRoutes } from "./modules/crm/telemarket.routes.ts";
import { crmEmailRoutes } from "./modules/crm/email.routes.ts";
import { crmImportRoutes } from "./modules/crm/import.routes.ts";
import { eventsRoutes } from "./modules/events/events.routes.ts";
import { registrationsRoutes } from "./modules/events/registrations.routes.ts";
import { eventPaymentsRoutes } from "./modules/events/payments.routes.ts";
import { planningRoutes } from "./modules/events/planning.routes.ts";
import { reportsRoutes } from "./modules/events/reports.routes.ts";
import { productQuotePublicRoutes } from "./modules/quoters/products/product-quote-public.routes.ts";
import { productQuotesRoutes } from "./modules/quoters/products/product-quotes.routes.ts";
import { insuranceQuoterRoutes } from "./modules/quoters/insurance/insurance.routes.ts";
import { cmsPagesRoutes } from "./modules/cms/cms-pages.routes.ts";
import { cmsSiteRoutes } from "./modules/cms/cms-site.routes.ts";
import { aiRoutes } from "./modules/ai/ai.routes.ts";
import { chatRoutes } from "./modules/chat/chat.routes.ts";

/**
 * Every server module, registered in this order. A module's routes guard their own flag;
 * `needsActivatedOrder`: every route of it also needs the clinic's membership (billing/gating.ts),
 * the API side of the web routes that declare `activatedOrder`.
 */
export const SERVER_MODULES: readonly { name: string; routes: FastifyPluginAsyncZod; needsActivatedOrder?: true }[] = [
  { name: "accounts", routes: accountsRoutes },
  { name: "flags", routes: flagsRoutes },
  { name: "clinic/categories", routes: categoriesRoutes, needsActivatedOrder: true },
  { name: "clinic/recommendations", routes: recommendationsRoutes, needsActivatedOrder: true },
  { name: "clinic/activities", routes: activitiesRoutes, needsActivatedOrder: true },
  { name: "clinic/files", routes: filesRoutes, needsActivatedOrder: true },
  { name: "clinic/memberships", routes: membershipsRoutes },
  { name: "clinic/recommendation-assignments", routes: recommendationAssignmentsRoutes, needsActivatedOrder: true },
  { name: "clinic/activity-assignments", routes: activityAssignmentsRoutes, needsActivatedOrder: true },
  { name: "clinic/game-sessions", routes: gameSessionsRoutes, needsActivatedOrder: true },
  { name: "clinic/appointments", routes: appointmentsRoutes, needsActivatedOrder: true },
  { name: "dashboard", routes: dashboardRoutes },
  { name: "people", routes: peopleRoutes },
  { name: "people/users", routes: usersRoutes },
  { name: "people/groups", routes: groupsRoutes },
  { name: "people/import", routes: userImportRoutes },
  { name: "clinic/billing", routes: billingRoutes },
  { name: "clinic/forms", routes: formsRoutes, needsActivatedOrder: true },
  { name: "clinic/form-assignments", routes: formAssignmentsRoutes, needsActivatedOrder: true },
  { name: "clinic/statistics", routes: statisticsRoutes, needsActivatedOrder: true },
  { name: "clinic/statistics-progress", routes: progressRoutes, needsActivatedOrder: true },
  { name: "statistics", routes: statisticsAppRoutes },
  { name: "broadcasts", routes: broadcastsRoutes },
  { name: "messages", routes: messagesRoutes },
  { name: "shop/catalogue", routes: shopCatalogueRoutes },
  { name: "shop/orders", routes: shopOrdersRoutes },
  { name: "booking", routes: bookingRoutes },
  { name: "crm/clients", routes: crmClientsRoutes },
  { name: "crm/initiatives", routes: crmInitiativesRoutes },
  { name: "crm/telemarket", routes: crmTelemarketRoutes },
  { name: "crm/email", routes: crmEmailRoutes },
  { name: "crm/import", routes: crmImportRoutes },
  { name: "events/events", routes: eventsRoutes },
  { name: "events/registrations", routes: registrationsRoutes },
  { name: "events/payments", routes: eventPaymentsRoutes },
  { name: "events/planning", routes: planningRoutes },
  { name: "events/reports", routes: reportsRoutes },
  { name: "quoters/product-quotes", routes: productQuotesRoutes },
  { name: "quoters/product-quote-public", routes: productQuotePublicRoutes },
  { name: "quoters/insurance", routes: insuranceQuoterRoutes },
  { name: "cms/pages", routes: cmsPagesRoutes },
  { name: "cms/site", routes: cmsSiteRoutes },
  { name: "chat", routes: chatRoutes },
  { name: "ai", routes: aiRoutes },
  { name: "audit", routes: auditRoutes },
];
