import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { Db } from "../db/client.ts";
import type { FormPart } from "../../test/uploads.ts";

/**
 * The authorisation matrix's vocabulary. Every route the app registers is declared in a
 * `<feature>.access.ts` file beside its routes file, as an `AccessTable`: keyed by
 * "METHOD /url" exactly as the route was registered, each entry gives the status every role
 * must get and, when the route needs one, the request to send. authorization-matrix.test.ts
 * fails for a route without a declaration and for a declaration without a route.
 */

/** Who asks. The `other*` roles belong to a second clinic and are always asked about the demo clinic's objects. */
export const MATRIX_ROLES = ["anonymous", "patient", "otherPatient", "therapist", "otherTherapist", "clinic", "admin"] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];
/** Signed-in roles. */
export type SignedInRole = Exclude<MatrixRole, "anonymous">;

/**
 * The exact status each role gets: 2xx when allowed; 401, 403 or 404 when refused. The request
 * must be valid, so 400 appears only where a service answers an out-of-scope id in the body as
 * a field error (say so beside it).
 */
export type Expected = Record<MatrixRole, number>;

/** The same status for every role, signed out included: public routes. */
export function anyone(status: number): Expected {
  return { anonymous: status, patient: status, otherPatient: status, therapist: status, otherTherapist: status, clinic: status, admin: status };
}

/** 401 signed out, `status` for every signed-in role: the caller's own data, or lists the service scopes. */
export function signedIn(status: number): Expected {
  return { ...anyone(status), anonymous: 401 };
}

/** Admins only: 401 signed out, 403 to every other role. */
export function adminOnly(status: number): Expected {
  return { anonymous: 401, patient: 403, otherPatient: 403, therapist: 403, otherTherapist: 403, clinic: 403, admin: status };
}

/** Staff only (clinics, therapists, admins): 401 signed out, 403 to patients. */
export function staffOnly(status: number): Expected {
  return { ...signedIn(status), patient: 403, otherPatient: 403 };
}

export interface MatrixRequest {
  /** Values of the route's `:name` placeholders (every one must be given). */
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** A multipart/form-data body instead. */
  multipart?: FormPart[];
  /** Another session to send instead of the role's shared one (see `MatrixFixtures.freshAccount`); `null` sends none. */
  cookie?: string | null;
  /** A concrete path under a wildcard route (`/api/auth/*`); params and the route's URL are then unused. */
  path?: string;
}

export interface AccessRule {
  expect: Expected;
  /**
   * The request, built afresh for every cell (role) and run concurrently with the others, so a
   * cell that changes or deletes an object must make its own here (the factories of
   * apps/server/test/factories.ts insert rows directly). Omitted: the route's URL, no body.
   */
  request?: (fx: MatrixFixtures, role: MatrixRole) => MatrixRequest | Promise<MatrixRequest>;
}

/** "METHOD /url" (as registered, e.g. "GET /api/activity/:id") → its rule. */
export type AccessTable = Record<string, AccessRule>;

export interface MatrixAccount {
  id: string;
  email: string;
  password: string;
  /** The account's session cookie. */
  cookie: string;
}

/** What declarations build their requests from: the demo clinic and a second clinic, and ways to make more. */
export interface MatrixFixtures {
  db: Db;
  /** The demo accounts, and the second clinic's account, therapist and patient. */
  ids: {
    admin: string;
    clinic: string;
    therapist: string;
    patient: string;
    patient2: string;
    otherClinic: string;
    otherTherapist: string;
    otherPatient: string;
  };
  /** The signed-in role's own account (the demo one, or the second clinic's for `other*` roles). */
  accountOf(role: SignedInRole): Omit<MatrixAccount, "cookie">;
  /** The shared session of a signed-in role. */
  cookieOf(role: SignedInRole): string;
  /**
   * A throwaway account of `role`, signed in: for calls that change or end the caller's own
   * account or session. Patients and therapists belong to a spare clinic (the demo clinic's
   * seats stay free), the `other*` roles to the second clinic; a new clinic; a new admin.
   * `anonymous` gets a patient, not signed in (empty cookie).
   */
  freshAccount(role: MatrixRole): Promise<MatrixAccount>;
  /** A JSON call as a role, to make objects the way users do; throws unless it answers 2xx. */
  api<T = unknown>(as: SignedInRole, method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown): Promise<T>;
  /** The app's own `inject` (from an address of its own unless told), for fixtures that need more than JSON (uploads, enrolment). */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A string no other call of the run gets (emails, names). */
  unique(label: string): string;
}
