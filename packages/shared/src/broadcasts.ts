import { z } from "zod";
import type { Role } from "./groups.ts";
import { richText } from "./rich-text.ts";
import { pageQuerySchema, rowIdParam, userId } from "./schemas.ts";

/**
 * Broadcast banners of the global messages app (spec §2 `/messages/app/`, §6 "Messages needs
 * admin and an active user"; issue 19.3): a message in English and Spanish shown at the top of
 * the shell to its audience between its start and end, dismissible or not. The text is rich
 * text under the shared rules (links, emphasis; scripts refused with a 400) and at most
 * BROADCAST_MAX characters a reader sees: a banner is a line or two, not a page. Images are
 * not kept (a banner reaches every user, who may not read the upload).
 */

export const BROADCAST_MAX = 300;
export const BROADCAST_SEVERITIES = ["info", "warning", "critical"] as const;
export type BroadcastSeverity = (typeof BROADCAST_SEVERITIES)[number];
export const BROADCAST_ROLES = ["admin", "clinic", "therapist", "patient"] as const satisfies readonly Role[];
export const BROADCAST_STATES = ["scheduled", "active", "ended"] as const;
export type BroadcastState = (typeof BROADCAST_STATES)[number];
/** How many clinics one banner may name. */
export const BROADCAST_MAX_CLINICS = 200;

export const BROADCAST_MESSAGES = {
  noMessage: "Write the message in at least one language.",
  endBeforeStart: "The end must be after the start.",
  instant: "Give a date and time in ISO 8601 (e.g. 2026-12-01T09:00:00Z).",
  notAClinic: "Not a clinic.",
  duplicate: "Listed more than once.",
  notDismissible: "This message cannot be dismissed.",
} as const;

const instant = () => z.iso.datetime({ offset: true, error: BROADCAST_MESSAGES.instant });

export const broadcastInputSchema = z
  .object({
    messageEn: richText(BROADCAST_MAX, { optional: true }),
    messageEs: richText(BROADCAST_MAX, { optional: true }),
    severity: z.enum(BROADCAST_SEVERITIES),
    /** None: every role. */
    roles: z.array(z.enum(BROADCAST_ROLES)).max(BROADCAST_ROLES.length).default([]),
    /** Clinic accounts' ids; none: every clinic (and users of none, such as admins). */
    clinics: z.array(userId()).max(BROADCAST_MAX_CLINICS).default([]),
    startsAt: instant(),
    endsAt: instant(),
    dismissible: z.boolean(),
  })
  .strict()
  .superRefine((value, context) => {
    const blank = (html: string) => html.replace(/<[^>]*>|&nbsp;|\s/g, "") === "";
    if (blank(value.messageEn) && blank(value.messageEs)) context.addIssue({ code: "custom", path: ["messageEn"], message: BROADCAST_MESSAGES.noMessage });
    if (Date.parse(value.endsAt) <= Date.parse(value.startsAt))
      context.addIssue({ code: "custom", path: ["endsAt"], message: BROADCAST_MESSAGES.endBeforeStart });
    if (new Set(value.roles).size !== value.roles.length) context.addIssue({ code: "custom", path: ["roles"], message: BROADCAST_MESSAGES.duplicate });
    if (new Set(value.clinics.map((id) => id.toLowerCase())).size !== value.clinics.length)
      context.addIssue({ code: "custom", path: ["clinics"], message: BROADCAST_MESSAGES.duplicate });
  });
export type BroadcastInput = z.input<typeof broadcastInputSchema>;

export const broadcastParamSchema = z.object({ id: rowIdParam() });

export const broadcastQuerySchema = pageQuerySchema.extend({ state: z.enum(BROADCAST_STATES).optional() });
export type BroadcastQuery = z.infer<typeof broadcastQuerySchema>;

/** A banner as the admin app lists it. */
export const broadcastSchema = z.object({
  id: z.number().int(),
  messageEn: z.string(),
  messageEs: z.string(),
  severity: z.enum(BROADCAST_SEVERITIES),
  roles: z.array(z.enum(BROADCAST_ROLES)),
  /** The named clinics with their names (a clinic deleted since is left out). */
  clinics: z.array(z.object({ id: z.string(), name: z.string() })),
  startsAt: z.string(),
  endsAt: z.string(),
  dismissible: z.boolean(),
  state: z.enum(BROADCAST_STATES),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

/** A banner as the shell shows it to its audience. */
export const activeBroadcastSchema = z.object({
  id: z.number().int(),
  messageEn: z.string(),
  messageEs: z.string(),
  severity: z.enum(BROADCAST_SEVERITIES),
  dismissible: z.boolean(),
  endsAt: z.string(),
});
export type ActiveBroadcast = z.infer<typeof activeBroadcastSchema>;
export const activeBroadcastsSchema = z.array(activeBroadcastSchema);

/** The message in `language`, else the other one (an admin may write only one). */
export function broadcastText(broadcast: { messageEn: string; messageEs: string }, language: string): string {
  const [first, second] = language === "es" ? [broadcast.messageEs, broadcast.messageEn] : [broadcast.messageEn, broadcast.messageEs];
  return first.replace(/<[^>]*>|&nbsp;|\s/g, "") === "" ? second : first;
}
