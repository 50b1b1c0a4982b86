import { randomInt } from "node:crypto";
import type { Db } from "../../../db/client.ts";
import { chatConversations, chatTemplates, chatWhatsAppNumbers } from "../chat.table.ts";

/** Rows the WhatsApp tests and the authorisation matrix start from, inserted directly. */

/** A connected business number of `clinicId`; answers its phone number id. */
export async function makeWhatsAppNumber(db: Db, clinicId: string, id = String(randomInt(10 ** 9, 10 ** 12))): Promise<string> {
  await db.insert(chatWhatsAppNumbers).values({ id, clinicId, displayPhone: "+1 555 078 3881", label: "Front desk" });
  return id;
}

/** A WhatsApp conversation with a contact, its window open unless `lastInboundAt` says otherwise. */
export async function makeWhatsAppConversation(
  db: Db,
  input: { clinicId: string; waNumberId: string; contactPhone?: string; lastInboundAt?: Date | null; patientId?: string | null },
): Promise<typeof chatConversations.$inferSelect> {
  const [row] = await db
    .insert(chatConversations)
    .values({
      clinicId: input.clinicId,
      channel: "whatsapp",
      waNumberId: input.waNumberId,
      contactPhone: input.contactPhone ?? `+3460${randomInt(1_000_000, 9_999_999)}`,
      contactName: "Contact",
      patientId: input.patientId ?? null,
      lastInboundAt: input.lastInboundAt === undefined ? new Date() : input.lastInboundAt,
    })
    .returning();
  if (!row) throw new Error("No conversation made");
  return row;
}

export async function makeChatTemplate(db: Db, clinicId: string, input: { name?: string; language?: string; body?: string } = {}) {
  const [row] = await db
    .insert(chatTemplates)
    .values({
      clinicId,
      name: input.name ?? `reminder_${randomInt(1, 1_000_000_000)}`,
      language: input.language ?? "en",
      body: input.body ?? "Hello {{1}}, your appointment is on {{2}}.",
    })
    .returning();
  if (!row) throw new Error("No template made");
  return row;
}
