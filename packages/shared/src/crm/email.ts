import { z } from "zod";
import { instantField } from "../appointments.ts";
import { EMAIL_MAX } from "../people.ts";
import { richText } from "../rich-text.ts";
import { pageQuerySchema, requiredText, rowId, storableText } from "../schemas.ts";
import { crmClinicQuerySchema } from "./common.ts";

/**
 * The CRM's email (issue 36.5): email formats (spec §3, §5), a test send, mass email to a list
 * with its progress, and the recipient's own unsubscribe page. Bodies are rich text with
 * `{{variables}}` filled in per recipient; a format's template is the layout around the body.
 */

/** The layouts a body is wrapped in. */
export const CRM_EMAIL_TEMPLATES = ["plain", "letter", "newsletter"] as const;
export type CrmEmailTemplate = (typeof CRM_EMAIL_TEMPLATES)[number];

/** What `{{name}}` may name in a format's subject and body: the recipient's, filled in per email. */
export const CRM_EMAIL_VARIABLES = ["first_name", "last_name", "name", "organisation", "email", "unsubscribe_url"] as const;
export type CrmEmailVariable = (typeof CRM_EMAIL_VARIABLES)[number];

export const CRM_EMAIL_LIMITS = { nameMax: 120, descriptionMax: 2000, subjectMax: 200, fromNameMax: 120, bodyMax: 50_000 } as const;

export const CRM_CAMPAIGN_STATES = ["scheduled", "sending", "sent", "cancelled"] as const;
export type CrmCampaignState = (typeof CRM_CAMPAIGN_STATES)[number];

export const CRM_EMAIL_MESSAGES = {
  formatCreated: "Email format created successfully",
  formatEdited: "Email format edited successfully",
  formatDeleted: "Email format deleted successfully",
  testSent: "Test email message sent successfully",
  scheduled: "Mass email delivery scheduled successfully",
  noFormat: "No such email format.",
  noList: "No such list.",
  otherClinic: "The email format and the list belong to different clinics.",
  pastSendAt: "Choose a time in the future, or send now.",
  notCancellable: "Only a scheduled mass email can be cancelled: this one has started or ended.",
} as const;

/** `{{ name }}` in a text, spaces inside the braces allowed. */
export const CRM_VARIABLE_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The variables of a text that are not among CRM_EMAIL_VARIABLES, each once. */
export function unknownCrmVariables(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(CRM_VARIABLE_PATTERN)) {
    const name = match[1] as string;
    if (!(CRM_EMAIL_VARIABLES as readonly string[]).includes(name)) unknown.add(name);
  }
  return [...unknown];
}

export const unknownVariableMessage = (names: readonly string[]) =>
  `Unknown variable ${names.map((name) => `{{${name}}}`).join(", ")}. Use ${CRM_EMAIL_VARIABLES.map((name) => `{{${name}}}`).join(", ")}.`;

const address = () => z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email());

export const crmEmailFormatInputSchema = z
  .object({
    name: requiredText(CRM_EMAIL_LIMITS.nameMax),
    description: requiredText(CRM_EMAIL_LIMITS.descriptionMax),
    subject: requiredText(CRM_EMAIL_LIMITS.subjectMax),
    fromName: requiredText(CRM_EMAIL_LIMITS.fromNameMax),
    fromEmail: address(),
    replyTo: address(),
    html: richText(CRM_EMAIL_LIMITS.bodyMax),
    template: z.enum(CRM_EMAIL_TEMPLATES).default("plain"),
    trackOpens: z.boolean().default(false),
    trackClicks: z.boolean().default(false),
  })
  .strict()
  .superRefine((input, context) => {
    for (const field of ["subject", "html"] as const) {
      const unknown = unknownCrmVariables(input[field]);
      if (unknown.length > 0) context.addIssue({ code: "custom", path: [field], message: unknownVariableMessage(unknown) });
    }
  });
export type CrmEmailFormatInput = z.input<typeof crmEmailFormatInputSchema>;

