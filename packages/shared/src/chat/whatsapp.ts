import { z } from "zod";
import { whatsAppNumberInputSchema } from "./settings.ts";

/**
 * What WhatsApp's Cloud API posts to the webhook (issue 41.3), as far as the chat reads it: the
 * `messages` field's changes, each naming the business number (`metadata.phone_number_id`), with
 * the contacts who wrote, their messages and the delivery states of ours. Other fields (template
 * reviews, account updates) are accepted and passed over. Unknown keys are dropped, not refused:
 * Meta adds fields without notice, and a refused webhook is retried for days.
 */

/** WhatsApp's ids (wamid…, media ids) are opaque strings; bounded so a stored one fits its column. */
const waId = z.string().min(1).max(200);
/** A contact's number as WhatsApp writes it: digits, no `+` (E.164 without its sign). */
const waPhone = z.string().regex(/^[1-9]\d{7,14}$/);
/** Unix seconds, as a string. */
const waTimestamp = z.string().regex(/^\d{1,12}$/);

const waMedia = z.object({
  id: waId,
  mime_type: z.string().max(200).optional(),
  caption: z.string().max(4096).optional(),
  filename: z.string().max(1000).optional(),
});

export const whatsAppIncomingSchema = z.object({
  id: waId,
  from: waPhone,
  timestamp: waTimestamp,
  /** text | image | document | audio | … (location, sticker, reaction…: stored as "[type]"). */
  type: z.string().min(1).max(40),
  text: z.object({ body: z.string().max(65_536) }).optional(),
  image: waMedia.optional(),
  document: waMedia.optional(),
  audio: waMedia.optional(),
});
export type WhatsAppIncoming = z.infer<typeof whatsAppIncomingSchema>;

export const whatsAppStatusSchema = z.object({
  id: waId,
  /** sent | delivered | read | failed (others, such as "deleted", are passed over). */
  status: z.string().min(1).max(40),
  timestamp: waTimestamp,
  recipient_id: z.string().max(40).optional(),
  /** What we passed when sending: our message's id (finds a message whose send answer was lost). */
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z
    .array(
      z.object({
        code: z.number().int().optional(),
        title: z.string().max(1000).optional(),
        message: z.string().max(1000).optional(),
        error_data: z.object({ details: z.string().max(2000).optional() }).optional(),
      }),
    )
    .max(20)
    .optional(),
});
export type WhatsAppStatus = z.infer<typeof whatsAppStatusSchema>;

export const whatsAppValueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string().regex(/^\d{5,30}$/), display_phone_number: z.string().max(40).optional() }),
  contacts: z
    .array(z.object({ wa_id: waPhone, profile: z.object({ name: z.string().max(200) }).optional() }))
    .max(1000)
    .optional(),
  messages: z.array(whatsAppIncomingSchema).max(1000).optional(),
  statuses: z.array(whatsAppStatusSchema).max(1000).optional(),
});
export type WhatsAppValue = z.infer<typeof whatsAppValueSchema>;

const messagesChange = z.object({ field: z.literal("messages"), value: whatsAppValueSchema });
const otherChange = z.object({ field: z.string().refine((field) => field !== "messages"), value: z.unknown() });

export const whatsAppWebhookSchema = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z.array(z.object({ id: z.string().max(100), changes: z.array(z.union([messagesChange, otherChange])).max(100) })).max(100),
});
export type WhatsAppWebhook = z.infer<typeof whatsAppWebhookSchema>;

/** The verification handshake's query (Meta's names have dots). */
export const whatsAppHandshakeSchema = z.object({
  "hub.mode": z.string().max(40).optional(),
  "hub.verify_token": z.string().max(500).optional(),
  "hub.challenge": z.string().max(500).optional(),
});

/** Changing a connected number: its phone number id is its key and stays. */
export const whatsAppNumberUpdateSchema = whatsAppNumberInputSchema.omit({ id: true });
export type WhatsAppNumberUpdate = z.infer<typeof whatsAppNumberUpdateSchema>;

/** A number's phone number id in a path: bounded, as every path parameter is. */
export const whatsAppNumberPathSchema = z.object({
  id: z
    .string()
    .max(30)
    .regex(/^\d{5,30}$/),
});
