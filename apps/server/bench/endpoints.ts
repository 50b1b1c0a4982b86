import type { DemoRole } from "../src/demo-accounts.ts";
import type { TargetGroup } from "./report.ts";
import { SEARCH_WORD } from "./seed-activities.ts";
import { SHOP_SEARCH_WORD } from "./seed-shop.ts";

/**
 * One benchmarked API call. `role` names the demo account whose session cookie is sent
 * (see DEMO_ACCOUNTS), or "anonymous" for none. Every request of a run is identical, so a
 * call that changes data should be idempotent (a PUT of the same values), or its figures
 * measure a growing table.
 */
export interface BenchEndpoint {
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /**
   * `{placeholder}`s are filled with what the seeding steps made (bench.ts, `fillPlaceholders`); an
   * endpoint whose placeholder has no value, its seeding skipped, is left out of the run.
   */
  path: string;
  /** Checks the first answer's body before the run: a problem throws; answers a note for the log. */
  check?: (body: unknown) => string;
  /** Sent as JSON; a function makes it from the seeding steps' values (an id they made). */
  body?: unknown | ((values: Record<string, string>) => unknown);
  role: DemoRole | "anonymous";
  /** Headers of its own (an Idempotency-Key), besides the session cookie and Origin. */
  headers?: Record<string, string>;
  /** The issue 14 target it is held to (report.ts, `targetChecks`), if any. */
  target?: TargetGroup;
}

