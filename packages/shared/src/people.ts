import { z } from "zod";
import { e164Schema } from "./chat/chat.ts";
import { NOTIFICATION_KINDS } from "./notifications.ts";
import { PASSWORD_MAX, PASSWORD_MIN, languageSchema, pageQuerySchema, permissionSchema, requiredText, rowIdParam, storableText, userId } from "./schemas.ts";

/**
 * Contracts of the people screens: clinics (§2 `users`), their therapists, patients (§3),
 * the user administration (/user/admin), groups and their grants, invitations and the
 * mail outbox. Accounts are made without a password: the new user chooses it from an
 * emailed invitation.
 */

export const NAME_PART_MAX = 150;
export const IDENTIFICATION_MAX = 30;
export const EMAIL_MAX = 254;
/** An invitation link stays valid this long. */
export const INVITATION_DAYS = 7;

const emailField = z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email());
const identificationField = storableText(IDENTIFICATION_MAX).transform((value) => value.trim());
const userIdField = userId();
/** `true`/`false` in a query string. */
const booleanQuery = z.enum(["true", "false"]).transform((value) => value === "true");
const searchQuery = storableText(100)
  .transform((value) => value.trim())
  .optional();

export const personFieldsSchema = z.object({
  nombres: requiredText(NAME_PART_MAX),
  apellidos: requiredText(NAME_PART_MAX),
  identification: identificationField,
  email: emailField,
  language: languageSchema,
});

/** A clinic is one account of group 2; its name is the account's name. */
export const clinicInputSchema = z
  .object({ name: requiredText(NAME_PART_MAX), identification: identificationField, email: emailField, language: languageSchema })
  .strict();
export type ClinicInput = z.infer<typeof clinicInputSchema>;

/** A therapist: admins name the clinic, a clinic adds to its own team. */
export const staffCreateSchema = personFieldsSchema.extend({ clinicId: userIdField.optional() }).strict();
export type StaffCreate = z.infer<typeof staffCreateSchema>;
export const staffUpdateSchema = personFieldsSchema.strict();
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

/**
 * A patient's mobile number in E.164 (issue 41: WhatsApp conversations find their patient by it);
 * empty or null clears it. Left out of an update, the number stays as it was.
 */
export const patientPhoneSchema = z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? null : value), e164Schema.nullable()).optional();

/** A patient and the therapists of its clinic who treat them (its care team). */
export const patientCreateSchema = personFieldsSchema
  .extend({ clinicId: userIdField.optional(), therapistIds: z.array(userIdField).max(20).default([]), phone: patientPhoneSchema })
  .strict();
export type PatientCreate = z.infer<typeof patientCreateSchema>;
export const patientUpdateSchema = personFieldsSchema.extend({ therapistIds: z.array(userIdField).max(20).default([]), phone: patientPhoneSchema }).strict();
export type PatientUpdate = z.infer<typeof patientUpdateSchema>;

export const activeUpdateSchema = z.object({ isActive: z.boolean() }).strict();

/**
 * Every kind of email the platform writes, as the outbox screen names it. The server's outgoing
 * mail is typed by it, so a new kind cannot be written before it is listed here; the web's test
 * then asks for its label in both languages.
 */
