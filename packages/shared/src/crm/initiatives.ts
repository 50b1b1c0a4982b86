import { z } from "zod";
import { timeZoneField } from "../appointments.ts";
import { pageQuerySchema, requiredText, rowId, storableText, userId } from "../schemas.ts";

/**
 * Initiatives (spec §3: title, description, clients, salesman, state) and the CRM dashboard
 * (issue 36.1, 36.3). An initiative is `not_readed` until its salesman opens it, and again after
 * it is given to another salesman or its clients change (spec §4).
 */

export const CRM_INITIATIVE_STATES = ["read", "not_readed"] as const;
export type CrmInitiativeState = (typeof CRM_INITIATIVE_STATES)[number];

export const CRM_INITIATIVE_LIMITS = { title: 200, description: 5000, clients: 5000 } as const;

/** Refusals only the server can decide; the screens translate them by key. */
export const CRM_INITIATIVE_REFUSALS = {
  salesmanNotAgent: "Choose an agent of this clinic.",
  clientsOtherClinic: "Choose clients of this clinic.",
  salesmanLocked: "Only the CRM administrator can give an initiative to another agent.",
  notYours: "This initiative is another agent's.",
} as const;

const clientIdsField = () =>
  z
    .array(rowId())
    .max(CRM_INITIATIVE_LIMITS.clients)
    .default([])
    // The same client twice is one client.
    .transform((ids) => [...new Set(ids)]);

/** Add or change an initiative; `clinicId` names an admin's clinic when adding (staff: their own). */
export const crmInitiativeInputSchema = z
  .object({
    title: requiredText(CRM_INITIATIVE_LIMITS.title),
    description: storableText(CRM_INITIATIVE_LIMITS.description).default(""),
    clientIds: clientIdsField(),
    salesmanId: userId().nullable().default(null),
    clinicId: userId().optional(),
  })
  .strict();
export type CrmInitiativeInput = z.input<typeof crmInitiativeInputSchema>;
export type CrmInitiativeValues = z.output<typeof crmInitiativeInputSchema>;

const initiativeFilterFields = {
  salesmanId: userId().optional(),
  q: storableText(120)
    .transform((value) => value.trim())
    .optional(),
  /** An admin's filter by clinic (staff always see their own). */
  clinicId: userId().optional(),
};

export const crmInitiativesQuerySchema = pageQuerySchema.extend({ ...initiativeFilterFields, state: z.enum(CRM_INITIATIVE_STATES).optional() }).strict();
export type CrmInitiativesQuery = z.output<typeof crmInitiativesQuerySchema>;

/** The counts by state answer the list's other filters (spec §3 initiative.dataByState). */
export const crmInitiativesByStateQuerySchema = z.object(initiativeFilterFields).strict();
export type CrmInitiativesByStateQuery = z.output<typeof crmInitiativesByStateQuerySchema>;

const personRef = z.object({ id: z.string(), name: z.string() });

export const crmInitiativeSchema = z.object({
  id: z.number().int(),
  clinicId: z.string(),
  title: z.string(),
  description: z.string(),
  state: z.enum(CRM_INITIATIVE_STATES),
  salesman: personRef.nullable(),
  clientCount: z.number().int(),
  documentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CrmInitiative = z.infer<typeof crmInitiativeSchema>;

export const crmInitiativeClientSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), phone: z.string() });
export type CrmInitiativeClient = z.infer<typeof crmInitiativeClientSchema>;

/** One initiative with its clients (by name). */
export const crmInitiativeDetailSchema = crmInitiativeSchema.extend({ clients: z.array(crmInitiativeClientSchema) });
export type CrmInitiativeDetail = z.infer<typeof crmInitiativeDetailSchema>;

export const crmInitiativesByStateSchema = z.object({ read: z.number().int(), not_readed: z.number().int() });
export type CrmInitiativesByState = z.infer<typeof crmInitiativesByStateSchema>;

/** Days the dashboard's chart covers, today included. */
export const CRM_DASHBOARD_DAYS = 14;

/** Admins may name a clinic (none: every clinic's figures); `timeZone` says where "today" is (UTC by default). */
export const crmDashboardQuerySchema = z.object({ clinicId: userId().optional(), timeZone: timeZoneField().optional() }).strict();
export type CrmDashboardQuery = z.output<typeof crmDashboardQuerySchema>;

/**
 * The CRM's summary: the clinic's clients and emails sent, and initiatives and calls (the
 * clinic's for CRM admins and clients, an agent's own for an agent). Conversion and the chart
 * cover the last CRM_DASHBOARD_DAYS days; `rate` is converted calls over calls (null without calls).
 */
export const crmDashboardSchema = z.object({
  clients: z.number().int(),
  initiativesByState: crmInitiativesByStateSchema,
  callsToday: z.number().int(),
  emailsSent: z.number().int(),
  conversion: z.object({ calls: z.number().int(), converted: z.number().int(), rate: z.number().nullable() }),
  callsByDay: z.array(z.object({ day: z.string(), calls: z.number().int(), converted: z.number().int() })),
});
export type CrmDashboard = z.infer<typeof crmDashboardSchema>;
