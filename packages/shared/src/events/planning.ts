import { z } from "zod";
import { dayField } from "../appointments.ts";
import type { UploadKind } from "../files.ts";
import { pageQuerySchema, requiredText, rowId, storableText, userId } from "../schemas.ts";

/**
 * An event's costs (budget lines with their receipts) and its checklist (tasks, reusable
 * templates, reminders of overdue tasks): issue 37.4–37.5. Money in integer cents of the event's
 * currency; days as YYYY-MM-DD in the event's time zone.
 */

export const COST_CATEGORIES = ["venue", "catering", "speakers", "materials", "marketing", "travel", "other"] as const;
export type CostCategory = (typeof COST_CATEGORIES)[number];

/** The built-in checklist templates, named on the screens by their key. */
export const BUILT_IN_TEMPLATE_KEYS = ["workshop", "course"] as const;
export type BuiltInTemplateKey = (typeof BUILT_IN_TEMPLATE_KEYS)[number];

/**
 * The built-ins' tasks in Spanish, in the order migration 0043 seeded them (the English titles
 * are the rows' own): a Spanish-speaking user's checklist made from a built-in reads in Spanish.
 */
export const BUILT_IN_TASK_TITLES_ES: Record<BuiltInTemplateKey, readonly string[]> = {
  workshop: [
    "Reservar la sala",
    "Publicar la página del evento",
    "Anunciarlo a los pacientes",
    "Pedir los materiales",
    "Confirmar al ponente",
    "Imprimir la lista de acceso",
    "Preparar la sala",
  ],
  course: [
    "Acordar el temario",
    "Reservar la sala para cada sesión",
    "Publicar la página del evento",
    "Preparar los materiales del curso",
    "Enviar las instrucciones de acceso",
    "Imprimir la lista de acceso",
    "Preparar los certificados de asistencia",
  ],
};

/** What a receipt may be: a PDF or a picture (the platform's size limit of each kind). */
export const RECEIPT_KINDS = ["document", "image"] as const satisfies readonly UploadKind[];

export const PLANNING_LIMITS = {
  supplier: 200,
  description: 500,
  /** 1 000 000.00 in cents: far above any line, far below PostgreSQL's integer. */
  amountCents: 100_000_000,
  taskTitle: 200,
  templateName: 120,
  templateTasks: 50,
  /** A task may be due up to a year before the event. */
  daysBefore: 365,
  position: 100_000,
  search: 200,
} as const;

/** What only the server can decide, in English; the screens translate them by key (`eventPlanning.messages.<key>`). */
export const PLANNING_MESSAGES = {
  ownerNotStaff: "Choose a staff member of the event's clinic.",
  builtInTemplate: "The platform's templates cannot be changed; make a template of your own instead.",
  templateUnknown: "Choose one of the platform's templates or one of the clinic's.",
  chooseReceipt: "Choose the receipt file.",
  noReceipt: "This cost has no receipt.",
  nothingToChange: "Say what to change.",
} as const;
export type PlanningMessageKey = keyof typeof PLANNING_MESSAGES;

const amount = () => z.number().int().min(0).max(PLANNING_LIMITS.amountCents);
const trimmed = (max: number) =>
  storableText(max)
    .default("")
    .transform((value) => value.trim());

// ---------------------------------------------------------------- costs

/** A budget line, created or changed whole. */
export const costInputSchema = z
  .object({
    category: z.enum(COST_CATEGORIES),
    supplier: trimmed(PLANNING_LIMITS.supplier),
    description: trimmed(PLANNING_LIMITS.description),
    plannedCents: amount(),
    /** Null until the amount is known. */
    actualCents: amount().nullable().default(null),
    paid: z.boolean().default(false),
  })
  .strict();
export type CostInput = z.input<typeof costInputSchema>;
export type CostValues = z.output<typeof costInputSchema>;

