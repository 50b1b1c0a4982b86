import {
  AI_MESSAGES,
  type AiFaq,
  type AiFaqInput,
  type AiIndexState,
  type AiLogConversation,
  type AiSettings,
  type AiSettingsInput,
  type AiUsage,
} from "@clinic/shared";
import type { TFunction } from "i18next";
import { del, post, put } from "../../../lib/api.ts";
import { registerRefusals } from "../../../lib/refusals.ts";
import { useResource } from "../../../lib/resource.ts";

/**
 * The calls of the AI chat's administration (packages/shared/src/ai/settings.ts; the console, a
 * stream, is in console.ts). Every call names its scope: a clinic's id, or none for the platform
 * (users of no clinic).
 */

export const AI_ADMIN_KEY = "ai-admin";
/** The scope's part of a key: the clinic's id, or "platform". */
const scopeKey = (clinicId: string | null) => clinicId ?? "platform";
export const settingsKey = (clinicId: string | null) => [AI_ADMIN_KEY, "settings", scopeKey(clinicId)] as const;
export const faqsKey = (clinicId: string | null) => [AI_ADMIN_KEY, "faqs", scopeKey(clinicId)] as const;
export const usageKey = (clinicId: string | null, since: string, to: string) => [AI_ADMIN_KEY, "usage", scopeKey(clinicId), since, to] as const;
export const logKey = (id: number) => [AI_ADMIN_KEY, "log", id] as const;
/** The logs' paged list (usePagedList's resource): its keys start with it. */
export const LOGS_RESOURCE = "ai-admin-logs";

export const SETTINGS_PATH = "/api/ai/settings";
export const FAQS_PATH = "/api/ai/faqs";
export const LOGS_PATH = "/api/ai/logs";
export const LOGS_EXPORT_PATH = "/api/ai/logs/export";
export const USAGE_PATH = "/api/ai/usage";
export const CONSOLE_PATH = "/api/ai/console";
export const REINDEX_PATH = "/api/ai/reindex";

/** A path with `?clinic=<id>` (and the rest of `query`) when the scope is a clinic. */
export function scoped(path: string, clinicId: string | null, query: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  if (clinicId) params.set("clinic", clinicId);
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export const useAiSettings = (clinicId: string | null) => useResource<AiSettings>(settingsKey(clinicId), scoped(SETTINGS_PATH, clinicId));
export const saveSettings = (input: AiSettingsInput) => put<AiSettings>(SETTINGS_PATH, input);
export const reindex = (clinicId: string | null) => post<AiIndexState>(REINDEX_PATH, { clinicId });

export const useAiFaqs = (clinicId: string | null) => useResource<AiFaq[]>(faqsKey(clinicId), scoped(FAQS_PATH, clinicId));
export const createFaq = (input: AiFaqInput) => post<AiFaq>(FAQS_PATH, input);
export const updateFaq = (id: number, input: AiFaqInput) => put<AiFaq>(`${FAQS_PATH}/${id}`, input);
export const deleteFaq = (id: number) => del<void>(`${FAQS_PATH}/${id}`);

export const useLogConversation = (id: number | null) => useResource<AiLogConversation>(logKey(id ?? 0), id === null ? null : `${LOGS_PATH}/${id}`);

export const useAiUsage = (clinicId: string | null, since: string, to: string) =>
  useResource<AiUsage>(usageKey(clinicId, since, to), scoped(USAGE_PATH, clinicId, { since, to }));

/**
 * What the shared schema says in English of the admin's own fields, in the interface language
 * (the AI_MESSAGES of the answers are the widget's: modules/ai/widget/api.ts registers them).
 */
const ADMIN_MESSAGES: Record<string, string> = {
  [AI_MESSAGES.baseUrl]: "aiAdmin.messages.baseUrl",
};

export function aiAdminText(t: TFunction, message: string): string {
  const key = ADMIN_MESSAGES[message];
  return key ? t(key) : message;
}

registerRefusals(aiAdminText);

/**
 * An estimated cost (cents, often a fraction of one) in US dollars, the currency providers price
 * tokens in: whole cents from a dollar up ($1.25), and below it as many decimals as its first two
 * figures need ($0.50, $0.012, $0.00035), so a small cost is never rounded to $0.00.
 */
export function formatCost(cents: number, language: string): string {
  const dollars = cents / 100;
  // Below a dollar, two significant figures: $0.012 rather than $0.01.
  const digits = dollars === 0 || dollars >= 1 ? 2 : Math.min(8, Math.ceil(-Math.log10(dollars)) + 1);
  return new Intl.NumberFormat(language === "es" ? "es-ES" : "en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 2,
    maximumFractionDigits: Math.max(2, digits),
  }).format(dollars);
}

/** A count as the language writes it (1,234 or 1234 / 12.345). */
export const formatCount = (value: number, language: string) => new Intl.NumberFormat(language === "es" ? "es-ES" : "en-US").format(value);
