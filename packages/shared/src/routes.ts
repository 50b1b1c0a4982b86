import type { FeatureFlag, FeatureFlags } from "./flags.ts";
import type { Permission } from "./permissions.ts";

/** Checks of spec §6 that look at the user rather than at permissions. */
export type UserValidation = "isAdmin" | "activeUser" | "activatedOrder";

export type Section = "home" | "clinic" | "management" | "settings" | "shop" | "crm" | "schedule" | "events" | "website" | "apps";

export const SECTION_TITLES: Record<Section, { en: string; es: string }> = {
  home: { en: "Overview", es: "Resumen" },
  clinic: { en: "Clinic", es: "Clínica" },
  management: { en: "Management", es: "Gestión" },
  settings: { en: "Settings", es: "Configuración" },
  shop: { en: "Shop", es: "Tienda" },
  crm: { en: "CRM", es: "CRM" },
  schedule: { en: "Scheduling", es: "Agenda" },
  events: { en: "Events", es: "Eventos" },
  website: { en: "Website", es: "Sitio web" },
  apps: { en: "Apps", es: "Aplicaciones" },
};

export interface RouteEntry {
  /** Stable id, used by menus and by the web app's screen map. */
  id: string;
  /** react-router path; `:param` marks a parameter. */
  path: string;
  title: { en: string; es: string };
  /** Shown in the side menu (detail routes are routable but not listed). */
  navigation: boolean;
  section: Section;
  /** Module flags that must all be on. */
  modules: readonly FeatureFlag[];
  /** The user needs at least one of these (none listed: any signed-in user). */
  permissions: readonly Permission[];
  /** Holding any of these hides the route (spec §6: used against is_patient). */
  excludedPermissions: readonly Permission[];
  userValidations: readonly UserValidation[];
  /** Reachable without signing in (spec §2 lists none in the app so far). */
  public?: boolean;
  /** Opened in a window of its own, without the side menu and top bar (the editor's upload picker). */
  popup?: boolean;
  /**
   * No screen exists yet (apps/web/src/app/screens.tsx): never routed nor listed. Every route
   * has a screen or says so here; the registry's test holds the two together.
   */
  notBuilt?: true;
}

type Entry = Omit<RouteEntry, "navigation" | "modules" | "permissions" | "excludedPermissions" | "userValidations"> & Partial<RouteEntry>;

const notPatient = ["is_patient"] as const satisfies readonly Permission[];
/**
 * The clinic's care work (catalogue, games, assignments, appointments, forms, statistics)
 * needs an activated order: a clinic in trial or with a paid membership, grace days included
 * (issue 16). Memberships, payments, people, the dashboard and settings stay open so a lapsed
 * clinic can renew and keep its records; the API refuses the same work with 402 (billing/gating.ts).
 */
const paid = ["activatedOrder"] as const satisfies readonly UserValidation[];

function route(entry: Entry): RouteEntry {
  return {
    navigation: true,
    modules: [],
    permissions: [],
    excludedPermissions: [],
    userValidations: [],
    ...entry,
  };
}

function clinic(entry: Entry): RouteEntry {
  return route({ modules: ["clinic"], ...entry, path: `/manager/admin/${entry.path}` });
}

