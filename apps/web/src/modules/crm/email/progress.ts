import type { CrmCampaign, CrmCampaignProgress } from "@clinic/shared";

/** The share of a send that is over (sent, failed or skipped), 0–100; a send with nobody is done. */
export function shareDone(progress: CrmCampaignProgress): number {
  if (progress.total === 0) return 0;
  return Math.round(((progress.total - progress.left) / progress.total) * 100);
}

/** Whether a send may be moving now: sending, or scheduled and due (its job may start any moment). */
export function isUnderWay(campaign: Pick<CrmCampaign, "state" | "sendAt">, now: number): boolean {
  return campaign.state === "sending" || (campaign.state === "scheduled" && Date.parse(campaign.sendAt) <= now);
}
