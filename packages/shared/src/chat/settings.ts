import { z } from "zod";
import { requiredText, rowIdParam, storableText, userId } from "../schemas.ts";
import { CHAT_LIMITS } from "./chat.ts";

/**
 * The chat's settings (issue 41): canned replies agents insert with a shortcut, the WhatsApp
 * message templates Meta approved (the only messages allowed outside the 24-hour window), and
 * the WhatsApp business numbers (Cloud API phone number ids) connected to each clinic.
 */

export const cannedReplySchema = z.object({ id: z.number().int(), clinicId: z.string(), shortcut: z.string(), body: z.string() });
export type CannedReply = z.infer<typeof cannedReplySchema>;
export const cannedReplyInputSchema = z
  .object({
    shortcut: requiredText(CHAT_LIMITS.cannedShortcut).regex(/^[\p{L}\p{N}_-]+$/u, "Use letters, digits, - and _ only."),
    body: requiredText(CHAT_LIMITS.cannedBody),
    /** Admins name the clinic; staff always get their own. */
    clinicId: userId().optional(),
  })
  .strict();
export type CannedReplyInput = z.infer<typeof cannedReplyInputSchema>;

/** `{{1}}`, `{{2}}`…: the numbered variables of a template's body, as WhatsApp writes them. */
export function templateVariableCount(body: string): number {
  let count = 0;
  for (const match of body.matchAll(/\{\{(\d+)\}\}/g)) count = Math.max(count, Number(match[1]));
  return count;
}
/** The body with its variables filled in (what the contact reads). */
export function fillTemplate(body: string, variables: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => variables[Number(n) - 1] ?? whole);
}

export const chatTemplateSchema = z.object({
  id: z.number().int(),
  clinicId: z.string(),
  name: z.string(),
  language: z.string(),
  body: z.string(),
  variables: z.number().int(),
});
export type ChatTemplate = z.infer<typeof chatTemplateSchema>;
export const chatTemplateInputSchema = z
  .object({
    /** The template's name as approved in WhatsApp Manager: lowercase letters, digits and _. */
    name: requiredText(CHAT_LIMITS.templateName).regex(/^[a-z0-9_]+$/, "Use lowercase letters, digits and _ only, as in WhatsApp Manager."),
    /** Its language code as approved (en, en_US, es, es_ES…). */
    language: requiredText(10).regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "Use a WhatsApp language code, e.g. en_US or es."),
    body: requiredText(CHAT_LIMITS.templateBody),
    clinicId: userId().optional(),
  })
  .strict();
export type ChatTemplateInput = z.infer<typeof chatTemplateInputSchema>;

export const whatsAppNumberSchema = z.object({
  /** The Cloud API's phone number id (digits), which webhooks name. */
  id: z.string(),
  clinicId: z.string(),
  clinicName: z.string(),
  displayPhone: z.string(),
  label: z.string(),
});
export type WhatsAppNumber = z.infer<typeof whatsAppNumberSchema>;
export const whatsAppNumberInputSchema = z
  .object({
    id: requiredText(30).regex(/^\d{5,30}$/, "The phone number id is the digits WhatsApp Manager shows."),
    clinicId: userId(),
    displayPhone: requiredText(30),
    label: storableText(CHAT_LIMITS.label).trim().default(""),
  })
  .strict();
export type WhatsAppNumberInput = z.infer<typeof whatsAppNumberInputSchema>;

export const chatSettingIdParamSchema = z.object({ id: rowIdParam() });
export const chatClinicQuerySchema = z.object({ clinicId: userId().optional() });