/** Every route of spec §2, in menu order within each section. */
export const ROUTES: readonly RouteEntry[] = [
  clinic({ id: "dashboard", path: "dashboard", section: "home", title: { en: "Dashboard", es: "Panel" }, excludedPermissions: notPatient }),
  route({
    id: "patientHome",
    path: "/manager/patient",
    section: "home",
    modules: ["clinic"],
    title: { en: "My therapy", es: "Mi terapia" },
    permissions: ["is_patient"],
  }),
  clinic({
    id: "users",
    path: "users",
    section: "management",
    title: { en: "Clinics", es: "Clínicas" },
    permissions: ["view_user", "change_user"],
    excludedPermissions: notPatient,
  }),
  clinic({
    id: "patients",
    path: "patients",
    section: "management",
    title: { en: "Patients", es: "Pacientes" },
    permissions: ["view_user", "change_user"],
    excludedPermissions: notPatient,
  }),
  clinic({
    id: "activities",
    path: "activities",
    section: "clinic",
    title: { en: "Activities", es: "Actividades" },
    permissions: ["view_activity", "change_activity"],
    userValidations: paid,
  }),
  clinic({
    id: "activity",
    path: "activities/:activityId",
    navigation: false,
    section: "clinic",
    title: { en: "Activity", es: "Actividad" },
    permissions: ["view_activity", "change_activity"],
    userValidations: paid,
  }),
  clinic({
    id: "games",
    path: "games",
    navigation: false,
    section: "clinic",
    title: { en: "Game catalogue", es: "Catálogo de juegos" },
    permissions: ["view_activity", "change_activity"],
    excludedPermissions: notPatient,
    userValidations: paid,
  }),
  route({
    id: "gamePreview",
    path: "/manager/admin/games/:buildId",
    navigation: false,
    popup: true,
    section: "clinic",
    modules: ["clinic"],
    title: { en: "Game preview", es: "Vista previa del juego" },
    permissions: ["view_activity", "change_activity"],
    excludedPermissions: notPatient,
    userValidations: paid,
  }),
  route({
    id: "gamePlay",
    path: "/manager/patient/play/:assignmentId",
    navigation: false,
    popup: true,
    section: "home",
    modules: ["clinic"],
    title: { en: "Play", es: "Jugar" },
    permissions: ["is_patient"],
    userValidations: paid,
  }),
  clinic({
    id: "files",
    path: "files",
    section: "clinic",
    title: { en: "Files", es: "Archivos" },
    permissions: ["change_activity"],
    excludedPermissions: notPatient,
    userValidations: paid,
  }),
  clinic({
    id: "fileAdd",
    path: "files/new",
    navigation: false,
    section: "clinic",
    title: { en: "Add file", es: "Añadir archivo" },
    permissions: ["change_activity"],
    excludedPermissions: notPatient,
    userValidations: paid,
  }),
  route({
    id: "uploadPicker",
    path: "/uploads/:type/",
    navigation: false,
    popup: true,
    section: "clinic",
    modules: ["clinic"],
    title: { en: "Insert an image", es: "Insertar una imagen" },
    permissions: ["change_activity", "change_recommendation"],
    excludedPermissions: notPatient,
  }),
  clinic({
    id: "recommendations",
    path: "recommendations",
    section: "clinic",
    title: { en: "Recommendations", es: "Recomendaciones" },
    permissions: ["view_recommendation", "change_recommendation"],
    userValidations: paid,
  }),
  clinic({
    id: "recommendation",
    path: "recommendations/:recoId",
    navigation: false,
    section: "clinic",
    title: { en: "Recommendation", es: "Recomendación" },
    permissions: ["view_recommendation", "change_recommendation"],
    userValidations: paid,
  }),
  clinic({
    id: "categories",
    path: "categories",
    section: "clinic",
    title: { en: "Categories", es: "Categorías" },
    permissions: ["change_activity"],
    excludedPermissions: notPatient,
    userValidations: paid,
  }),
  clinic({
    id: "category",
    path: "categories/:categoryId",
    navigation: false,
    section: "clinic",
    title: { en: "Category", es: "Categoría" },
    permissions: ["view_activity", "change_activity"],
    userValidations: paid,
  }),
  clinic({
    id: "categoryRecommendation",
    path: "categories/:categoryId/:recoId",
    navigation: false,
    section: "clinic",
    title: { en: "Category recommendation", es: "Recomendación de la categoría" },
    permissions: ["view_recommendation", "change_recommendation"],
    userValidations: paid,
  }),
  clinic({
    id: "memberships",
    path: "memberships",
    section: "management",
    title: { en: "Memberships", es: "Membresías" },
    permissions: ["change_membership"],
    excludedPermissions: notPatient,
  }),
  clinic({
    id: "membership",
    path: "memberships/:membershipId",
    navigation: false,
    section: "management",
    title: { en: "Membership", es: "Membresía" },
    permissions: ["change_membership"],
    excludedPermissions: notPatient,
  }),
  clinic({
    id: "getMembership",
    path: "getMembership",
    section: "management",
    title: { en: "My membership", es: "Mi membresía" },
    permissions: ["view_membership", "is_patient"],
  }),
  clinic({
    id: "membershipInvoice",
    path: "getMembership/invoice/:orderId",
    navigation: false,
    section: "management",
    title: { en: "Invoice", es: "Factura" },
    permissions: ["view_membership", "is_patient"],
  }),
  clinic({
    id: "membershipPayment",
    path: "getMembership/:membershipId",
    navigation: false,
    section: "management",
    title: { en: "Membership payment", es: "Pago de membresía" },
    permissions: ["view_membership", "is_patient"],
  }),
  clinic({
    id: "paymentHistory",
    path: "paymentHistory",
    section: "management",
    title: { en: "Payment history", es: "Historial de pagos" },
    permissions: ["view_membership", "is_patient"],
  }),
  clinic({
    id: "assign",
    path: "assign",
    section: "clinic",
    title: { en: "Assign", es: "Asignar" },
    permissions: ["change_assignactivity", "view_assign_activity"],
    excludedPermissions: notPatient,
    userValidations: paid,
  }),
  clinic({
    id: "assignMembership",
    path: "assign/membership",
    navigation: false,
    section: "clinic",
    title: { en: "Assign membership", es: "Asignar membresía" },
    permissions: ["change_membership"],
    excludedPermissions: notPatient,
  }),
  clinic({
    id: "assignRecommendation",
    path: "assign/recommendation",
    navigation: false,
    section: "clinic",
    title: { en: "Assign recommendation", es: "Asignar recomendación" },
    permissions: ["change_recommendation"],
    excludedPermissions: notPatient,
    userValidations: paid,
  }),
  clinic({
    id: "assignActivity",
    path: "assign/activity",
    navigation: false,
    section: "clinic",
    title: { en: "Assign activities", es: "Asignar actividades" },
    permissions: ["change_assignactivity"],
    excludedPermissions: notPatient,
    userValidations: paid,
  }),
  clinic({
    id: "appointments",
    path: "appointments",
    section: "clinic",
    title: { en: "Appointments", es: "Citas" },
    permissions: ["view_apointment", "change_apointment", "change_all_appointments"],
    userValidations: paid,
  }),
  clinic({
    id: "forms",
    path: "forms",
    section: "clinic",
    title: { en: "Forms", es: "Formularios" },
    permissions: ["view_form", "answer_all_forms", "answer_their_forms"],
    userValidations: paid,
  }),
  clinic({
    id: "form",
    // A number, or `add` for a new form.
    path: "forms/:id",
    navigation: false,
    section: "clinic",
    title: { en: "Form", es: "Formulario" },
    permissions: ["view_form"],
    excludedPermissions: notPatient,
    userValidations: paid,
  }),
  clinic({
    id: "formAnswer",
    path: "forms/answer/:assignmentId",
    navigation: false,
    section: "clinic",
    title: { en: "Answer a form", es: "Responder un formulario" },
    // Patients answer their own; staff with answer_all_forms answer on a patient's behalf.
    permissions: ["answer_their_forms", "answer_all_forms"],
    userValidations: paid,
  }),
  clinic({
    id: "formResults",
    path: "forms/results",
    navigation: false,
    section: "clinic",
    title: { en: "Form results", es: "Resultados de formularios" },
    permissions: ["view_form"],
    excludedPermissions: notPatient,
    userValidations: paid,
  }),
  clinic({
    id: "formResult",
    path: "forms/results/:assignmentId",
    navigation: false,
    section: "clinic",
    title: { en: "Form result", es: "Resultado del formulario" },
    permissions: ["view_form"],
    excludedPermissions: notPatient,
    userValidations: paid,
  }),
  clinic({
    id: "statistics",
    path: "statistics",
    section: "clinic",
    title: { en: "Statistics", es: "Estadísticas" },
    permissions: ["view_statistics"],
    excludedPermissions: notPatient,
    userValidations: paid,
  }),
  clinic({
    id: "statistic",
    path: "statistics/:id",
    navigation: false,
    section: "clinic",
    title: { en: "Activity statistics", es: "Estadísticas de la actividad" },
    permissions: ["view_statistics"],
    excludedPermissions: notPatient,
    userValidations: paid,
  }),
  clinic({
    id: "nutritionPlans",
    path: "nutritionPlans",
    section: "clinic",
    title: { en: "Nutrition plans", es: "Planes nutricionales" },
    permissions: ["change_assignactivity"],
    excludedPermissions: notPatient,
    userValidations: paid,
  }),
  clinic({
    id: "schedule",
    path: "schedule",
    section: "clinic",
    title: { en: "Schedule", es: "Horario" },
    permissions: ["view_service", "change_service"],
    excludedPermissions: notPatient,
    userValidations: paid,
  }),
  clinic({ id: "groups", path: "groups", section: "settings", title: { en: "Groups", es: "Grupos" }, userValidations: ["isAdmin"] }),
  // Staff write to the people they manage (issue 19.2): admins to anyone, a clinic to its people, a therapist to their patients.
  clinic({
    id: "message",
    path: "message",
    section: "settings",
    title: { en: "Send messages", es: "Enviar mensajes" },
    permissions: ["change_user"],
    excludedPermissions: notPatient,
  }),
  // Every signed-in user's own notification centre (issue 19); open to a lapsed clinic too, so payment news reaches it.
  clinic({
    id: "notifications",
    path: "notifications",
    section: "settings",
    modules: [],
    title: { en: "Notifications", es: "Notificaciones" },
  }),
  clinic({ id: "flags", path: "flags", section: "settings", modules: [], title: { en: "Modules", es: "Módulos" }, userValidations: ["isAdmin"] }),
  clinic({ id: "config", path: "config", section: "settings", modules: [], title: { en: "Configuration", es: "Configuración" } }),
  // The system check is the platform's, not the clinic module's (issue 33.5): it stays when the clinic module is off.
  clinic({ id: "test", path: "test", section: "settings", modules: [], title: { en: "Test", es: "Prueba" }, userValidations: ["isAdmin"] }),
  // The audit trail (issue 33.2): admins read every record, a clinic those of its own people; never therapists or patients.
  clinic({
    id: "audit",
    path: "audit",
    section: "settings",
    modules: [],
    title: { en: "Audit trail", es: "Registro de auditoría" },
    // change_membership: held by clinic accounts, not therapists (the API checks the role itself).
    permissions: ["change_membership"],
    excludedPermissions: notPatient,
  }),
  route({ id: "profile", path: "/user/profile", navigation: false, section: "settings", title: { en: "My profile", es: "Mi perfil" } }),
  route({ id: "userAdmin", path: "/user/admin", section: "settings", title: { en: "Users", es: "Usuarios" }, userValidations: ["isAdmin"] }),
  route({
    id: "shopStoreManager",
    path: "/shop/app/storemanager",
    section: "shop",
    modules: ["virtual_shop"],
    title: { en: "Stores", es: "Tiendas" },
    permissions: ["change_store"],
  }),
  route({
    id: "shopManager",
    path: "/shop/app/manager",
    section: "shop",
    modules: ["virtual_shop"],
    title: { en: "Products", es: "Productos" },
    permissions: ["change_product"],
  }),
  route({
    id: "shopCategory",
    path: "/shop/app/manager/:category",
    navigation: false,
    section: "shop",
    modules: ["virtual_shop"],
    title: { en: "Product category", es: "Categoría de productos" },
    permissions: ["change_category", "change_product"],
  }),
  route({
    id: "shopOrders",
    path: "/shop/app/ordermanager",
    section: "shop",
    modules: ["virtual_shop"],
    title: { en: "Orders", es: "Pedidos" },
    permissions: ["change_store"],
  }),
  route({
    id: "shopInventory",
    path: "/shop/app/inventory",
    section: "shop",
    modules: ["virtual_shop"],
    title: { en: "Inventory", es: "Inventario" },
    permissions: ["change_product"],
  }),
  route({
    id: "shopDiscounts",
    path: "/shop/app/discounts",
    section: "shop",
    modules: ["virtual_shop"],
    title: { en: "Discounts", es: "Descuentos" },
    permissions: ["add_orderdiscount", "change_orderdiscount", "delete_orderdiscount"],
  }),
  route({
    id: "shopBundles",
    path: "/shop/app/bundles",
    section: "shop",
    modules: ["virtual_shop"],
    title: { en: "Bundles", es: "Paquetes" },
    permissions: ["add_bundle", "change_bundle", "delete_bundle"],
  }),
  route({
    id: "shopOrder",
    path: "/shop/app/ordermanager/:id",
    navigation: false,
    section: "shop",
    modules: ["virtual_shop"],
    title: { en: "Order", es: "Pedido" },
    permissions: ["change_store"],
  }),
  // The storefront (issue 20.2): any signed-in user buys at the open stores of their clinic.
  route({ id: "shopStorefront", path: "/shop/app/store", section: "shop", modules: ["virtual_shop"], title: { en: "Shop", es: "Tienda" } }),
  route({
    id: "shopProduct",
    path: "/shop/app/store/product/:id",
    navigation: false,
    section: "shop",
    modules: ["virtual_shop"],
    title: { en: "Product", es: "Producto" },
  }),
  route({
    id: "shopBundle",
    path: "/shop/app/store/bundle/:id",
    navigation: false,
    section: "shop",
    modules: ["virtual_shop"],
    title: { en: "Bundle", es: "Paquete" },
  }),
  route({ id: "shopCart", path: "/shop/app/cart", section: "shop", modules: ["virtual_shop"], title: { en: "Cart", es: "Carrito" } }),
  route({
    id: "shopMyOrders",
    path: "/shop/app/orders",
    section: "shop",
    modules: ["virtual_shop"],
    title: { en: "My orders", es: "Mis pedidos" },
  }),
  route({
    id: "shopMyOrder",
    path: "/shop/app/orders/:id",
    navigation: false,
    section: "shop",
    modules: ["virtual_shop"],
    title: { en: "My order", es: "Mi pedido" },
  }),
  // The CRM (issue 36): CRM admins (is_admin; the clinic group) see all of it, agents their own
  // initiatives, their queue and the clients, CRM clients (is_crm_client) the dashboard.
  route({
    id: "crmHome",
    path: "/crm/app",
    section: "crm",
    modules: ["crm_manager"],
    title: { en: "CRM", es: "CRM" },
    permissions: ["is_admin", "is_crm_agent", "is_crm_client"],
  }),
  route({
    id: "crmUsers",
    path: "/crm/app/user",
    section: "crm",
    modules: ["crm_manager"],
    title: { en: "Clients and lists", es: "Clientes y listas" },
    permissions: ["is_admin", "is_crm_agent"],
  }),
  route({
    id: "crmClient",
    path: "/crm/app/user/:id",
    navigation: false,
    section: "crm",
    modules: ["crm_manager"],
    title: { en: "Client", es: "Cliente" },
    permissions: ["is_admin", "is_crm_agent"],
  }),
  route({
    id: "crmInitiatives",
    path: "/crm/app/telemarket/media",
    section: "crm",
    modules: ["crm_manager"],
    title: { en: "Initiatives", es: "Iniciativas" },
    permissions: ["view_initiative", "change_initiative"],
  }),
  route({
    id: "crmCallCenter",
    path: "/crm/app/telemarket/call-center",
    section: "crm",
    modules: ["crm_manager"],
    title: { en: "Call centre", es: "Centro de llamadas" },
    permissions: ["view_callcenter", "change_callcenter"],
  }),
  route({
    id: "crmStatistics",
    path: "/crm/app/telemarket/statistics",
    section: "crm",
    modules: ["crm_manager"],
    title: { en: "Telemarketing statistics", es: "Estadísticas de telemercadeo" },
    permissions: ["is_admin", "is_crm_agent"],
  }),
  route({
    id: "crmEmail",
    path: "/crm/app/email",
    section: "crm",
    modules: ["crm_manager"],
    title: { en: "Email formats and mass email", es: "Formatos de correo y envíos masivos" },
    permissions: ["is_admin"],
  }),
  route({
    id: "scheduleHome",
    path: "/schedule/app",
    section: "schedule",
    modules: ["schedule"],
    title: { en: "Scheduling", es: "Agenda" },
    permissions: ["view_schedule_dashboard", "view_appointment"],
  }),
  route({
    id: "scheduleDashboard",
    path: "/schedule/app/dashboard",
    section: "schedule",
    modules: ["schedule"],
    title: { en: "Scheduling dashboard", es: "Panel de agenda" },
    permissions: ["view_schedule_dashboard"],
  }),
  route({
    id: "scheduleServiceHours",
    path: "/schedule/app/service-hours",
    section: "schedule",
    modules: ["schedule"],
    title: { en: "Service hours", es: "Horarios de servicio" },
    permissions: ["view_dayschedule", "view_specialdayschedule", "view_service"],
  }),
  route({
    id: "scheduleEquipment",
    path: "/schedule/app/equipment",
    section: "schedule",
    modules: ["schedule"],
    title: { en: "Equipment", es: "Equipos" },
    permissions: ["view_resource"],
  }),
  route({
    id: "scheduleVariation",
    path: "/schedule/app/variation",
    section: "schedule",
    modules: ["schedule"],
    title: { en: "Variations", es: "Variaciones" },
    permissions: ["view_variation"],
  }),
  route({
    id: "scheduleScore",
    path: "/schedule/app/score",
    section: "schedule",
    modules: ["schedule"],
    title: { en: "Ratings", es: "Calificaciones" },
    permissions: ["view_qualification"],
  }),
  route({
    id: "scheduleBooking",
    path: "/schedule/app/booking",
    section: "schedule",
    modules: ["schedule"],
    title: { en: "Booking", es: "Reservas" },
    permissions: ["view_appointment"],
  }),
  route({
    id: "scheduleReport",
    path: "/schedule/app/report",
    section: "schedule",
    modules: ["schedule"],
    title: { en: "Reports", es: "Reportes" },
    permissions: ["view_generate_report"],
  }),
  route({
    id: "scheduleConfig",
    path: "/schedule/app/config",
    section: "schedule",
    modules: ["schedule"],
    title: { en: "Scheduling settings", es: "Configuración de agenda" },
    permissions: ["view_appointmentsetting", "change_appointmentsetting", "view_configuration", "change_configuration"],
  }),
  route({
    id: "aiChat",
    path: "/ai/app",
    section: "apps",
    modules: ["widget_chat_ai"],
    title: { en: "AI chat", es: "Chat con IA" },
    userValidations: ["isAdmin"],
  }),
  // Product quoter (issue 38): the clinic's quotes; the client's private link (/quotes/<token>) is outside the shell.
  route({
    id: "productQuoter",
    path: "/product-quoter/app",
    section: "apps",
    modules: ["product_quoter"],
    title: { en: "Product quoter", es: "Cotizador de productos" },
    permissions: ["view_productquoter"],
  }),
  route({
    id: "productQuote",
    path: "/product-quoter/app/quotes/:quoteId",
    navigation: false,
    section: "apps",
    modules: ["product_quoter"],
    title: { en: "Quote", es: "Presupuesto" },
    permissions: ["view_productquoter"],
  }),
  route({
    id: "quoter",
    path: "/quoter/app",
    section: "apps",
    modules: ["quoter"],
    title: { en: "Insurance quoter", es: "Cotizador de seguros" },
    permissions: ["view_quoter"],
  }),
  route({
    id: "quoterQuotes",
    path: "/quoter/app/quotes",
    navigation: false,
    section: "apps",
    modules: ["quoter"],
    title: { en: "Quotes", es: "Cotizaciones" },
    permissions: ["view_quoter"],
  }),
  // The insurance quote a decision email links; the applicant's private link (/quoter/quote/<token>) is outside the shell.
  route({
    id: "quoterQuote",
    path: "/quoter/app/quotes/:quoteId",
    navigation: false,
    section: "apps",
    modules: ["quoter"],
    title: { en: "Quote", es: "Cotización" },
    permissions: ["view_quoter"],
  }),
  // Events (issue 37): the clinic's workshops, courses and group sessions; the public event page
  // and a registrant's ticket (/events/<slug>, /events/ticket/<token>) are outside the shell.
  route({
    id: "events",
    path: "/event/app",
    section: "events",
    modules: ["event_app"],
    title: { en: "Events", es: "Eventos" },
    permissions: ["view_event"],
  }),
  route({
    id: "eventDetail",
    path: "/event/app/events/:eventId",
    navigation: false,
    section: "events",
    modules: ["event_app"],
    title: { en: "Event", es: "Evento" },
    permissions: ["view_event"],
  }),
  route({
    id: "eventTemplates",
    path: "/event/app/templates",
    section: "events",
    modules: ["event_app"],
    title: { en: "Checklist templates", es: "Plantillas de tareas" },
    permissions: ["view_event"],
  }),
  // The messaging chat (issue 41): the clinic's shared inbox (its staff and admins) and its settings;
  // a patient chats with their clinic from their own page (patientChat), linked from their home.
  route({
    id: "chat",
    path: "/chat-whatsapp/app",
    section: "apps",
    modules: ["chat_whatsapp"],
    title: { en: "Messaging", es: "Mensajería" },
    excludedPermissions: notPatient,
  }),
  route({
    id: "chatSettings",
    path: "/chat-whatsapp/app/settings",
    section: "apps",
    modules: ["chat_whatsapp"],
    title: { en: "Messaging settings", es: "Configuración de mensajería" },
    excludedPermissions: notPatient,
  }),
  route({
    id: "chatConversation",
    path: "/chat-whatsapp/app/:conversationId",
    navigation: false,
    section: "apps",
    modules: ["chat_whatsapp"],
    title: { en: "Messaging", es: "Mensajería" },
    excludedPermissions: notPatient,
  }),
  route({
    id: "patientChat",
    path: "/manager/patient/chat",
    navigation: false,
    section: "home",
    modules: ["clinic", "chat_whatsapp"],
    title: { en: "Messages with my clinic", es: "Mensajes con mi clínica" },
    permissions: ["is_patient"],
  }),
  // The public website's pages and menus (issue 39); the site itself is served at /site/<language>.
  route({
    id: "cmsPages",
    path: "/cms/pages",
    section: "website",
    modules: ["navegacion"],
    title: { en: "Pages", es: "Páginas" },
    permissions: ["view_pagina"],
  }),
  route({
    id: "cmsPage",
    path: "/cms/pages/:pageId",
    navigation: false,
    section: "website",
    modules: ["navegacion"],
    title: { en: "Page editor", es: "Editor de página" },
    permissions: ["view_pagina"],
  }),
  route({
    id: "cmsMenus",
    path: "/cms/menus",
    section: "website",
    modules: ["navegacion"],
    title: { en: "Menus", es: "Menús" },
    permissions: ["view_pagina"],
  }),
  route({
    id: "globalMessages",
    path: "/messages/app",
    section: "apps",
    title: { en: "Messages", es: "Mensajes" },
    userValidations: ["isAdmin", "activeUser"],
  }),
  route({
    id: "statisticsApp",
    path: "/statistics/app",
    section: "apps",
    modules: ["statistics"],
    title: { en: "Statistics app", es: "App de estadísticas" },
    userValidations: ["isAdmin"],
  }),
];

