import { desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { Db } from "../src/db/client.ts";
import { mailMessages } from "../src/platform/mail.table.ts";
import type { TestApp } from "./app.ts";
import { holdMembership, type MadeUser, makeClinicAccount, makeMembership } from "./factories.ts";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** `app.inject` with an optional session cookie and JSON body. */
export function caller(t: TestApp) {
  return (method: Method, url: string, cookie?: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A clinic account holding, from a year ago to a year ahead, a plan with room for `nUsers` therapists and `nPatients` patients. */
export async function clinicWithSeats(db: Db, seats: { nUsers: number; nPatients: number }): Promise<MadeUser> {
  const clinic = await makeClinicAccount(db);
  const plan = await makeMembership(db, seats);
  await holdMembership(db, clinic.id, { membershipId: plan.id });
  return clinic;
}

/** The newest email written to `to`. */
export async function lastMailTo(db: Db, to: string) {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.to, to.toLowerCase())).orderBy(desc(mailMessages.id)).limit(1);
  if (!row) throw new Error(`No mail to ${to}`);
  return row;
}

/** The invitation token in a message's set-password link. */
export function tokenIn(text: string): string {
  const match = text.match(/\/accounts\/set-password\/\?token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`No invitation link in ${text}`);
  return match[1];
}

/** A unique address for a person a test creates through the API. */
let counter = 0;
export function newEmail(label = "person"): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@people.test`;
}
