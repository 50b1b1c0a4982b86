import { CRM_INITIATIVE_REFUSALS } from "@clinic/shared";
import type { TFunction } from "i18next";
import { registerRefusals } from "../../../lib/refusals.ts";

/** The initiatives' refusals (CRM_INITIATIVE_REFUSALS) in the interface language; any other text as it came. */
export function initiativeText(t: TFunction, message: string): string {
  for (const [key, text] of Object.entries(CRM_INITIATIVE_REFUSALS)) if (text === message) return t(`crmInitiatives.refusals.${key}`);
  return message;
}

registerRefusals(initiativeText);