/** Add an entry here to benchmark another endpoint; `npm run bench` runs them in this order. */
export const BENCH_ENDPOINTS: readonly BenchEndpoint[] = [
  { name: "user profile", method: "GET", path: "/api/user-profile/", role: "admin", target: "profile" },
  // A clinic's staff: the session's statement also reads how long the clinic is paid for (the
  // run of periods, those paid ahead included), which an admin's skips.
  { name: "user profile, therapist", method: "GET", path: "/api/user-profile/", role: "therapist", target: "profile" },
  // Issue 34.1: the cheapest audited call, one patient read by primary key (staff in scope), which
  // writes its audit record (a plain insert; the sequencer seals it later, off the request path).
  { name: "audited read of one patient", method: "GET", path: "/api/user-patients/{demoPatient}", role: "therapist", target: "audited" },
  // The catalogue lists as the web app asks for their first page.
  { name: "recommendations, first page", method: "GET", path: "/api/recommendations/?rowsPerPage=10", role: "therapist", target: "catalogue" },
  {
    name: "recommendations, searched",
    method: "GET",
    path: "/api/recommendations/?name=name&value=stance&rowsPerPage=10",
    role: "therapist",
    target: "catalogue",
  },
  { name: "categories with counts", method: "GET", path: "/api/categories/", role: "clinic", target: "catalogue" },
  { name: "files, first page", method: "GET", path: "/api/files/?rowsPerPage=10", role: "therapist", target: "catalogue" },
  // Dynamic forms: the builder's list (the shipped questionnaires and the demo clinic's form), and
  // the results list over the demo's submitted answers (each call also writes its audit record).
  { name: "forms, first page", method: "GET", path: "/api/forms/?limit=20", role: "therapist", target: "lists" },
  { name: "form results, first page", method: "GET", path: "/api/resolved-dynamic-forms/?rowsPerPage=10", role: "therapist", target: "lists" },
  // Issue 34's other lists: the messages the demo clinic sent and the demo patient's notifications
  // (seed-lists.ts; each notifications read also writes its audit record), and the membership page.
  {
    name: "messages sent, first page",
    method: "GET",
    path: "/api/messages/?rowsPerPage=10",
    role: "clinic",
    target: "lists",
    check: (body) => `${(body as { total?: number }).total ?? 0} messages`,
  },
  {
    name: "notifications, first page",
    method: "GET",
    path: "/api/notifications/?rowsPerPage=10",
    role: "patient",
    target: "lists",
    check: (body) => `${(body as { total?: number }).total ?? 0} notifications`,
  },
  { name: "membership page", method: "GET", path: "/api/billing/membership", role: "clinic", target: "lists" },
  // Over the BENCH_ACTIVITIES seeded activities (seed-activities.ts): a name search that about
  // 1 % of them match, seen by a clinic's therapist and by an admin, and the unfiltered first page.
  {
    name: "activities, name search",
    method: "GET",
    path: `/api/activities/?name=name&value=${SEARCH_WORD}&rowsPerPage=10`,
    role: "therapist",
    target: "large-list",
  },
  {
    name: "activities, name search",
    method: "GET",
    path: `/api/activities/?name=name&value=${SEARCH_WORD}&rowsPerPage=10`,
    role: "admin",
    target: "large-list",
  },
  { name: "activities, first page", method: "GET", path: "/api/activities/?rowsPerPage=10", role: "therapist", target: "large-list" },
  // Over the BENCH_APPOINTMENTS seeded appointments (seed-appointments.ts): the free slots of the
  // demo therapist's bench service for four weeks, about half of whose weekday slots are taken,
  // as the demo patient asks for them when booking.
  {
    name: "free slots, 4 weeks",
    method: "GET",
    path: "/api/schedule-service/{slotService}?from={today}&to={today+27}",
    role: "patient",
    target: "free-slots",
    check: (body) => {
      const slots = (body as { slots?: unknown[] }).slots ?? [];
      if (slots.length === 0) throw new Error("the answer offers no free slots");
      return `${slots.length} free slots`;
    },
  },
  // Over the BENCH_TRIALS seeded game trials (seed-game-trials.ts): the demo patient's statistics
  // for the last 90 days (about 270 sessions), as the therapist's screen asks for them (each call
  // also writes its audit record).
  {
    name: "statistics, 90 days",
    method: "GET",
    path: "/api/statistics/?user={statsPatient}&since={today-89}&to={statsToday}",
    role: "therapist",
    target: "statistics",
    check: (body) => {
      const totals = (body as { data?: { totals?: { sessions?: number; assigned?: number } } }).data?.totals;
      if (!totals?.sessions) throw new Error("the answer counts no session");
      return `${totals.sessions} sessions, ${totals.assigned} assigned`;
    },
  },
  // Over the same seeded year of sessions and done assignments (and the demo's appointments and
  // orders): the platform's figures for those 90 days, as the statistics app's admin screen asks
  // for them (each call also writes its audit record).
  {
    name: "platform statistics, 90 days",
    method: "GET",
    path: "/api/statistics/platform?since={today-89}&to={statsToday}",
    role: "admin",
    target: "platform-statistics",
    check: (body) => {
      const totals = (body as { totals?: { sessions?: number; activePatients?: number } }).totals;
      if (!totals?.sessions) throw new Error("the answer counts no session");
      return `${totals.sessions} sessions, ${totals.activePatients} active patients`;
    },
  },
  // Over the BENCH_SHOP_PRODUCTS seeded products of the demo store (seed-shop.ts): a customer's
  // name search that about 1 % of them match, the first page of the storefront, and a category's
  // page (about a twentieth of them).
  {
    name: "storefront, name search",
    method: "GET",
    path: `/api/shop/storefront/stores/{shopStore}/items?q=${SHOP_SEARCH_WORD}&rowsPerPage=24`,
    role: "patient",
    target: "large-list",
    check: (body) => {
      const page = body as { data?: unknown[]; total?: number };
      if (!page.data?.length) throw new Error("the search finds no product");
      return `${page.total} found`;
    },
  },
  {
    name: "storefront, first page",
    method: "GET",
    path: "/api/shop/storefront/stores/{shopStore}/items?rowsPerPage=24",
    role: "patient",
    target: "large-list",
  },
  {
    name: "storefront, category page",
    method: "GET",
    path: "/api/shop/storefront/stores/{shopStore}/items?category={shopCategory}&rowsPerPage=24",
    role: "patient",
    target: "large-list",
    check: (body) => {
      const page = body as { data?: { category?: { name?: string } | null }[]; total?: number };
      if (!page.data?.length) throw new Error("the category shows no product");
      return `${page.total} in ${page.data[0]?.category?.name}`;
    },
  },
  // The booking app (issue 35): the public page's free starts of the demo's first visit over a week,
  // for anyone (hours, special days, two providers' bookings and clinic appointments, and the rotary
  // chair and the rooms it needs), and the clinic's bookings list.
  {
    name: "booking page free starts, a week",
    method: "GET",
    path: "/api/schedule/public/slots?variationId={bookingVariation}&from={bookingFrom}&to={bookingTo}",
    role: "anonymous",
    target: "free-slots",
    check: (body) => {
      const answer = body as { slots?: unknown[] };
      if (!answer.slots?.length) throw new Error("the week has no free start");
      return `${answer.slots.length} free starts`;
    },
  },
  { name: "bookings (staff), first page", method: "GET", path: "/api/schedule/bookings?rowsPerPage=10", role: "clinic", target: "lists" },
  // The CRM (issue 36) over the demo clinic's clients (its lived-in demo and seed-crm.ts's): the
  // clients list's first page, by name, and the dashboard's summary, as the clinic (its CRM admin).
  {
    name: "CRM clients, first page",
    method: "GET",
    path: "/api/crm/clients?rowsPerPage=10",
    role: "clinic",
    target: "lists",
    check: (body) => `${(body as { total?: number }).total ?? 0} clients`,
  },
  {
    name: "CRM dashboard",
    method: "GET",
    path: "/api/crm/dashboard",
    role: "clinic",
    target: "lists",
    check: (body) => {
      const summary = body as { clients?: number; conversion?: { calls?: number } };
      if (!summary.clients) throw new Error("the dashboard counts no client");
      return `${summary.clients} clients, ${summary.conversion?.calls ?? 0} calls`;
    },
  },
  // Events (issue 37) over seed-events.ts's open day (5 000 registrations): its public page, as a
  // guest opens it from a link (anonymous), and the staff's registrations list and event dashboard.
  {
    name: "event public page",
    method: "GET",
    path: "/api/events/public/{benchEventSlug}",
    role: "anonymous",
    target: "lists",
    check: (body) => `${(body as { available?: number }).available ?? 0} places left`,
  },
  {
    name: "event registrations (staff), first page",
    method: "GET",
    path: "/api/events/events/{benchEvent}/registrations?rowsPerPage=10",
    role: "clinic",
    target: "lists",
    check: (body) => `${(body as { total?: number }).total ?? 0} registrations`,
  },
  {
    name: "event dashboard",
    method: "GET",
    path: "/api/events/events/{benchEvent}/dashboard",
    role: "clinic",
    target: "lists",
  },
  // The quoters (issue 38) over seed-quotes.ts's busy year (5 000 quotes each): the product quotes
  // a clinic's staff page through, the insurance quotes an admin pages through, and the agents'
  // hot call, three options of a product rated on the server (nothing saved).
  {
    name: "product quotes (staff), first page",
    method: "GET",
    path: "/api/product-quoter/quotes?rowsPerPage=10",
    role: "clinic",
    target: "lists",
    check: (body) => `${(body as { total?: number }).total ?? 0} quotes`,
  },
  {
    name: "insurance quotes (admin), first page",
    method: "GET",
    path: "/api/quoter/quotes?rowsPerPage=10",
    role: "admin",
    target: "lists",
    check: (body) => `${(body as { total?: number }).total ?? 0} quotes`,
  },
  {
    name: "insurance rating, three options",
    method: "POST",
    path: "/api/quoter/rate",
    role: "admin",
    target: "lists",
    body: (values: Record<string, string>) => {
      const productId = Number(values.physioProduct);
      return {
        answers: { age: 45, region: "north" },
        options: [
          { productId, level: "basic", addOns: [] },
          { productId, level: "standard", addOns: ["home"] },
          { productId, level: "premium", addOns: ["sports", "home"] },
        ],
      };
    },
    check: (body) => {
      const options = (body as { options?: { premiumCents: number }[] }).options ?? [];
      if (options.length !== 3) throw new Error("the rating answered no three options");
      return `premiums ${options.map((option) => option.premiumCents / 100).join(", ")}`;
    },
  },
  // The CMS (issue 39) over seed-cms.ts's 2 000 pages: the editors' list as the pages screen asks
  // for it, and a published page served to a visitor with no account, rendered on the server.
  {
    name: "CMS pages (editor), first page",
    method: "GET",
    path: "/api/cms/pages?rowsPerPage=10",
    role: "admin",
    target: "lists",
    check: (body) => `${(body as { total?: number }).total ?? 0} pages`,
  },
  { name: "CMS public page (no account)", method: "GET", path: "/site/en/{cmsPublicSlug}", role: "anonymous", target: "lists" },
  // The messaging chat (issue 41) over seed-chat.ts's busy inbox (2 000 WhatsApp conversations, 40 000
  // messages): the inbox's first page as agents open it, the patient's history as their chat
  // screen asks for it, and the unread count the top bar asks for after every chat event.
  {
    name: "chat inbox (agent), first page",
    method: "GET",
    path: "/api/chat/conversations?rowsPerPage=25",
    role: "clinic",
    target: "lists",
    check: (body) => `${(body as { total?: number }).total ?? 0} open conversations`,
  },
  {
    name: "chat history (patient), last 50 messages",
    method: "GET",
    path: "/api/chat/conversations/{chatConversation}/messages",
    role: "patient",
    target: "lists",
    check: (body) => `${(body as { data?: unknown[] }).data?.length ?? 0} messages`,
  },
  { name: "chat unread count (therapist)", method: "GET", path: "/api/chat/unread", role: "therapist", target: "lists" },
  // The AI chat widget (issue 42) over seed-ai.ts's 3 000 FAQs and the demo's content: a question in
  // retrieval-only mode through the admins' console (the widget's own path, streamed, less the stored
  // conversation, so repeating it grows no table but the usage rows), and the patient's conversations.
  {
    name: "AI question, retrieval-only (console)",
    method: "POST",
    path: "/api/ai/console",
    role: "admin",
    target: "lists",
    body: (values: Record<string, string>) => ({ clinicId: values.aiClinic, question: "How often should I do the balance exercises when I feel dizzy?" }),
  },
  // Issue 43: a patient's offline action resent under its Idempotency-Key, as the outbox does after
  // a lost answer: after the first, every request is answered from the stored answer without the
  // handler running. (The action itself is not a row: identical requests would all change one
  // assignment, and measure its row lock's queue, which no patient makes.)
  {
    name: "offline action resent under its Idempotency-Key (patient)",
    method: "PUT",
    path: "/api/assignActivity/{demoAssignment}",
    body: { favorite: true },
    headers: { "idempotency-key": "5f0c1e2d-3b4a-4c5d-8e6f-7a8b9c0d1e2f" },
    role: "patient",
  },
  { name: "AI conversations (patient)", method: "GET", path: "/api/ai/conversations", role: "patient", target: "lists" },
  // The shop's management lists over the same store: the products (in name order) and the orders
  // (newest first) its clinic's staff page through.
  {
    name: "shop products (management), first page",
    method: "GET",
    path: "/api/shop/stores/{shopStore}/products?rowsPerPage=10",
    role: "clinic",
    target: "lists",
    check: (body) => `${(body as { total?: number }).total ?? 0} products`,
  },
  {
    name: "shop orders (management), first page",
    method: "GET",
    path: "/api/shop/stores/{shopStore}/orders?rowsPerPage=10",
    role: "clinic",
    target: "lists",
    check: (body) => `${(body as { total?: number }).total ?? 0} orders`,
  },
  // The audit screen's first page over every record the run has written so far (each request
  // above left one or more): the admin's, and the clinic's, scoped to its people.
  {
    name: "audit trail, first page (admin)",
    method: "GET",
    path: "/api/audit/?rowsPerPage=25",
    role: "admin",
    check: (body) => `${(body as { total?: number }).total ?? 0} records`,
  },
  {
    name: "audit trail, first page (clinic)",
    method: "GET",
    path: "/api/audit/?rowsPerPage=25",
    role: "clinic",
    check: (body) => `${(body as { total?: number }).total ?? 0} records`,
  },
];
