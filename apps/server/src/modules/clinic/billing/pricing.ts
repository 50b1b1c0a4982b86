import type { BillingPeriod, OrderLine, Quote } from "@clinic/shared";
import type { BillingSettings } from "../../../config.ts";
import type { memberships } from "../memberships/memberships.table.ts";
import { addDays } from "./gating.ts";

type Plan = typeof memberships.$inferSelect;

/** "49.90" (numeric(12, 2) as PostgreSQL answers it) as 4990 cents, exactly: no float touches a price. */
export function centsOf(amount: string): number {
  const [whole = "0", fraction = ""] = amount.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

/** Tax on a net amount, half up to the cent. */
export function taxOf(netCents: number, taxRateBp: number): number {
  return Math.floor((netCents * taxRateBp + 5000) / 10_000);
}

/** The last day of a period of `months` starting on `from`: 2026-01-31 + 1 month ends 2026-02-28. */
export function periodEnd(from: string, months: number): string {
  const [year, month, day] = from.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return addDays(target.toISOString().slice(0, 10), -1);
}

/** Platform plans (for clinics) sell by their period or by the year; a clinic's own plans (for patients) by their period. */
export function periodsOf(plan: Plan): BillingPeriod[] {
  return plan.clinicId === null ? ["period", "annual"] : ["period"];
}

export interface QuoteContext {
  /** The clinic's patients today, charged valuePatient each per month by platform plans. */
  patients: number;
  /** The first day paying now would cover: after the current membership, or today. */
  from: string;
  language: string;
}

const WORDS = {
  en: {
    months: (n: number) => (n === 1 ? "1 month" : `${n} months`),
    year: "12 months",
    patients: (n: number, months: string) => `${n === 1 ? "1 patient" : `${n} patients`} × ${months}`,
  },
  es: {
    months: (n: number) => (n === 1 ? "1 mes" : `${n} meses`),
    year: "12 meses",
    patients: (n: number, months: string) => `${n === 1 ? "1 paciente" : `${n} pacientes`} × ${months}`,
  },
} as const;

/**
 * What a plan costs (issue 16.2), computed here and nowhere else. Platform plans: `value` for
 * the plan's months or `valueAnnual` for a year, plus `valuePatient` per patient per month.
 * A clinic's own plan: `valuePatient` for its months (its price for one patient).
 */
export function quotePlan(plan: Plan, billing: BillingPeriod, settings: BillingSettings, context: QuoteContext): Quote {
  const words = context.language === "es" ? WORDS.es : WORDS.en;
  const lines: OrderLine[] = [];
  let months: number;
  if (plan.clinicId !== null) {
    months = plan.months;
    const price = centsOf(plan.valuePatient);
    lines.push({ description: `${plan.plan} · ${words.months(months)}`, quantity: 1, unitCents: price, amountCents: price });
  } else {
    months = billing === "annual" ? 12 : plan.months;
    const base = centsOf(billing === "annual" ? plan.valueAnnual : plan.value);
    lines.push({ description: `${plan.plan} · ${billing === "annual" ? words.year : words.months(months)}`, quantity: 1, unitCents: base, amountCents: base });
    const perPatient = centsOf(plan.valuePatient);
    if (perPatient > 0 && context.patients > 0) {
      const quantity = context.patients * months;
      lines.push({ description: words.patients(context.patients, words.months(months)), quantity, unitCents: perPatient, amountCents: perPatient * quantity });
    }
  }
  const netCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const taxCents = taxOf(netCents, settings.taxRateBp);
  return {
    billing,
    months,
    lines,
    netCents,
    taxRateBp: settings.taxRateBp,
    taxCents,
    totalCents: netCents + taxCents,
    currency: settings.currency,
    from: context.from,
    to: periodEnd(context.from, months),
  };
}