export const costIdParamSchema = z.object({ costId: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

// ---------------------------------------------------------------- checklist templates

export const templateTaskSchema = z
  .object({
    title: requiredText(PLANNING_LIMITS.taskTitle),
    daysBefore: z.number().int().min(0).max(PLANNING_LIMITS.daysBefore),
  })
  .strict();

export const templateInputSchema = z
  .object({
    name: requiredText(PLANNING_LIMITS.templateName),
    tasks: z.array(templateTaskSchema).min(1).max(PLANNING_LIMITS.templateTasks),
  })
  .strict();
export type TemplateInput = z.input<typeof templateInputSchema>;

/** `?clinicId=`: admins name the clinic of a new template, or narrow the list to one clinic's. */
export const templateClinicQuerySchema = z.object({ clinicId: userId().optional() }).strict();
export const templateIdParamSchema = z.object({ templateId: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

// ---------------------------------------------------------------- tasks

export const taskInputSchema = z
  .object({
    title: requiredText(PLANNING_LIMITS.taskTitle),
    /** A staff member of the event's clinic, or nobody. */
    ownerId: userId().nullable().default(null),
    dueOn: dayField().nullable().default(null),
  })
  .strict();
export type TaskInput = z.input<typeof taskInputSchema>;

/** A change of a task: only what is given changes; `done` sets (or clears) who did it and when. */
export const taskUpdateSchema = z
  .object({
    title: requiredText(PLANNING_LIMITS.taskTitle).optional(),
    ownerId: userId().nullable().optional(),
    dueOn: dayField().nullable().optional(),
    done: z.boolean().optional(),
    position: z.number().int().min(0).max(PLANNING_LIMITS.position).optional(),
  })
  .strict()
  .refine((change) => Object.values(change).some((value) => value !== undefined), { message: PLANNING_MESSAGES.nothingToChange });
export type TaskUpdate = z.input<typeof taskUpdateSchema>;

export const fromTemplateSchema = z.object({ templateId: rowId() }).strict();
export const taskIdParamSchema = z.object({ taskId: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

/** The task owners' picker: the clinic's staff by name or email. */
export const eventStaffQuerySchema = pageQuerySchema.extend({ q: storableText(PLANNING_LIMITS.search).optional() }).strict();

// ---------------------------------------------------------------- views

export type PersonRef = { id: string; name: string };

export type CostReceipt = { name: string; mime: string; size: number; url: string };

export type EventCostView = {
  id: number;
  category: CostCategory;
  supplier: string;
  description: string;
  plannedCents: number;
  actualCents: number | null;
  paid: boolean;
  receipt: CostReceipt | null;
  createdAt: string;
  updatedAt: string;
};

/**
 * An event's budget: its lines and totals, the income from tickets (payments less refunds) and
 * the balance, income less costs (each line's actual amount where known, else its planned one).
 */
export type EventCosts = {
  currency: string;
  costs: EventCostView[];
  totals: {
    plannedCents: number;
    /** The actual amounts known so far. */
    actualCents: number;
    /** Lines paid, at their actual amount where known, else planned. */
    paidCents: number;
    unpaidCents: number;
  };
  /** Actual where known, else planned, over every line. */
  costsCents: number;
  incomeCents: number;
  balanceCents: number;
};

export type ChecklistTemplateView = {
  id: number;
  /** workshop | course for the platform's own (read-only, named by key), null for a clinic's. */
  key: BuiltInTemplateKey | null;
  name: string;
  tasks: { title: string; daysBefore: number }[];
  /** The clinic whose template it is; null for the platform's. */
  clinic: { id: string; name: string } | null;
  builtIn: boolean;
};

export type EventTaskView = {
  id: number;
  title: string;
  owner: (PersonRef & { email: string }) | null;
  dueOn: string | null;
  done: boolean;
  doneAt: string | null;
  doneBy: PersonRef | null;
  position: number;
  /** Due before today (in the event's time zone) and not done. */
  overdue: boolean;
};

export type EventTasks = {
  timeZone: string;
  /** Today in the event's time zone (YYYY-MM-DD). */
  today: string;
  tasks: EventTaskView[];
};

export type EventStaffMember = { id: string; name: string; email: string };
