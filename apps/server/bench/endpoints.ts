import type { DemoRole } from "../src/demo-accounts.ts";
import { SEARCH_WORD } from "./seed-activities.ts";

/**
 * One benchmarked API call. `role` names the demo account whose session cookie is sent
 * (see DEMO_ACCOUNTS), or "anonymous" for none. Every request of a run is identical, so a
 * call that changes data should be idempotent (a PUT of the same values), or its figures
 * measure a growing table.
 */
export interface BenchEndpoint {
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  role: DemoRole | "anonymous";
}

/** Add an entry here to benchmark another endpoint; `npm run bench` runs them in this order. */
export const BENCH_ENDPOINTS: readonly BenchEndpoint[] = [
  { name: "user profile", method: "GET", path: "/api/user-profile/", role: "admin" },
  { name: "recommendations, searched", method: "GET", path: "/api/recommendations/?name=name&value=stance&rowsPerPage=10", role: "therapist" },
  { name: "categories with counts", method: "GET", path: "/api/categories/", role: "clinic" },
  // Over the BENCH_ACTIVITIES seeded activities (seed-activities.ts): a name search that about
  // 1 % of them match, seen by a clinic's therapist and by an admin, and the unfiltered first page.
  { name: "activities, name search", method: "GET", path: `/api/activities/?name=name&value=${SEARCH_WORD}&rowsPerPage=10`, role: "therapist" },
  { name: "activities, name search", method: "GET", path: `/api/activities/?name=name&value=${SEARCH_WORD}&rowsPerPage=10`, role: "admin" },
  { name: "activities, first page", method: "GET", path: "/api/activities/?rowsPerPage=10", role: "therapist" },
];
