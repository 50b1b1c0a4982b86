import { useSearchParams } from "react-router";

/** The screen's tabs, in order; the first is shown when the address names none. */
export const AI_ADMIN_TABS = ["settings", "faqs", "logs", "usage", "console"] as const;
export type AiAdminTab = (typeof AI_ADMIN_TABS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tab an address names (`?tab=usage`), or the settings. */
export const tabOf = (value: string | null): AiAdminTab => ((AI_ADMIN_TABS as readonly string[]).includes(value ?? "") ? (value as AiAdminTab) : "settings");

/** The clinic an address names (`?clinic=<id>`), or null: the platform. Anything else than a user id is the platform too. */
export const clinicOf = (value: string | null): string | null => (value && UUID.test(value) ? value : null);

/** The address's query with `changes` made (null removes a key), the rest kept. */
export function withParams(current: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * The scope and the tab the screen shows, kept in the address so a reload or a shared link keeps
 * them: `?clinic=<id>` (none: the platform's own settings) and `?tab=`. A change of scope keeps
 * the tab; the usage's range (`from`, `to`) stays too.
 */
export function useAiAdminAddress() {
  const [params, setParams] = useSearchParams();
  const change = (changes: Record<string, string | null>) => setParams((current) => withParams(current, changes), { replace: true });
  return {
    clinicId: clinicOf(params.get("clinic")),
    tab: tabOf(params.get("tab")),
    params,
    setClinic: (clinicId: string | null) => change({ clinic: clinicId }),
    setTab: (tab: AiAdminTab) => change({ tab: tab === "settings" ? null : tab }),
    change,
  };
}
