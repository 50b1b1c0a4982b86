import { z } from "zod";
import { pageQuerySchema, requiredText, rowId, rowIdParam, storableText, userId } from "../schemas.ts";

/**
 * The messaging chat's contract (module `chat_whatsapp`, issue 41): a clinic's shared inbox of
 * conversations with its patients, in the app (live over the realtime socket) and on WhatsApp
 * (through the Cloud API). Agents are the clinic's staff (its account and its therapists) and
 * platform admins; a patient sees their one in-app conversation with their clinic.
 */

export const CHAT_CHANNELS = ["app", "whatsapp"] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];
export const CHAT_STATUSES = ["open", "closed"] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];
/** The inbox's filters: assigned to me, to no one, every open one, the closed ones. */
export const CHAT_FILTERS = ["mine", "unassigned", "all", "closed"] as const;
export type ChatFilter = (typeof CHAT_FILTERS)[number];
/** in: from the patient or contact; out: from the clinic; note: an agents' note, never sent. */
export const CHAT_DIRECTIONS = ["in", "out", "note"] as const;
export type ChatDirection = (typeof CHAT_DIRECTIONS)[number];
export const CHAT_MESSAGE_KINDS = ["text", "image", "document", "audio", "template"] as const;
export type ChatMessageKind = (typeof CHAT_MESSAGE_KINDS)[number];
/**
 * Where an outgoing message stands: queued (waiting for the sender job), sending (handed to the
 * WhatsApp API, answer not yet stored), sent, delivered, read, failed (failureReason says why).
 * Incoming and in-app messages start at sent; read once the other side opened them.
 */
export const CHAT_DELIVERY_STATES = ["queued", "sending", "sent", "delivered", "read", "failed"] as const;
export type ChatDeliveryState = (typeof CHAT_DELIVERY_STATES)[number];
/** The order delivery states only move forward in (a late "delivered" never undoes "read"). */
export const CHAT_DELIVERY_RANK: Record<ChatDeliveryState, number> = { queued: 0, sending: 1, sent: 2, delivered: 3, read: 4, failed: 5 };

/** WhatsApp's customer-service window: free text only within 24 hours of the contact's last message. */
export const WHATSAPP_WINDOW_HOURS = 24;

export const CHAT_LIMITS = {
  text: 4096,
  search: 100,
  /** Messages per page of a conversation's history. */
  page: 50,
  maxPage: 100,
  caption: 1024,
  cannedShortcut: 30,
  cannedBody: 4096,
  templateName: 512,
  templateBody: 1024,
  templateVariables: 10,
  variable: 1024,
  label: 100,
} as const;

/** What only the server can decide, in English; the screens translate them by key (`chat.messages.<key>`). */
export const CHAT_MESSAGES = {
  windowClosed: "More than 24 hours have passed since the contact's last message: WhatsApp allows only an approved template now.",
  closed: "This conversation is closed: reopen it to reply.",
  noClinic: "Your account belongs to no clinic to chat with.",
  notAgent: "This person is not one of the clinic's staff.",
  patientUnknown: "This patient is not one of the clinic's.",
  notWhatsApp: "Templates are sent only in WhatsApp conversations.",
  notApp: "Typing is shown only in conversations in the app.",
  templateUnknown: "This template is not one of the clinic's approved templates.",
  templateVariables: "This template needs {count} values.",
  attachmentType: "Send an image (PNG, JPEG, WebP), a PDF or an audio file (OGG, MP3, M4A, AMR).",
  attachmentTooLarge: "The file is too large: at most {size}.",
  attachmentNeeded: "Choose a file to send.",
  numberTaken: "This WhatsApp number is already connected.",
  numberUnknown: "This WhatsApp number is not connected to any clinic.",
  cannedTaken: "The clinic already has a canned reply with this shortcut.",
  templateTaken: "The clinic already has this template in this language.",
  notConfigured: "WhatsApp is not configured on this server (WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN, WHATSAPP_ACCESS_TOKEN).",
  clinicNeeded: "Choose the clinic.",
} as const;
export type ChatMessageKey = keyof typeof CHAT_MESSAGES;

/** A phone number as E.164: `+` and 8 to 15 digits; spaces, dots, dashes and brackets are dropped first. */
export const e164Schema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s().-]/g, ""))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, "Write the number with its country code, e.g. +34 600 123 456."));
/** WhatsApp writes numbers as digits without the `+`. */
export const e164OfWhatsApp = (waId: string): string => `+${waId.replace(/\D/g, "")}`;

