import type { CrmTrackingKind } from "@clinic/shared";
import type { Db } from "../../db/client.ts";
import { crmTracking } from "./crm.table.ts";

/** One line of a client's timeline. */
export interface TrackingEntry {
  clinicId: string;
  clientId: number;
  kind: CrmTrackingKind;
  /** A short text for the line: cut to the column's 300 characters. */
  summary?: string;
  refId?: number | null;
  actorId?: string | null;
  at?: Date;
}

/**
 * Writes timeline lines in the caller's transaction, with the change they record, in one
 * statement per thousand lines (an import, a mass email's batch).
 */
export async function track(tx: Db, entries: readonly TrackingEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += 1000) {
    await tx.insert(crmTracking).values(
      entries.slice(start, start + 1000).map((entry) => ({
        clinicId: entry.clinicId,
        clientId: entry.clientId,
        kind: entry.kind,
        summary: (entry.summary ?? "").slice(0, 300),
        refId: entry.refId ?? null,
        actorId: entry.actorId ?? null,
        at: entry.at ?? new Date(),
      })),
    );
  }
}