export const MAIL_KINDS = [
  "invitation",
  "system-check",
  "message",
  "forms.overdue",
  ...(["requested", "booked", "accepted", "denied", "changed", "cancelled", "reminder"] as const).map((event) => `appointment.${event}` as const),
  ...(["order", "paid", "expiring", "expired", "refunded", "cancelled"] as const).map((event) => `billing.${event}` as const),
  ...(["placed", "paid", "fulfilled", "cancelled", "refunded"] as const).map((event) => `shop.${event}` as const),
  ...(["confirm", "confirmed", "changed", "cancelled", "reminder", "rate"] as const).map((event) => `booking.${event}` as const),
  // The CRM's email formats: a test send, and a mass email to a list (issue 36.5).
  "crm.test",
  "crm.campaign",
  // Events (issue 37): a registrant's emails, and a checklist owner's overdue tasks.
  ...(["confirmed", "payment_due", "waiting", "cancelled", "refunded", "expired", "task_overdue"] as const).map((event) => `event.${event}` as const),
  // The product quoter (issue 38): the quote sent to its client, and its author told of a view or an answer.
  ...(["sent", "viewed", "decided"] as const).map((event) => `product_quote.${event}` as const),
  // The insurance quoter (issue 38): the quote sent to its applicant with its PDF, and its agent told of the answer by the link.
  ...(["quote", "decided"] as const).map((event) => `quoter.${event}` as const),
  // A notification's own email, for those who keep its kind by email.
  ...NOTIFICATION_KINDS.map((kind) => `notice.${kind}` as const),
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_STATUSES = ["queued", "sent", "failed", "outbox"] as const;
export const mailStatusSchema = z.enum(MAIL_STATUSES);
export type MailStatus = z.infer<typeof mailStatusSchema>;

/** What became of the invitation a new account was sent. */
export const invitationOutcomeSchema = z.object({ status: mailStatusSchema, error: z.string().nullable() });

/** Fields every person row shows. `invitationPending`: no password chosen yet. */
const personRow = {
  id: z.string(),
  email: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  identification: z.string(),
  language: languageSchema,
  isActive: z.boolean(),
  invitationPending: z.boolean(),
  createdAt: z.string(),
};

export const clinicMembershipSchema = z.object({
  plan: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  nUsers: z.number().int(),
  nPatients: z.number().int(),
});

export const clinicRowSchema = z.object({
  ...personRow,
  name: z.string(),
  /** The membership it holds today, if any. */
  membership: clinicMembershipSchema.nullable(),
  /** Active therapists and patients: the seats in use. */
  therapists: z.number().int(),
  patients: z.number().int(),
});
export type ClinicRow = z.infer<typeof clinicRowSchema>;

export const staffRowSchema = z.object({
  ...personRow,
  clinicId: z.string().nullable(),
  clinicName: z.string().nullable(),
  /** Patients in their care. */
  patients: z.number().int(),
});
export type StaffRow = z.infer<typeof staffRowSchema>;

export const therapistRefSchema = z.object({ id: z.string(), nombres: z.string(), apellidos: z.string() });
export const patientRowSchema = z.object({
  ...personRow,
  clinicId: z.string().nullable(),
  clinicName: z.string().nullable(),
  therapists: z.array(therapistRefSchema),
  /** Their mobile in E.164 (WhatsApp), if the clinic has it. */
  phone: z.string().nullable(),
});
export type PatientRow = z.infer<typeof patientRowSchema>;

export const ROLES = ["admin", "clinic", "therapist", "patient"] as const;
export const roleSchema = z.enum(ROLES);
export const userAdminRowSchema = z.object({
  ...personRow,
  role: roleSchema,
  clinicId: z.string().nullable(),
  clinicName: z.string().nullable(),
});
export type UserAdminRow = z.infer<typeof userAdminRowSchema>;

export const withInvitation = <T extends z.ZodObject>(row: T) => row.extend({ invitation: invitationOutcomeSchema });

export const clinicsQuerySchema = pageQuerySchema.extend({ q: searchQuery, active: booleanQuery.optional() });
export const staffQuerySchema = clinicsQuerySchema.extend({ clinic: userIdField.optional() });
export const patientsQuerySchema = staffQuerySchema.extend({ therapist: userIdField.optional() });
export const usersQuerySchema = staffQuerySchema.extend({ role: roleSchema.optional() });
export const mailQuerySchema = pageQuerySchema.extend({ q: searchQuery, status: mailStatusSchema.optional(), kind: storableText(32).optional() });

export const mailMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  kind: z.string(),
  status: mailStatusSchema,
  attempts: z.number().int(),
  error: z.string().nullable(),
  userId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Files sent with it (an appointment's .ics invite), without their content. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

/** Invitations: the emailed link carries a token; the page checks it, then sets the password. */
export const invitationTokenSchema = z.object({ token: z.string().trim().min(1).max(200) }).strict();
export const invitationAcceptSchema = z.object({ token: z.string().trim().min(1).max(200), password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX) }).strict();
export const invitationInfoSchema = z.object({ email: z.string(), nombres: z.string(), language: languageSchema });
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;
/** `code` of a 400 about the token, for the page to explain it. */
export const INVITATION_ERRORS = ["TOKEN_EXPIRED", "TOKEN_INVALID"] as const;

/** Group ids are smallints: a larger id names no group (404), never a database range error. */
export const groupIdParamSchema = z.object({ id: rowIdParam().max(32_767, "Unknown group.") });
export const groupMemberParamSchema = groupIdParamSchema.extend({ userId: userId() });
export const GROUP_NAME_MAX = 60;
export const groupSchema = z.object({
  id: z.number().int(),
  name: z.object({ en: z.string(), es: z.string() }),
  /** The three groups of spec §6, which give the role: never deleted or renamed, members managed with the user. */
  builtin: z.boolean(),
  memberCount: z.number().int(),
  permissions: z.array(z.string()),
});
export type Group = z.infer<typeof groupSchema>;
export const groupsResponseSchema = z.object({
  groups: z.array(groupSchema),
  /** Every codename, by the module that owns it. */
  modules: z.array(z.object({ module: z.string(), permissions: z.array(z.string()) })),
});
export type GroupsResponse = z.infer<typeof groupsResponseSchema>;
/** A custom group's name in both languages of the screens. */
export const groupNameSchema = z.object({ name: z.object({ en: requiredText(GROUP_NAME_MAX), es: requiredText(GROUP_NAME_MAX) }).strict() }).strict();
export type GroupNameInput = z.infer<typeof groupNameSchema>;
export const groupMembersQuerySchema = pageQuerySchema.extend({ q: searchQuery });
export const groupMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;
export const groupMemberAddSchema = z.object({ userId: userId() }).strict();
export const groupPermissionsUpdateSchema = z.object({ permissions: z.array(permissionSchema).max(200) }).strict();
