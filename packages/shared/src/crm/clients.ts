import { z } from "zod";
import { instantField } from "../appointments.ts";
import { pageQuerySchema, requiredText, rowId, rowIdParam, storableText, userId } from "../schemas.ts";
import { CRM_TRACKING_KINDS } from "./common.ts";

/**
 * The CRM's clients, user lists, notes, documents and a client's timeline (issue 36.2), checked
 * the same on the screens and at the API's edge. Instants are ISO 8601 in UTC.
 */

export const CRM_CLIENT_KINDS = ["person", "organisation"] as const;
export type CrmClientKind = (typeof CRM_CLIENT_KINDS)[number];

export const CRM_CLIENT_LIMITS = {
  name: 120,
  organisation: 200,
  email: 254,
  phone: 40,
  city: 120,
  address: 1000,
  tag: 40,
  tags: 20,
  listTitle: 120,
  listDescription: 2000,
  noteName: 200,
  noteDescription: 10_000,
  documentName: 200,
  /** Clients added or removed in one call, and ids named in one filter. */
  batch: 1000,
  idsFilter: 100,
} as const;

/** Messages only the server can decide (or the screens show by key). */
export const CRM_CLIENT_MESSAGES = {
  personName: "Give a first or last name.",
  organisationName: "Give the organisation's name.",
  emailTaken: "Another client of the clinic has this email.",
  ownerNotAgent: "Choose one of the clinic's agents.",
  notClinicClient: "Choose clients of the clinic.",
  notClinicInitiative: "Choose one of the clinic's initiatives.",
  documentTarget: "Attach the document to a client or an initiative.",
  chooseFile: "Choose a file to upload.",
} as const;

/** An email, or nothing ("" and null both mean none). */
const optionalEmail = z
  .union([z.literal(""), z.string().trim().max(CRM_CLIENT_LIMITS.email).pipe(z.email())])
  .nullable()
  .default(null)
  .transform((value) => (value ? value : null));

const tagSchema = requiredText(CRM_CLIENT_LIMITS.tag);

/**
 * The clinic an admin names (a clinic is an account: its id is a user's UUID), so no stray text
 * (a NUL byte) reaches the database. common.ts's crmClinicQuerySchema takes any string.
 */
const clinicIdField = userId().optional();
/** `?clinicId=` of a clinic-wide create: admins name the clinic, staff work on their own. */
export const crmClientsClinicQuerySchema = z.object({ clinicId: clinicIdField }).strict();

// ---------------------------------------------------------------- clients

export const crmClientInputSchema = z
  .object({
    kind: z.enum(CRM_CLIENT_KINDS).default("person"),
    firstName: storableText(CRM_CLIENT_LIMITS.name)
      .default("")
      .transform((value) => value.trim()),
    lastName: storableText(CRM_CLIENT_LIMITS.name)
      .default("")
      .transform((value) => value.trim()),
    organisation: storableText(CRM_CLIENT_LIMITS.organisation)
      .default("")
      .transform((value) => value.trim()),
    email: optionalEmail,
    phone: storableText(CRM_CLIENT_LIMITS.phone)
      .default("")
      .transform((value) => value.trim()),
    city: storableText(CRM_CLIENT_LIMITS.city)
      .default("")
      .transform((value) => value.trim()),
    address: storableText(CRM_CLIENT_LIMITS.address)
      .default("")
      .transform((value) => value.trim()),
    consent: z.boolean().default(false),
    /** The agent who looks after the client; absent on a new client of an agent: the agent. */
    ownerId: userId().nullable().optional(),
    tags: z
      .array(tagSchema)
      .max(CRM_CLIENT_LIMITS.tags)
      .default([])
      .transform((tags) => [...new Set(tags)]),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.kind === "person" && !value.firstName && !value.lastName) {
      context.addIssue({ code: "custom", path: ["firstName"], message: CRM_CLIENT_MESSAGES.personName });
    }
    if (value.kind === "organisation" && !value.organisation) {
      context.addIssue({ code: "custom", path: ["organisation"], message: CRM_CLIENT_MESSAGES.organisationName });
    }
  });
export type CrmClientInput = z.input<typeof crmClientInputSchema>;
export type CrmClientFields = z.output<typeof crmClientInputSchema>;

/** Comma-separated row ids in a query string (`ids=1,2,3`). */
const idList = z
  .string()
  .max(1200)
  .regex(/^\d{1,10}(,\d{1,10})*$/, "Give ids separated by commas.")
  .transform((text) => text.split(",").map(Number))
  .pipe(z.array(rowId()).max(CRM_CLIENT_LIMITS.idsFilter));

export const crmClientsQuerySchema = pageQuerySchema
  .extend({
    /** Searches the name, organisation, email and phone. */
    q: storableText(100).optional(),
    tag: storableText(CRM_CLIENT_LIMITS.tag).optional(),
    listId: rowIdParam().optional(),
    ownerId: userId().optional(),
    /** Only these clients (a picker naming what it holds). */
    ids: idList.optional(),
    /** Admins: only this clinic's clients. */
    clinicId: clinicIdField,
  })
  .strict();
export type CrmClientsQuery = z.output<typeof crmClientsQuerySchema>;

