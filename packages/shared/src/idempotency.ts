/**
 * Requests safe to send more than once (issue 43: the patient app's offline outbox). A route that
 * takes them reads an optional `Idempotency-Key` header, a UUID the client makes once per action
 * and keeps for every resend. The first request with a key runs; a resend of the same request
 * (method, path and body) gets the first answer again, with `Idempotent-Replayed: true`, and runs
 * nothing. Keys are the user's own and are forgotten after IDEMPOTENCY_KEY_DAYS.
 */

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
/** How long an answer stays ready for a resend of its key. */
export const IDEMPOTENCY_KEY_DAYS = 30;

/**
 * The refusals of a keyed request, by the `code` its body carries beside `detail`: a malformed key
 * is a 400 ({ detail } only), a key reused for another request a 422, and a resend while the
 * first is still running a 409 with a `Retry-After` header (send it again shortly: it is not final).
 */
export const IDEMPOTENCY_REFUSALS = {
  keyMalformed: "The Idempotency-Key header must be one UUID, such as 0f8fad5b-d9cb-469f-a165-70867728950e.",
  keyReused: "This Idempotency-Key was already used for a different request: send a new key for a new action.",
  requestInFlight: "A request with this Idempotency-Key is already being processed: retry shortly.",
} as const;
export type IdempotencyRefusal = keyof typeof IDEMPOTENCY_REFUSALS;
