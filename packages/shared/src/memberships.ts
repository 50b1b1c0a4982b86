import { z } from "zod";
import { MEMBERSHIP_MONTHS } from "./constants.ts";
import { pageQuerySchema, requiredText, storableText, userId } from "./schemas.ts";

/**
 * The field messages of memberships, in English as the API answers them. The web app shows
 * each in the user's language by finding it here (see `membershipMessageKey`).
 */
export const MEMBERSHIP_MESSAGES = {
  amount: "Enter an amount such as 49.90.",
  decimals: "Use at most two decimals.",
  negative: "Must be 0 or more.",
  tooLarge: "Too large.",
  wholeNumber: "Enter a whole number, 0 or more.",
  months: "Choose 1, 2, 3 or 6 months.",
  visibility: "Choose Visible or Hide.",
  plan: "Choose a plan.",
  date: "Enter a date as YYYY-MM-DD.",
  toBeforeFrom: "Must be on or after the start date.",
} as const;
export type MembershipMessage = keyof typeof MEMBERSHIP_MESSAGES;

/** The key of one of the messages above, or null for any other text. */
export function membershipMessageKey(message: string): MembershipMessage | null {
  const entry = Object.entries(MEMBERSHIP_MESSAGES).find(([, text]) => text === message);
  return entry ? (entry[0] as MembershipMessage) : null;
}

/** The months of a plan (spec §9): 1 Monthly, 2 Bimonthly, 3 Quarterly, 6 Semiannual. */
export const MEMBERSHIP_MONTH_VALUES = Object.keys(MEMBERSHIP_MONTHS).map(Number) as (keyof typeof MEMBERSHIP_MONTHS)[];
export type MembershipMonths = keyof typeof MEMBERSHIP_MONTHS;

export const PLAN_MAX = 100;
export const PLAN_DESCRIPTION_MAX = 1000;
/** numeric(12, 2): ten digits before the point. */
const MONEY_INTEGER_DIGITS = 10;
/** PostgreSQL's integer. */
const INT_MAX = 2_147_483_647;

/**
 * A price of spec §3 (step 0.01). Decided: it is sent as a string ("49.90") or a JSON number
 * (49.9) and always answered as a string with exactly two decimals, so no float ever
 * decides a price; the database stores numeric(12, 2). More than two decimals, negatives,
 * exponents and anything that is not a plain decimal are refused, never rounded.
 */
