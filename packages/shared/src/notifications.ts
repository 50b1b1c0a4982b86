import { z } from "zod";
import { chatRealtimeSchema } from "./chat/chat.ts";
import type { Language } from "./constants.ts";
import type { Role } from "./groups.ts";
import { pageQuerySchema, queryFlag, rowIdParam } from "./schemas.ts";

/**
 * In-app notifications (issue 19): what concerns a user, written in the transaction of the event
 * that caused it, read in the notification centre and pushed live over the realtime socket.
 */
export const NOTIFICATION_KINDS = [
  "activityAssigned",
  "recommendationAssigned",
  "formAssigned",
  "appointmentRequested",
  "appointmentBooked",
  "appointmentAccepted",
  "appointmentDenied",
  "appointmentChanged",
  "appointmentCancelled",
  "activityResult",
  "formSubmitted",
  "paymentReceived",
  "membershipExpiring",
  "membershipExpired",
  "message",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

const CARE_KINDS = ["activityAssigned", "recommendationAssigned", "formAssigned"] as const satisfies readonly NotificationKind[];
const APPOINTMENT_KINDS = NOTIFICATION_KINDS.filter((kind) => kind.startsWith("appointment"));
const BILLING_KINDS = ["paymentReceived", "membershipExpiring", "membershipExpired"] as const satisfies readonly NotificationKind[];
const RESULT_KINDS = ["activityResult", "formSubmitted"] as const satisfies readonly NotificationKind[];

/**
 * The kinds a role can receive, for its email choices: patients get their care and their own
 * plans, therapists their patients' results, clinics also their memberships; admins every kind.
 */
export const NOTIFICATION_KINDS_BY_ROLE: Readonly<Record<Role, readonly NotificationKind[]>> = {
  admin: NOTIFICATION_KINDS,
  patient: [...CARE_KINDS, ...APPOINTMENT_KINDS, ...BILLING_KINDS, "message"],
  therapist: [...APPOINTMENT_KINDS, ...RESULT_KINDS, "message"],
  clinic: [...APPOINTMENT_KINDS, ...RESULT_KINDS, ...BILLING_KINDS, "message"],
};

/**
 * Whether a kind also comes by email when the user has not chosen. Appointment kinds are on:
 * their emails (with the calendar invite) were sent before notifications existed, and an
 * upgrade must not silently stop them; the rest start in-app only.
 */
export const EMAIL_BY_DEFAULT: Readonly<Record<NotificationKind, boolean>> = {
  activityAssigned: false,
  recommendationAssigned: false,
  formAssigned: false,
  appointmentRequested: true,
  appointmentBooked: true,
  appointmentAccepted: true,
  appointmentDenied: true,
  appointmentChanged: true,
  appointmentCancelled: true,
  activityResult: false,
  formSubmitted: false,
  paymentReceived: true,
  membershipExpiring: true,
  membershipExpired: true,
  // The sender chose to email it; the recipient may still turn message emails off.
  message: true,
};

/** Kinds whose email goes whatever the choice: a payment's email carries its invoice. */
export const EMAIL_ALWAYS: readonly NotificationKind[] = ["paymentReceived"];

interface Template {
  subject: string;
  message: string;
}

/**
 * The texts, per language, with `{name}` placeholders. A notification is stored already written
 * in its recipient's language (spec §2 lists a subject and a message), so the list is plain
 * rows and the email says the same words.
 */
export const NOTIFICATION_TEXTS: Readonly<Record<NotificationKind, Record<Language, Template>>> = {
  activityAssigned: {
    en: { subject: "New activities assigned", message: "{sender} assigned you: {items}." },
    es: { subject: "Nuevas actividades asignadas", message: "{sender} le ha asignado: {items}." },
  },
  recommendationAssigned: {
    en: { subject: "New recommendations", message: "{sender} gave you these recommendations: {items}." },
    es: { subject: "Nuevas recomendaciones", message: "{sender} le ha dado estas recomendaciones: {items}." },
  },
  formAssigned: {
    en: { subject: "New form to answer: {form}", message: "{sender} asked you to answer the form “{form}”." },
    es: { subject: "Nuevo formulario por responder: {form}", message: "{sender} le ha pedido que responda el formulario «{form}»." },
  },
  appointmentRequested: {
    en: { subject: "New appointment request: {name}", message: "{patient} asks for an appointment on {when}." },
    es: { subject: "Nueva solicitud de cita: {name}", message: "{patient} solicita una cita el {when}." },
  },
  appointmentBooked: {
    en: { subject: "New appointment: {name}", message: "{provider} booked an appointment with you on {when}." },
    es: { subject: "Nueva cita: {name}", message: "{provider} ha reservado una cita con usted el {when}." },
  },
  appointmentAccepted: {
    en: { subject: "Appointment accepted: {name}", message: "{provider} accepted your appointment on {when}." },
    es: { subject: "Cita aceptada: {name}", message: "{provider} ha aceptado su cita del {when}." },
  },
  appointmentDenied: {
    en: { subject: "Appointment request denied: {name}", message: "{provider} cannot see you on {when}. Reason: {reason}" },
    es: { subject: "Solicitud de cita rechazada: {name}", message: "{provider} no puede atenderle el {when}. Motivo: {reason}" },
  },
  appointmentChanged: {
    en: { subject: "Appointment changed: {name}", message: "The appointment of {provider} and {patient} is now on {when}." },
    es: { subject: "Cita cambiada: {name}", message: "La cita entre {provider} y {patient} es ahora el {when}." },
  },
  appointmentCancelled: {
    en: { subject: "Appointment cancelled: {name}", message: "The appointment of {provider} and {patient} on {when} has been cancelled." },
    es: { subject: "Cita cancelada: {name}", message: "La cita entre {provider} y {patient} del {when} se ha cancelado." },
  },
  activityResult: {
    en: { subject: "Results: {patient}, {activity}", message: "{patient} completed “{activity}”." },
    es: { subject: "Resultados: {patient}, {activity}", message: "{patient} ha completado «{activity}»." },
  },
  formSubmitted: {
    en: { subject: "Form answered: {patient}, {form}", message: "{patient} submitted the form “{form}”." },
    es: { subject: "Formulario respondido: {patient}, {form}", message: "{patient} ha enviado el formulario «{form}»." },
  },
  paymentReceived: {
    en: { subject: "Payment received: order {number}", message: "We received the payment of order {number} ({plan}). Its invoice is on the order's page." },
    es: { subject: "Pago recibido: pedido {number}", message: "Hemos recibido el pago del pedido {number} ({plan}). La factura está en la página del pedido." },
  },
  membershipExpiring: {
    en: { subject: "Your membership ends on {date}", message: "Your {plan} membership ends on {date}. Renew it to keep access." },
    es: { subject: "Su membresía termina el {date}", message: "Su membresía {plan} termina el {date}. Renuévela para mantener el acceso." },
  },
  membershipExpired: {
    en: { subject: "Your membership has ended", message: "Your {plan} membership ended on {date}." },
    es: { subject: "Su membresía ha terminado", message: "Su membresía {plan} terminó el {date}." },
  },
  // A message (issue 19.2) is the sender's own words, in the language they wrote it in.
  message: {
    en: { subject: "{subject}", message: "{message}" },
    es: { subject: "{subject}", message: "{message}" },
  },
};

export const NOTIFICATION_SUBJECT_MAX = 300;
export const NOTIFICATION_MESSAGE_MAX = 2000;

const fill = (template: string, params: Readonly<Record<string, string>>) => template.replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The subject and message of a notification in `language` (English for any other). */
export function notificationText(kind: NotificationKind, language: string, params: Readonly<Record<string, string>>): Template {
  const template = NOTIFICATION_TEXTS[kind][language === "es" ? "es" : "en"];
  return { subject: clip(fill(template.subject, params), NOTIFICATION_SUBJECT_MAX), message: clip(fill(template.message, params), NOTIFICATION_MESSAGE_MAX) };
}

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  subject: z.string(),
  message: z.string(),
  /** A path of the app to open (what the notification is about), or null. */
  link: z.string().nullable(),
  /** Who caused it; null for the system. */
  sentBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = pageQuerySchema.extend({ unread: queryFlag() });
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationIdParamSchema = z.object({ id: rowIdParam() });

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** Which kinds also come by email: every kind answered; a change may name only some. */
export const notificationPreferencesSchema = z.object({ email: z.record(notificationKindSchema, z.boolean()) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesUpdateSchema = z.object({ email: z.partialRecord(notificationKindSchema, z.boolean()) }).strict();
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

/** What the realtime socket sends: the user's unread count changed (a new notification, or some were read). */
export const notificationsRealtimeSchema = z.object({ type: z.literal("notifications"), unread: z.number().int() });
/** Every message of the realtime socket: the notifications count, and the messaging chat's events (chat/chat.ts). */
export const realtimeMessageSchema = z.discriminatedUnion("type", [notificationsRealtimeSchema, ...chatRealtimeSchema.options]);
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;

/** The realtime endpoint (a WebSocket on the app's own origin). */
export const REALTIME_PATH = "/api/realtime";