export const crmEmailFormatSchema = z.object({
  id: z.number().int(),
  clinicId: z.string(),
  name: z.string(),
  description: z.string(),
  subject: z.string(),
  fromName: z.string(),
  fromEmail: z.string(),
  replyTo: z.string(),
  html: z.string(),
  template: z.enum(CRM_EMAIL_TEMPLATES),
  trackOpens: z.boolean(),
  trackClicks: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CrmEmailFormat = z.infer<typeof crmEmailFormatSchema>;

export const crmEmailFormatsQuerySchema = pageQuerySchema.extend({ ...crmClinicQuerySchema.shape, q: storableText(100).optional() }).strict();
export type CrmEmailFormatsQuery = z.infer<typeof crmEmailFormatsQuerySchema>;

/** `POST /api/crm/email-formats/:id/test`: where the test goes. */
export const crmEmailTestSchema = z.object({ to: address() }).strict();
export type CrmEmailTest = z.infer<typeof crmEmailTestSchema>;

/** A test email's fate: kept in the outbox (no SMTP), accepted by the mail server, or refused by it. */
export const crmEmailTestResultSchema = z.object({ detail: z.string(), status: z.enum(["outbox", "sent", "failed"]), error: z.string().nullable() });
export type CrmEmailTestResult = z.infer<typeof crmEmailTestResultSchema>;

/** A mass email: a format to a list, now (no `sendAt`) or at `sendAt`. Admins may name the clinic; it must be the format's. */
export const crmCampaignInputSchema = z
  .object({
    formatId: rowId(),
    listId: rowId(),
    sendAt: instantField().optional(),
    clinicId: z.string().min(1).max(64).optional(),
  })
  .strict();
export type CrmCampaignInput = z.infer<typeof crmCampaignInputSchema>;

/** Where a mass email stands: sent and failed by the emails' fate (the outbox counts as sent), left still to go. */
export const crmCampaignProgressSchema = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  left: z.number().int(),
  skipped: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
});
export type CrmCampaignProgress = z.infer<typeof crmCampaignProgressSchema>;

export const crmCampaignSchema = z.object({
  id: z.number().int(),
  clinicId: z.string(),
  formatId: z.number().int().nullable(),
  listId: z.number().int().nullable(),
  listTitle: z.string().nullable(),
  name: z.string(),
  subject: z.string(),
  state: z.enum(CRM_CAMPAIGN_STATES),
  sendAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  trackOpens: z.boolean(),
  trackClicks: z.boolean(),
  /** How many clients it was addressed to: null until the list is read. */
  recipients: z.number().int().nullable(),
  progress: crmCampaignProgressSchema,
});
export type CrmCampaign = z.infer<typeof crmCampaignSchema>;

export const crmCampaignCreatedSchema = z.object({ detail: z.string(), campaign: crmCampaignSchema });
export type CrmCampaignCreated = z.infer<typeof crmCampaignCreatedSchema>;

export const crmCampaignsQuerySchema = pageQuerySchema.extend({ ...crmClinicQuerySchema.shape, state: z.enum(CRM_CAMPAIGN_STATES).optional() }).strict();
export type CrmCampaignsQuery = z.infer<typeof crmCampaignsQuerySchema>;

/** A link's secret, as we write them (digits, a dash or a dot, base64url); one we did not sign answers 404. */
export const crmTokenParamSchema = z
  .object({
    token: z
      .string()
      .min(1)
      .max(120)
      .regex(/^[A-Za-z0-9_.-]+$/),
  })
  .strict();

/** What the unsubscribe page shows: whose address (partly hidden), which clinic, and whether it is done. */
export const crmUnsubscribeViewSchema = z.object({ email: z.string(), clinicName: z.string(), unsubscribed: z.boolean() });
export type CrmUnsubscribeView = z.infer<typeof crmUnsubscribeViewSchema>;

/** The page's JSON call sends `{}`; a mail provider's one-click call (RFC 8058) the form `List-Unsubscribe=One-Click`. */
export const crmUnsubscribeInputSchema = z
  .object({ "List-Unsubscribe": z.literal("One-Click").optional() })
  .strict()
  .optional();

/** A tracked link: the address it goes to and our signature over it. */
export const crmClickQuerySchema = z.object({ u: z.string().min(1).max(4000), s: z.string().min(1).max(200) }).strict();
