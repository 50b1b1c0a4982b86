import type { FeatureFlags, SessionState, VisibilityContext } from "@clinic/shared";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError, get, post } from "./api.ts";

export const SESSION_KEY = ["session"] as const;

/** The signed-in user's state, or null when signed out (401). */
async function fetchSession(signal?: AbortSignal): Promise<SessionState | null> {
  try {
    return await get<SessionState>("/api/get-user-profile/", signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

const SESSION_STALE_MS = 30_000;

export function useSession() {
  const query = useQuery({ queryKey: SESSION_KEY, queryFn: ({ signal }) => fetchSession(signal), staleTime: SESSION_STALE_MS });
  return { session: query.data ?? null, isLoading: query.isLoading, error: query.error, refetch: query.refetch };
}

/** Asks for the session before the shell that needs it has loaded; the shell then finds it there (or on its way). */
export function prefetchSession(client: QueryClient): void {
  void client.prefetchQuery({ queryKey: SESSION_KEY, queryFn: ({ signal }) => fetchSession(signal), staleTime: SESSION_STALE_MS });
}

/** The session every screen inside the shell can rely on (the shell renders only once it is known). */
/** The session a screen last rendered with (see useSignedIn). */
let lastSession: SessionState | null = null;

export function useSignedIn(): SessionState {
  const { session } = useSession();
  if (session) {
    lastSession = session;
    return session;
  }
  // Signing out (or a 401) clears the session; a screen subscribed to it may render once more
  // before the shell above it redirects and unmounts it. It keeps the session it had; the
  // server refuses anything it would ask for.
  if (lastSession) return lastSession;
  throw new Error("useSignedIn outside the signed-in shell");
}

export function useRefreshSession() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: SESSION_KEY });
}

export function visibilityOf(session: SessionState | null): VisibilityContext {
  return {
    user: session
      ? {
          isAdmin: session.isAdmin,
          isActive: session.userData.is_active,
          permissions: session.permission.codenames,
          orderActivated: session.orderData.isActivated,
        }
      : null,
    flags: (session?.flags ?? {}) as Partial<FeatureFlags>,
  };
}

export { homeOf, safeNext } from "./home-path.ts";

export async function signOut(): Promise<void> {
  await post("/api/auth/sign-out", {});
}

/** Cancelling the selected patient clears all browser storage and reloads (spec §2). */
export const SELECTED_PATIENT_KEY = "selectedPatient";
export interface SelectedPatient {
  id: string;
  nombres: string;
  apellidos: string;
}

export function readSelectedPatient(): SelectedPatient | null {
  try {
    const raw = localStorage.getItem(SELECTED_PATIENT_KEY);
    return raw ? (JSON.parse(raw) as SelectedPatient) : null;
  } catch {
    return null;
  }
}

export function selectPatient(patient: SelectedPatient): void {
  localStorage.setItem(SELECTED_PATIENT_KEY, JSON.stringify(patient));
  window.dispatchEvent(new Event("selected-patient"));
}

/**
 * The patient selected in the top bar's badge, kept current: selecting one anywhere (the
 * dashboard's picker, a home's list) or in another tab updates every screen that acts on them.
 */
export function useSelectedPatient(): SelectedPatient | null {
  const [patient, setPatient] = useState(readSelectedPatient);
  useEffect(() => {
    const refresh = () => setPatient(readSelectedPatient());
    const onStorage = (event: StorageEvent) => {
      if (event.key === SELECTED_PATIENT_KEY || event.key === null) refresh();
    };
    window.addEventListener("selected-patient", refresh);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener("selected-patient", refresh);
      window.removeEventListener("storage", onStorage);
    };
  }, []);
  return patient;
}
