import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { users } from "../db/schema.ts";

/**
 * Requests sent under an `Idempotency-Key` (issue 43: the patient app's offline outbox sends
 * each action once per key, however often the network makes it retry). A row is claimed
 * before the handler runs (status null: in flight) and holds the stored answer afterwards, so
 * a replay answers it without running the handler again. Keys are the user's own: two users
 * may send the same key.
 */
export const idempotentRequests = pgTable(
  "idempotent_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: uuid("key").notNull(),
    method: varchar("method", { length: 8 }).notNull(),
    /** The request's path without its query, as the client sent it. */
    path: text("path").notNull(),
    /** SHA-256 of the request's JSON body: a key reused for another request is refused. */
    bodyHash: varchar("body_hash", { length: 64 }).notNull(),
    /** The answer's status; null while the first request is still being handled. */
    status: integer("status"),
    answer: jsonb("answer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("idempotent_requests_user_key_idx").on(table.userId, table.key), index("idempotent_requests_created_idx").on(table.createdAt)],
);