export const crmClientSchema = z.object({
  id: z.number().int(),
  clinicId: z.string(),
  kind: z.enum(CRM_CLIENT_KINDS),
  firstName: z.string(),
  lastName: z.string(),
  organisation: z.string(),
  /** "First Last", or the organisation's name. */
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  city: z.string(),
  address: z.string(),
  consent: z.boolean(),
  consentAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  userId: z.string().nullable(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CrmClient = z.infer<typeof crmClientSchema>;

const titled = z.object({ id: z.number().int(), title: z.string() });

/** A client with the lists and initiatives it is in. */
export const crmClientDetailSchema = crmClientSchema.extend({ lists: z.array(titled), initiatives: z.array(titled) });
export type CrmClientDetail = z.infer<typeof crmClientDetailSchema>;

export const crmTagsQuerySchema = crmClientsClinicQuerySchema;
export const crmTagSchema = z.object({ tag: z.string(), count: z.number().int() });
export type CrmTag = z.infer<typeof crmTagSchema>;

// ---------------------------------------------------------------- timeline

export const crmTimelineQuerySchema = pageQuerySchema.strict();
export const crmTimelineEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(CRM_TRACKING_KINDS),
  summary: z.string(),
  refId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
});
export type CrmTimelineEntry = z.infer<typeof crmTimelineEntrySchema>;

// ---------------------------------------------------------------- user lists

export const crmListInputSchema = z
  .object({
    title: requiredText(CRM_CLIENT_LIMITS.listTitle),
    description: storableText(CRM_CLIENT_LIMITS.listDescription).default(""),
    /** The new list's clients (related_users). */
    clientIds: z.array(rowId()).max(CRM_CLIENT_LIMITS.batch).default([]),
  })
  .strict();
export type CrmListInput = z.input<typeof crmListInputSchema>;

/** A list's title and description; its clients change through `PUT /api/crm/lists/:id/clients`. */
export const crmListUpdateSchema = crmListInputSchema.omit({ clientIds: true }).strict();
export type CrmListUpdate = z.input<typeof crmListUpdateSchema>;

export const crmListsQuerySchema = pageQuerySchema.extend({ q: storableText(100).optional(), clinicId: clinicIdField }).strict();
export type CrmListsQuery = z.output<typeof crmListsQuerySchema>;

export const crmListSchema = z.object({
  id: z.number().int(),
  clinicId: z.string(),
  title: z.string(),
  description: z.string(),
  clientCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CrmList = z.infer<typeof crmListSchema>;

export const crmListClientsChangeSchema = z
  .object({
    add: z.array(rowId()).max(CRM_CLIENT_LIMITS.batch).default([]),
    remove: z.array(rowId()).max(CRM_CLIENT_LIMITS.batch).default([]),
  })
  .strict();
export type CrmListClientsChange = z.input<typeof crmListClientsChangeSchema>;

// ---------------------------------------------------------------- notes

export const crmNoteInputSchema = z
  .object({
    clientId: rowId(),
    initiativeId: rowId().nullable().default(null),
    name: requiredText(CRM_CLIENT_LIMITS.noteName),
    dateStart: instantField(),
    description: storableText(CRM_CLIENT_LIMITS.noteDescription).default(""),
  })
  .strict();
export type CrmNoteInput = z.input<typeof crmNoteInputSchema>;

/** A note's change: its client stays. */
export const crmNoteUpdateSchema = crmNoteInputSchema.omit({ clientId: true }).strict();
export type CrmNoteUpdate = z.input<typeof crmNoteUpdateSchema>;

export const crmNotesQuerySchema = pageQuerySchema.strict();

export const crmNoteSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  initiativeId: z.number().int().nullable(),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  name: z.string(),
  dateStart: z.string(),
  description: z.string(),
  /** The caller may change or delete it (its author, or a CRM admin). */
  editable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CrmNote = z.infer<typeof crmNoteSchema>;

// ---------------------------------------------------------------- documents

/** The text fields of a document's multipart form (the file comes as the `file` part). */
export const crmDocumentFieldsSchema = z
  .object({
    name: requiredText(CRM_CLIENT_LIMITS.documentName),
    clientId: rowIdParam().optional(),
    initiativeId: rowIdParam().optional(),
  })
  .strict()
  .refine((value) => (value.clientId === undefined) !== (value.initiativeId === undefined), {
    path: ["clientId"],
    message: CRM_CLIENT_MESSAGES.documentTarget,
  });
export type CrmDocumentFields = z.output<typeof crmDocumentFieldsSchema>;

export const crmDocumentsQuerySchema = z
  .object({ clientId: rowIdParam().optional(), initiativeId: rowIdParam().optional() })
  .strict()
  .refine((value) => (value.clientId === undefined) !== (value.initiativeId === undefined), {
    path: ["clientId"],
    message: CRM_CLIENT_MESSAGES.documentTarget,
  });
export type CrmDocumentsQuery = z.input<typeof crmDocumentsQuerySchema>;

export const crmDocumentSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int().nullable(),
  initiativeId: z.number().int().nullable(),
  name: z.string(),
  originalName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** Where the bytes download from, after the CRM's access check. */
  downloadUrl: z.string(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type CrmDocument = z.infer<typeof crmDocumentSchema>;

/** What a document may be: a PDF or a picture. */
export const CRM_DOCUMENT_KINDS = ["document", "image"] as const;
