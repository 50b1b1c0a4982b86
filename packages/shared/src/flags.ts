/** The module feature flags of spec §1 and §6 (navegacion switches the CMS). */
export const FEATURE_FLAGS = [
  "clinic",
  "crm_manager",
  "event_app",
  "schedule",
  "virtual_shop",
  "statistics",
  "widget_chat_ai",
  "product_quoter",
  "quoter",
  "chat_whatsapp",
  "navegacion",
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

export function isFeatureFlag(value: string): value is FeatureFlag {
  return (FEATURE_FLAGS as readonly string[]).includes(value);
}

export const FEATURE_FLAG_TITLES: Record<FeatureFlag, { en: string; es: string }> = {
  clinic: { en: "Clinic manager", es: "Gestor clínico" },
  crm_manager: { en: "CRM", es: "CRM" },
  event_app: { en: "Events", es: "Eventos" },
  schedule: { en: "Scheduling app", es: "Agenda y reservas" },
  virtual_shop: { en: "Online shop", es: "Tienda en línea" },
  statistics: { en: "Statistics app", es: "Estadísticas" },
  widget_chat_ai: { en: "AI chat widget", es: "Chat con IA" },
  product_quoter: { en: "Product quoter", es: "Cotizador de productos" },
  quoter: { en: "Insurance quoter", es: "Cotizador de seguros" },
  chat_whatsapp: { en: "Messaging chat", es: "Chat de mensajería" },
  navegacion: { en: "Page content (CMS)", es: "Contenido de páginas (CMS)" },
};

/**
 * The modules that exist: screens, an API, permission checks. The one list the Modules
 * screen, the flag service, the groups screen and the route registry's test read. A module
 * joins it in the change that builds it; until then its flag stays off and cannot be
 * switched on. `statistics` is the platform's statistics app (/statistics/app, issue 18). `schedule` is the booking app of spec §2 (/schedule/app/…, issue 35): services with variations,
 * resources and a public booking page; the clinic's own schedules and appointments stay in `clinic`. `virtual_shop` is the online shop (issue 20). `crm_manager` is the CRM with telemarketing (issue 36). `event_app` is events with registrations, payments, costs and checklists (issue 37). `product_quoter` and `quoter` are the product and insurance quoters (issue 38). `chat_whatsapp` is the messaging chat, a shared inbox of in-app and WhatsApp conversations (issue 41). `widget_chat_ai` is the AI chat widget, answers grounded in the clinic's content (issue 42).
 */
export const BUILT_MODULES = [
  "clinic",
  "statistics",
  "virtual_shop",
  "schedule",
  "crm_manager",
  "event_app",
  "product_quoter",
  "quoter",
  "navegacion",
  "chat_whatsapp",
  "widget_chat_ai",
] as const satisfies readonly FeatureFlag[];

export function isModuleBuilt(flag: FeatureFlag): boolean {
  return (BUILT_MODULES as readonly FeatureFlag[]).includes(flag);
}

export const NOT_AVAILABLE_MESSAGE = "This module is not available yet: it has no screens or API to switch on.";
