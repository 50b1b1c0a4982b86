import type { LightMyRequestResponse } from "fastify";
import { TEST_PUBLIC_URL, type TestApp } from "./app.ts";
import { type MadeClinic, makeClinic } from "./factories.ts";

/** The demo roles, and a second clinic's account, therapist and patient. */
export type Who = "admin" | "clinic" | "therapist" | "patient" | "otherClinic" | "otherTherapist" | "otherPatient";
export type Method = "GET" | "PUT" | "POST" | "PATCH" | "DELETE";

export interface RoleCalls {
  /** The second clinic (for other-clinic refusals). */
  other: MadeClinic;
  /** One API call as `who` (null: signed out); state-changing calls carry the app's own origin. */
  send(who: Who | null, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

/** Signs in every demo role and a second clinic's three accounts, once per test file. */
export async function signInRoles(t: TestApp): Promise<RoleCalls> {
  const other = await makeClinic(t.db);
  const cookies = {} as Record<Who, string>;
  for (const role of ["admin", "clinic", "therapist", "patient"] as const) cookies[role] = await t.loginAs(role);
  cookies.otherClinic = await t.login(other.clinic.email, other.clinic.password);
  cookies.otherTherapist = await t.login(other.therapist.email, other.therapist.password);
  cookies.otherPatient = await t.login(other.patient.email, other.patient.password);
  return {
    other,
    send(who, method, url, payload) {
      const headers: Record<string, string> = {};
      if (who) headers.cookie = cookies[who];
      if (method !== "GET") headers.origin = TEST_PUBLIC_URL;
      return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    },
  };
}

/** YYYY-MM-DD `offset` days from today. */
export const dayFromToday = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA");

/** The ids of a paged answer's rows. */
export const idsOf = (response: LightMyRequestResponse): number[] => response.json().data.map((row: { id: number }) => row.id);