const person = z.object({ id: userId(), name: z.string() });

export const chatConversationSchema = z.object({
  id: z.number().int(),
  clinicId: z.string(),
  channel: z.enum(CHAT_CHANNELS),
  status: z.enum(CHAT_STATUSES),
  /** The patient the conversation is with (a WhatsApp contact not matched to one: null). */
  patient: person.nullable(),
  /** The patient's name, else the WhatsApp profile name, else the number. */
  contactName: z.string(),
  contactPhone: z.string().nullable(),
  assignee: person.nullable(),
  lastMessageAt: z.iso.datetime(),
  lastMessagePreview: z.string(),
  lastDirection: z.enum(CHAT_DIRECTIONS).nullable(),
  /** Messages from the other side the caller has not read. */
  unread: z.number().int(),
  /** WhatsApp: when free text stops being allowed (null: the contact never wrote, or in-app). */
  windowClosesAt: z.iso.datetime().nullable(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

export const chatConversationQuerySchema = pageQuerySchema.extend({
  filter: z.enum(CHAT_FILTERS).default("all"),
  q: storableText(CHAT_LIMITS.search).trim().optional(),
  channel: z.enum(CHAT_CHANNELS).optional(),
});
export type ChatConversationQuery = z.infer<typeof chatConversationQuerySchema>;

export const chatConversationIdParamSchema = z.object({ id: rowIdParam() });

export const chatAttachmentSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  direction: z.enum(CHAT_DIRECTIONS),
  kind: z.enum(CHAT_MESSAGE_KINDS),
  body: z.string(),
  attachment: chatAttachmentSchema.nullable(),
  template: z.object({ name: z.string(), language: z.string(), variables: z.array(z.string()) }).nullable(),
  /** The staff member or patient who wrote it (a WhatsApp contact: null). */
  author: person.nullable(),
  status: z.enum(CHAT_DELIVERY_STATES),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A page of history, newest last; `before` pages back from a message id. */
export const chatMessagesQuerySchema = z.object({
  before: rowIdParam().optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.maxPage).default(CHAT_LIMITS.page),
});
export const chatMessagesPageSchema = z.object({ data: z.array(chatMessageSchema), hasMore: z.boolean() });
export type ChatMessagesPage = z.infer<typeof chatMessagesPageSchema>;

export const chatTextSchema = z.object({ body: requiredText(CHAT_LIMITS.text) }).strict();
export const chatTemplateSendSchema = z
  .object({ templateId: rowId(), variables: z.array(requiredText(CHAT_LIMITS.variable)).max(CHAT_LIMITS.templateVariables).default([]) })
  .strict();
export type ChatTemplateSend = z.infer<typeof chatTemplateSendSchema>;
/** The multipart fields of an attachment besides the file (`archivo`). */
export const chatAttachmentFieldsSchema = z.object({ caption: storableText(CHAT_LIMITS.caption).trim().default("") });
export const chatAssignSchema = z.object({ assigneeId: userId().nullable() }).strict();
export const chatStatusSchema = z.object({ status: z.enum(CHAT_STATUSES) }).strict();
export const chatLinkPatientSchema = z.object({ patientId: userId().nullable() }).strict();
/** Staff open (or find) the in-app conversation with one of their patients. */
export const chatStartSchema = z.object({ patientId: userId() }).strict();

/** A patient's own chat: their conversation with their clinic (null until one of them writes). */
export const chatMineSchema = z.object({ clinicName: z.string(), conversation: chatConversationSchema.nullable() });
export type ChatMine = z.infer<typeof chatMineSchema>;

export const chatUnreadSchema = z.object({ unread: z.number().int() });
export const chatAgentSchema = person;
export type ChatAgent = z.infer<typeof chatAgentSchema>;

/**
 * What the realtime socket carries for the chat: ids only, never content (the API, with its
 * access checks, stays the truth). `message`: a message was added or its delivery changed;
 * `conversation`: assignee, status or read state changed; `typing`: someone is writing.
 */
export const chatRealtimeSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("chat"), event: z.enum(["message", "conversation"]), conversationId: z.number().int() }),
  z.object({ type: z.literal("chat.typing"), conversationId: z.number().int(), name: z.string() }),
]);
export type ChatRealtime = z.infer<typeof chatRealtimeSchema>;
