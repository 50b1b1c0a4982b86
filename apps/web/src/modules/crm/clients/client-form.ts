import { CRM_CALL_OUTCOMES, CRM_CLIENT_MESSAGES, type CrmClient, type CrmClientInput } from "@clinic/shared";
import type { TFunction } from "i18next";
import { registerRefusals } from "../../../lib/refusals.ts";

/** What the client dialog edits: the API's input with every field present. */
export type ClientFormValues = Required<Omit<CrmClientInput, "email" | "ownerId">> & { email: string; ownerId: string | null };

/** The dialog's fields for a new client (null) or one to change. */
export function clientFormValues(client: CrmClient | null): ClientFormValues {
  return {
    kind: client?.kind ?? "person",
    firstName: client?.firstName ?? "",
    lastName: client?.lastName ?? "",
    organisation: client?.organisation ?? "",
    email: client?.email ?? "",
    phone: client?.phone ?? "",
    city: client?.city ?? "",
    address: client?.address ?? "",
    consent: client?.consent ?? false,
    ownerId: client?.ownerId ?? null,
    tags: client?.tags ?? [],
  };
}

/**
 * The input sent for the dialog's values: the owner only when whoever saves may choose it (a CRM
 * admin), so an agent's save never changes it and an agent's new client stays theirs.
 */
export function clientInputOf(values: ClientFormValues, choosesOwner: boolean): CrmClientInput {
  const { ownerId, ...rest } = values;
  return { ...rest, email: values.email.trim() || null, ...(choosesOwner ? { ownerId } : {}) };
}

/** Tags as typed into a free-text chooser: trimmed, without empties or repeats, in their order. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const tag of tags) {
    const trimmed = tag.trim();
    if (trimmed) seen.add(trimmed);
  }
  return [...seen];
}

/**
 * The clients' refusals (CRM_CLIENT_MESSAGES) in the interface language. A message may carry the
 * ids it is about after it ("Choose clients of the clinic. (12, 40)"): they are kept.
 */
export function clientText(t: TFunction, message: string): string {
  for (const [key, text] of Object.entries(CRM_CLIENT_MESSAGES)) {
    if (message === text) return t(`crmClients.refusals.${key}`);
    if (message.startsWith(`${text} (`)) return `${t(`crmClients.refusals.${key}`)}${message.slice(text.length)}`;
  }
  return message;
}

registerRefusals(clientText);

/** The fields an "edited" line names, as the client's form calls them. */
const EDITED_FIELD_KEYS: Record<string, string> = { ownerId: "owner" };

/** A timeline line's text: what happened, then its short text ("edited" names the changed fields in the interface language). */
export function timelineText(t: TFunction, line: { kind: string; summary: string }): string {
  const what = t(`crmClients.timeline.kinds.${line.kind}`);
  if (!line.summary) return what;
  return `${what}: ${summaryText(t, line)}`;
}

/** The line's data in the reader's words: changed fields, a call's outcome, an imported row. */
function summaryText(t: TFunction, line: { kind: string; summary: string }): string {
  if (line.kind === "edited") {
    return line.summary
      .split(", ")
      .map((field) => t(`crmClients.fields.${EDITED_FIELD_KEYS[field] ?? field}`))
      .join(", ");
  }
  if (line.kind === "imported") return t("crmClients.timeline.importedRow", { row: line.summary });
  if (line.kind.startsWith("call")) {
    const [outcome, ...subject] = line.summary.split(": ");
    if (outcome && (CRM_CALL_OUTCOMES as readonly string[]).includes(outcome)) {
      return [t(`crmClients.timeline.outcomes.${outcome}`), ...subject].join(": ");
    }
  }
  return line.summary;
}
