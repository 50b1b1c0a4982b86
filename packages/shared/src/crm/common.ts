import { z } from "zod";
import { rowIdParam, userId } from "../schemas.ts";

/**
 * What every part of the CRM (module `crm_manager`, issue 36) shares: the clinic a call works on,
 * the outcomes of a call, and the kinds of line on a client's timeline.
 */

/** Admins name the clinic of a clinic-wide call; staff work on their own clinic's CRM. */
export const crmClinicQuerySchema = z.object({ clinicId: userId().optional() });
export type CrmClinicQuery = z.infer<typeof crmClinicQuerySchema>;

export const CRM_CLINIC_NEEDED = "Choose the clinic.";

/** The outcome an agent logs for a call (issue 36.4). */
export const CRM_CALL_OUTCOMES = ["answered", "no_answer", "call_back", "not_interested", "converted"] as const;
export type CrmCallOutcome = (typeof CRM_CALL_OUTCOMES)[number];

/** The lines of a client's timeline (crm_tracking.kind). */
export const CRM_TRACKING_KINDS = [
  "created",
  "edited",
  "imported",
  "note",
  "call",
  "call_changed",
  "call_deleted",
  "meeting",
  "meeting_changed",
  "meeting_cancelled",
  "document",
  "list_added",
  "list_removed",
  "initiative_added",
  "initiative_removed",
  "email_sent",
  "email_opened",
  "email_clicked",
  "unsubscribed",
] as const;
export type CrmTrackingKind = (typeof CRM_TRACKING_KINDS)[number];

/** A route's numeric id. */
export const crmIdParamSchema = z.object({ id: rowIdParam() }).strict();
