import { z } from "zod";
import type { Role } from "./groups.ts";
import { richText } from "./rich-text.ts";
import { pageQuerySchema, rowIdParam, storableText, userId } from "./schemas.ts";

/**
 * Messages (spec §2 `message`, issue 19.2): staff write to the people they manage (admins to
 * anyone, a clinic to its own people, a therapist to their patients), now or at a set time.
 * Each recipient gets it once as a notification and, when the sender asks and the recipient's
 * email choices allow, by email through the mail queue at a throttled pace.
 */

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 2000;
export const MESSAGE_ROLES = ["admin", "clinic", "therapist", "patient"] as const satisfies readonly Role[];
export type MessageRole = (typeof MESSAGE_ROLES)[number];
/** scheduled → sending → sent; a scheduled message can be cancelled before it starts. */
export const MESSAGE_STATES = ["scheduled", "sending", "sent", "cancelled"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export const MESSAGE_MAX_CLINICS = 200;
export const MESSAGE_MAX_GROUPS = 50;
export const MESSAGE_MAX_USERS = 500;

export const MESSAGE_MESSAGES = {
  noRecipients: "Choose who receives the message: a role, a clinic, a group or people.",
  nobody: "No one you can write to matches these recipients.",
  subjectNeeded: "Write a subject.",
  /** The text had nothing left once its markup was cleaned. */
  bodyNeeded: "Write the message.",
  sendAtPast: "Choose a time in the future, or send it now.",
  instant: "Give a date and time in ISO 8601 (e.g. 2026-12-01T09:00:00Z).",
  duplicate: "Listed more than once.",
  notAClinic: "Not a clinic.",
  unknownGroup: "No such group.",
  unknownUser: "No such user.",
  notYourPeople: "Only people you manage can receive your messages.",
  adminsOnly: "Only administrators write to whole clinics or groups.",
  notCancellable: "Only a scheduled message can be cancelled.",
} as const;

/** Who a message is for: the union of these (within what the sender may reach). */
const audienceShape = {
  roles: z.array(z.enum(MESSAGE_ROLES)).max(MESSAGE_ROLES.length).default([]),
  /** Clinic accounts' ids: the clinic and everyone of it (admins only). */
  clinics: z.array(userId()).max(MESSAGE_MAX_CLINICS).default([]),
  /** Groups' ids, built-in or custom: their members (admins only). */
  groups: z.array(rowIdParam()).max(MESSAGE_MAX_GROUPS).default([]),
  users: z.array(userId()).max(MESSAGE_MAX_USERS).default([]),
};

type AudienceValue = { roles: string[]; clinics: string[]; groups: number[]; users: string[] };

function checkAudience(value: AudienceValue, context: z.RefinementCtx): void {
  if (value.roles.length + value.clinics.length + value.groups.length + value.users.length === 0)
    context.addIssue({ code: "custom", path: ["roles"], message: MESSAGE_MESSAGES.noRecipients });
  for (const field of ["roles", "clinics", "groups", "users"] as const) {
    const values = value[field].map((one) => String(one).toLowerCase());
    if (new Set(values).size !== values.length) context.addIssue({ code: "custom", path: [field], message: MESSAGE_MESSAGES.duplicate });
  }
}

export const messageAudienceSchema = z.object(audienceShape).strict().superRefine(checkAudience);
export type MessageAudienceInput = z.input<typeof messageAudienceSchema>;

export const messageInputSchema = z
  .object({
    subject: z.string().trim().min(1, MESSAGE_MESSAGES.subjectNeeded).max(MESSAGE_SUBJECT_MAX),
    body: richText(MESSAGE_BODY_MAX),
    ...audienceShape,
    /** When to send it; null: now. */
    sendAt: z.iso.datetime({ offset: true, error: MESSAGE_MESSAGES.instant }).nullable().default(null),
    /** Also by email, to recipients whose email choices take messages. */
    email: z.boolean().default(false),
  })
  .strict()
  .superRefine((value, context) => {
    checkAudience(value, context);
    if (value.sendAt !== null && Date.parse(value.sendAt) <= Date.now())
      context.addIssue({ code: "custom", path: ["sendAt"], message: MESSAGE_MESSAGES.sendAtPast });
  });
export type MessageInput = z.input<typeof messageInputSchema>;

export const messageParamSchema = z.object({ id: rowIdParam() });
export const messagesQuerySchema = pageQuerySchema.extend({ state: z.enum(MESSAGE_STATES).optional() });
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const messageRecipientsQuerySchema = pageQuerySchema.extend({
  q: storableText(100)
    .transform((value) => value.trim())
    .optional(),
});

/** A person the sender may write to, for the recipient picker. */
export const messageRecipientSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(MESSAGE_ROLES) });
export type MessageRecipient = z.infer<typeof messageRecipientSchema>;

/** How many people an audience reaches now (the compose form shows it as it changes). */
export const messageReachSchema = z.object({ recipients: z.number().int() });

const named = z.object({ id: z.string(), name: z.string() });

/** A message as the sent list shows it. */
export const messageSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  roles: z.array(z.enum(MESSAGE_ROLES)),
  clinics: z.array(named),
  groups: z.array(z.object({ id: z.number().int(), name: z.object({ en: z.string(), es: z.string() }) })),
  users: z.array(named),
  email: z.boolean(),
  state: z.enum(MESSAGE_STATES),
  sendAt: z.string(),
  /** When its last recipient was reached. */
  sentAt: z.string().nullable(),
  sentBy: named.nullable(),
  createdAt: z.string(),
  /** Known once sending starts (the audience is read then); null while scheduled. */
  recipients: z.number().int().nullable(),
  /** Recipients whose notification is written. */
  delivered: z.number().int(),
  /** Emails sent (or kept in the outbox when no SMTP server is set), waiting, and failed for good. */
  emailsSent: z.number().int(),
  emailsQueued: z.number().int(),
  emailsFailed: z.number().int(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * `GET /api/messages/{id}/failed`: the recipients whose email failed for good, by name, with the
 * address it went to and the mail server's reason, in pages (a large audience can fail in bulk).
 */
export const messageFailedRecipientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The last reason the mail server gave, as stored; null when none was recorded. */
  error: z.string().nullable(),
  attempts: z.number().int(),
});
export type MessageFailedRecipient = z.infer<typeof messageFailedRecipientSchema>;
