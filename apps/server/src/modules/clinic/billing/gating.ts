import type { SessionState } from "@clinic/shared";
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler, RouteOptions } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { BillingSettings } from "../../../config.ts";
import type { Actor } from "../../../platform/access.ts";
import { HttpError } from "../../../platform/errors.ts";
import { today } from "../memberships/seats.ts";

/**
 * Activated-order gating (spec §6 orderData.isActivated, issue 16.5). A clinic works while it
 * holds a platform membership, for BILLING_GRACE_DAYS after it ends (with a banner), and, before
 * its first membership, for BILLING_TRIAL_DAYS after its account was made. Its therapists and
 * patients follow it; admins are exempt. The facts come with the request's identity statement
 * (access.ts ACTOR_COLUMNS), so the check costs no query.
 */

export type OrderData = SessionState["orderData"];

/** YYYY-MM-DD plus `days`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function orderDataOf(actor: Pick<Actor, "isAdmin" | "clinicPaidUntil" | "clinicSince">, settings: BillingSettings, day = today()): OrderData {
  if (actor.isAdmin) return { isActivated: true, endsOn: null, graceUntil: null, trial: false };
  const paidUntil = actor.clinicPaidUntil;
  if (paidUntil) {
    if (day <= paidUntil) return { isActivated: true, endsOn: paidUntil, graceUntil: null, trial: false };
    const graceUntil = addDays(paidUntil, settings.graceDays);
    return { isActivated: day <= graceUntil, endsOn: paidUntil, graceUntil: day <= graceUntil ? graceUntil : null, trial: false };
  }
  if (!actor.clinicSince) return { isActivated: false, endsOn: null, graceUntil: null, trial: false };
  const trialEnds = addDays(actor.clinicSince.toLocaleDateString("en-CA"), settings.trialDays);
  return { isActivated: day <= trialEnds, endsOn: trialEnds, graceUntil: null, trial: true };
}

export const RENEW_PATH = "/manager/admin/getMembership";

/** 402: said so that the reader knows what to do next (staff renew, patients ask their clinic). */
export function membershipRequired(actor: Actor): HttpError {
  const detail =
    actor.role === "patient"
      ? "Your clinic's membership has ended, so this is paused. Please ask your clinic to renew it."
      : actor.role === "clinic"
        ? "Your clinic's membership has ended. Renew it under Management → My membership to continue."
        : "Your clinic's membership has ended. Ask the clinic's account holder to renew it under Management → My membership.";
  return new HttpError(402, { detail, code: "membership_required", renewPath: RENEW_PATH });
}

export function requireActivatedOrder(settings: BillingSettings): preValidationAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const actor = request.actor;
    // Not signed in: the route's own guards answer 401.
    if (!actor || actor.isAdmin) return;
    if (!orderDataOf(actor, settings).isActivated) throw membershipRequired(actor);
  };
}

/**
 * Registers a module's routes so that each one, after its own guards (module, sign-in,
 * permission), also needs an activated order. Server modules declare it in modules.ts.
 */
export async function registerGated(app: FastifyInstance, settings: BillingSettings, routes: FastifyPluginAsyncZod): Promise<void> {
  const gate = requireActivatedOrder(settings);
  await app.register(async (scope) => {
    scope.addHook("onRoute", (options: RouteOptions) => {
      const own = options.preValidation ? (Array.isArray(options.preValidation) ? options.preValidation : [options.preValidation]) : [];
      options.preValidation = [...own, gate];
    });
    await scope.register(routes as Parameters<typeof scope.register>[0]);
  });
}