/**
 * Pages that run a game: served cross-origin isolated (COOP + COEP) so the browser gives them
 * its finest timers, which reaction times are measured with. Reached by a full page load.
 */
export const GAME_PAGE_PREFIXES = ["/manager/patient/play/", "/manager/admin/games/"] as const;
export const isGamePage = (pathname: string) => GAME_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix) && pathname.length > prefix.length);

export const ROUTES_BY_ID: ReadonlyMap<string, RouteEntry> = new Map(ROUTES.map((entry) => [entry.id, entry]));

export function routeById(id: string): RouteEntry {
  const entry = ROUTES_BY_ID.get(id);
  if (!entry) throw new Error(`Unknown route ${id}`);
  return entry;
}

/**
 * The three menus of spec §2, as route ids in order: admins use the admin menu, therapists the
 * therapist menu, patients the patient menu (their "dashboard" is their own home). Clinics
 * (group 2) use the admin menu plus three screens of the therapist menu: patients and nutrition
 * plans (their daily work with patients) and the schedule (their therapists' schedules and
 * services). Therapists also get appointments, which §2's therapist menu leaves out although
 * they accept requests and move appointments there (issue 6), and forms, which they build,
 * assign and review (issue 17; their group holds view_form), and messages, which they write to
 * their patients (issue 19.2). Module routes follow each menu,
 * filtered by visibility.
 */
