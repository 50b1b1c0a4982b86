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

export const membershipSchema = z.object({
  id: z.number().int(),
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
  /** Assignments of this plan the caller can see (admins: every clinic's; a clinic: its own), past ones included. */
  assignmentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Membership = z.infer<typeof membershipSchema>;

const searchText = storableText(100)
  .transform((value) => value.trim())
  .optional();

/** `GET /api/memberships/`: spec §7's page and rowsPerPage, and `q` searching the plan's name. */
export const membershipQuerySchema = pageQuerySchema.extend({ q: searchText });
export type MembershipQuery = z.infer<typeof membershipQuerySchema>;

/** A calendar date as spec §9 writes it (YYYY-MM-DD), and a real one (no 2026-02-30). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const isoDateSchema = z.string({ error: MEMBERSHIP_MESSAGES.date }).refine(isRealDate, MEMBERSHIP_MESSAGES.date);

/** `POST /api/patients-memberships/{clinicId}`: the plan and the period the clinic holds it (to_date ≥ from_date). */
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

export const membershipClinicSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type MembershipClinic = z.infer<typeof membershipClinicSchema>;

export const assignedMembershipSchema = z.object({
  id: z.number().int(),
  membershipId: z.number().int(),
  plan: z.string(),
  clinic: membershipClinicSchema,
  from_date: z.string(),
  to_date: z.string(),
  /** Today falls in the period. */
  active: z.boolean(),
  /** The period the clinic's seats come from today: the latest started of its active ones. */
  current: z.boolean(),
  createdAt: z.string(),
});
export type AssignedMembership = z.infer<typeof assignedMembershipSchema>;

/** `GET /api/assignMemberships/`: `q` searches clinic and plan; `clinic` and `active` narrow (admins). */
export const assignedMembershipQuerySchema = pageQuerySchema.extend({
  q: searchText,
  clinic: userId().optional(),
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