export const moneySchema = z
  .union([z.string(), z.number()], { error: MEMBERSHIP_MESSAGES.amount })
  .describe('A price, 0 or more with at most two decimals: "49.90" or 49.9. Answered as a string with two decimals.')
  .transform((raw, context) => {
    // String(0.1) is "0.1" and String(1e-7) is "1e-7": a number is judged by how it is written.
    const text = typeof raw === "number" ? (Number.isFinite(raw) ? String(raw) : "") : raw.trim();
    const fail = (message: string) => {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (/^-\s*\d/.test(text)) return fail(MEMBERSHIP_MESSAGES.negative);
    const match = /^\+?(\d+)(?:\.(\d+))?$/.exec(text);
    if (!match) return fail(MEMBERSHIP_MESSAGES.amount);
    const [, whole = "", fraction = ""] = match;
    if (fraction.length > 2) return fail(MEMBERSHIP_MESSAGES.decimals);
    const digits = whole.replace(/^0+(?=\d)/, "");
    if (digits.length > MONEY_INTEGER_DIGITS) return fail(MEMBERSHIP_MESSAGES.tooLarge);
    return `${digits}.${fraction.padEnd(2, "0")}`;
  });

/** A count of seats (therapists, patients): a whole JSON number, 0 or more. */
const seatCount = () =>
  z
    .number({ error: MEMBERSHIP_MESSAGES.wholeNumber })
    .int({ error: MEMBERSHIP_MESSAGES.wholeNumber })
    .min(0, { error: MEMBERSHIP_MESSAGES.wholeNumber })
    .max(INT_MAX, { error: MEMBERSHIP_MESSAGES.tooLarge });

/** Spec §3, §5, §9: every field of a plan is required. */
export const membershipInputSchema = z
  .object({
    plan: requiredText(PLAN_MAX),
    description: requiredText(PLAN_DESCRIPTION_MAX),
    value: moneySchema,
    valueAnnual: moneySchema,
    valuePatient: moneySchema,
    months: z.literal(MEMBERSHIP_MONTH_VALUES, { error: MEMBERSHIP_MESSAGES.months }),
    nUsers: seatCount(),
    nPatients: seatCount(),
    /** Visible (offered to clinics) or Hide. */
    public: z.boolean({ error: MEMBERSHIP_MESSAGES.visibility }),
  })
  .strict();
export type MembershipInput = z.input<typeof membershipInputSchema>;
/** A plan as validated: prices normalised to two-decimal strings. */
export type MembershipValues = z.output<typeof membershipInputSchema>;

/**
 * Who sells a plan (issue 16.8): "platform" plans are sold to clinics and give their seats;
 * "clinic" plans are a clinic's own, sold or assigned to its patients at valuePatient.
 */
export const MEMBERSHIP_OWNERS = ["platform", "clinic"] as const;
export type MembershipOwner = (typeof MEMBERSHIP_OWNERS)[number];
export const membershipOwnerSchema = z.enum(MEMBERSHIP_OWNERS);

/** Who holds an assigned membership: a clinic (a platform plan) or a patient (its clinic's own plan). */
export const MEMBERSHIP_HOLDERS = ["clinic", "patient"] as const;
export type MembershipHolder = (typeof MEMBERSHIP_HOLDERS)[number];
export const membershipHolderSchema = z.enum(MEMBERSHIP_HOLDERS);

export const membershipClinicSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type MembershipClinic = z.infer<typeof membershipClinicSchema>;

export const membershipSchema = z.object({
  id: z.number().int(),
  /** The platform's plan (for clinics) or a clinic's own (for its patients, priced at valuePatient). */
  owner: membershipOwnerSchema,
  /** The clinic selling an own plan; null for the platform's. */
  clinic: membershipClinicSchema.nullable(),
  plan: z.string(),
  description: z.string(),
  /** Prices as strings with two decimals ("49.90"). */
  value: z.string(),
  valueAnnual: z.string(),
  valuePatient: z.string(),
  months: z.number().int(),
  nUsers: z.number().int(),
  nPatients: z.number().int(),
  public: z.boolean(),
  /** Assignments of this plan the caller can see (admins: all; a clinic: its own and its patients'; a patient: its own), past ones included. */
  assignmentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Membership = z.infer<typeof membershipSchema>;

const searchText = storableText(100)
  .transform((value) => value.trim())
  .optional();

/**
 * `GET /api/memberships/`: spec §7's page and rowsPerPage, `q` searching the plan's name,
 * `owner` (platform or clinic plans) and `clinic` (the clinic selling its own plans).
 */
export const membershipQuerySchema = pageQuerySchema.extend({ q: searchText, owner: membershipOwnerSchema.optional(), clinic: userId().optional() });
export type MembershipQuery = z.infer<typeof membershipQuerySchema>;

/** A calendar date as spec §9 writes it (YYYY-MM-DD), and a real one (no 2026-02-30). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const isoDateSchema = z.string({ error: MEMBERSHIP_MESSAGES.date }).refine(isRealDate, MEMBERSHIP_MESSAGES.date);

/**
 * `POST /api/patients-memberships/{id}`: the plan and the period the holder holds it (to_date ≥ from_date).
 * {id} is a clinic (a platform plan, admins) or a patient (one of its clinic's own plans).
 */
export const assignMembershipInputSchema = z
  .object({
    membershipId: z
      .number({ error: MEMBERSHIP_MESSAGES.plan })
      .int({ error: MEMBERSHIP_MESSAGES.plan })
      .positive({ error: MEMBERSHIP_MESSAGES.plan })
      .max(INT_MAX, { error: MEMBERSHIP_MESSAGES.plan }),
    from_date: isoDateSchema,
    to_date: isoDateSchema,
  })
  .strict()
  // Compared only once both are real dates: a bad start date is its own error, not the end's.
  .refine((value) => !isRealDate(value.from_date) || !isRealDate(value.to_date) || value.to_date >= value.from_date, {
    path: ["to_date"],
    message: MEMBERSHIP_MESSAGES.toBeforeFrom,
  });
export type AssignMembershipInput = z.input<typeof assignMembershipInputSchema>;
export type AssignMembershipValues = z.output<typeof assignMembershipInputSchema>;

/** `PATCH /api/assignMemberships/{id}`: a new end of the period (end it early, or extend it). */
export const assignmentEndSchema = z.object({ to_date: isoDateSchema }).strict();
export type AssignmentEnd = z.input<typeof assignmentEndSchema>;

export const assignedMembershipSchema = z.object({
  id: z.number().int(),
  membershipId: z.number().int(),
  plan: z.string(),
  /** The clinic concerned: the holder of a platform plan, or the clinic whose own plan a patient holds. */
  clinic: membershipClinicSchema,
  /** Who holds it: the clinic itself, or one of its patients. */
  holder: membershipHolderSchema,
  /** The holder's account and name (the clinic's for a clinic holder). */
  holderId: z.string(),
  holderName: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  /** Today falls in the period. */
  active: z.boolean(),
  /** The holder's period in force today: the latest started of its active ones (for a clinic, where its seats come from). */
  current: z.boolean(),
  createdAt: z.string(),
});
export type AssignedMembership = z.infer<typeof assignedMembershipSchema>;

/** `GET /api/assignMemberships/`: `q` searches holder, clinic and plan; `clinic`, `holder` and `active` narrow. */
export const assignedMembershipQuerySchema = pageQuerySchema.extend({
  q: searchText,
  clinic: userId().optional(),
  holder: membershipHolderSchema.optional(),
  active: z.stringbool().optional(),
});
export type AssignedMembershipQuery = z.infer<typeof assignedMembershipQuerySchema>;

export const seatUseSchema = z.object({ used: z.number().int(), limit: z.number().int().nullable() });

/** `GET /api/membership-seats/`: what a clinic holds today and how many seats it uses. */
export const membershipSeatsSchema = z.object({
  clinic: membershipClinicSchema,
  membership: z.object({ id: z.number().int(), plan: z.string(), months: z.number().int() }).nullable(),
  assignment: z.object({ id: z.number().int(), from_date: z.string(), to_date: z.string() }).nullable(),
  therapists: seatUseSchema,
  patients: seatUseSchema,
});
export type MembershipSeats = z.infer<typeof membershipSeatsSchema>;

export const membershipSeatsQuerySchema = z.object({ clinic: userId().optional() });