export const MENUS = {
  admin: [
    "dashboard",
    "users",
    "activities",
    "recommendations",
    "memberships",
    "getMembership",
    "paymentHistory",
    "assign",
    "appointments",
    "forms",
    "statistics",
    "groups",
    "message",
    "flags",
    "notifications",
    "config",
    "test",
    "audit",
  ],
  clinic: [
    "dashboard",
    "users",
    "patients",
    "activities",
    "recommendations",
    "memberships",
    "getMembership",
    "paymentHistory",
    "assign",
    "nutritionPlans",
    "appointments",
    "schedule",
    "forms",
    "statistics",
    "groups",
    "message",
    "flags",
    "notifications",
    "config",
    "test",
    "audit",
  ],
  therapist: [
    "dashboard",
    "users",
    "activities",
    "recommendations",
    "patients",
    "statistics",
    "nutritionPlans",
    "appointments",
    "schedule",
    "forms",
    "message",
    "notifications",
    "config",
  ],
  patient: ["patientHome", "activities", "recommendations", "appointments", "forms", "notifications", "config"],
} as const satisfies Record<string, readonly string[]>;

export const MODULE_MENU: readonly string[] = ROUTES.filter(
  (entry) => entry.navigation && !entry.path.startsWith("/manager/") && entry.path !== "/user/profile",
).map((entry) => entry.id);

/** What the visibility rules look at: the signed-in user (or none) and the module flags. */
export interface VisibilityContext {
  user: {
    isAdmin: boolean;
    isActive: boolean;
    permissions: readonly string[];
    orderActivated: boolean;
  } | null;
  flags: Partial<FeatureFlags>;
}

/**
 * Spec §6, as one pure function: a switched-off module hides its routes from everyone;
 * administrators see every other route; anyone else must be signed in, pass the route's
 * user validations, hold none of its excluded permissions and at least one of its
 * permissions (when it lists any).
 */
export function isRouteVisible(entry: RouteEntry, { user, flags }: VisibilityContext): boolean {
  if (entry.modules.some((module) => flags[module] !== true)) return false;
  if (entry.public) return true;
  if (!user) return false;
  if (user.isAdmin) return true;
  for (const validation of entry.userValidations) {
    if (validation === "isAdmin") return false;
    if (validation === "activeUser" && !user.isActive) return false;
    if (validation === "activatedOrder" && !user.orderActivated) return false;
  }
  if (entry.excludedPermissions.some((codename) => user.permissions.includes(codename))) return false;
  if (entry.permissions.length === 0) return true;
  return entry.permissions.some((codename) => user.permissions.includes(codename));
}
