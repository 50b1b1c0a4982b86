import { sql } from "drizzle-orm";
import { check, date, index, pgTable, serial, smallint, text, time, timestamp, varchar } from "drizzle-orm/pg-core";
import { timestamps, users } from "../../db/schema.ts";

/**
 * Web Push (issue 43.4). One row per browser that switched push on: its push service's endpoint
 * (unique: the same browser subscribing again, even as another user, updates its row) and the
 * keys its notifications are encrypted for.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: varchar("endpoint", { length: 2048 }).notNull().unique("push_subscriptions_endpoint_unique"),
    p256dh: varchar("p256dh", { length: 100 }).notNull(),
    auth: varchar("auth", { length: 30 }).notNull(),
    /** "Chrome on Android", from the User-Agent it subscribed with: the user tells their devices apart. */
    deviceLabel: varchar("device_label", { length: 80 }).notNull().default(""),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index("push_subscriptions_user_idx").on(table.userId)],
);

/**
 * The server's VAPID key pair, made on the first start and kept for good: every subscription is
 * bound to the public key, so a new pair would silence every device. In the database (not a
 * node's disk) so that every app node signs with the same pair; the private key sealed with
 * AUTH_SECRET (platform/secrets.ts), so a copy of the database alone cannot sign.
 */
export const pushVapidKeys = pgTable(
  "push_vapid_keys",
  {
    id: smallint("id").primaryKey().default(1),
    publicKey: text("public_key").notNull(),
    privateKeySealed: text("private_key_sealed").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("push_vapid_keys_single_row", sql`${table.id} = 1`)],
);

/**
 * A patient's daily push of the day's exercises: at `remind_at` (null: off) in `time_zone`.
 * `last_sent_on` is the patient's local day it last went out for: the sweep claims a day by
 * setting it, only where it is not that day yet, so one push a day whatever runs the sweep.
 */
export const dailyExercisePushes = pgTable(
  "daily_exercise_pushes",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    remindAt: time("remind_at"),
    timeZone: varchar("time_zone", { length: 64 }).notNull(),
    lastSentOn: date("last_sent_on", { mode: "string" }),
    ...timestamps,
  },
  (table) => [index("daily_exercise_pushes_due_idx").on(table.remindAt).where(sql`${table.remindAt} is not null`)],
);
