import {
  CHAT_MESSAGES,
  type ChatTemplate,
  type ChatTemplateInput,
  type ChatTemplateSend,
  CHAT_LIMITS,
  fillTemplate,
  templateVariableCount,
  type WhatsAppNumber,
  type WhatsAppNumberInput,
  type WhatsAppNumberUpdate,
} from "@clinic/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { type Actor, clinicForCall, clinicOf } from "../../../platform/access.ts";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../../platform/errors.ts";
import { type ChatDeps, chatClinicFor } from "../chat-scope.ts";
import { chatTemplates, chatWhatsAppNumbers } from "../chat.table.ts";
import { appendMessage, checkCanWrite } from "../messages.service.ts";

/**
 * The WhatsApp settings of a clinic (issue 41.3): the message templates Meta approved (the only
 * messages allowed outside the 24-hour window; the clinic's account and admins manage them, its
 * therapists read them to send), and the business numbers connected to clinics (admins connect
 * them, as the Meta app is the platform's; a clinic's account sees its own).
 */

type TemplateRow = typeof chatTemplates.$inferSelect;

const templateView = (row: TemplateRow): ChatTemplate => ({
  id: row.id,
  clinicId: row.clinicId,
  name: row.name,
  language: row.language,
  body: row.body,
  variables: templateVariableCount(row.body),
});

/** A template's body may use at most CHAT_LIMITS.templateVariables variables, as WhatsApp allows them to be sent. */
function checkTemplateBody(body: string): void {
  if (templateVariableCount(body) > CHAT_LIMITS.templateVariables) {
    throw badRequest({ body: [`At most ${CHAT_LIMITS.templateVariables} variables ({{1}} to {{${CHAT_LIMITS.templateVariables}}}).`] });
  }
}

export async function listTemplates(db: Db, actor: Actor, clinicId: string | undefined): Promise<ChatTemplate[]> {
  const clinic = await chatClinicFor(db, actor, clinicId);
  const rows = await db.select().from(chatTemplates).where(eq(chatTemplates.clinicId, clinic)).orderBy(asc(chatTemplates.name), asc(chatTemplates.language));
  return rows.map(templateView);
}

/** A template the actor manages (another clinic's: 404). */
async function templateFor(db: Db, actor: Actor, id: number): Promise<TemplateRow> {
  const [row] = await db.select().from(chatTemplates).where(eq(chatTemplates.id, id));
  if (!row || !(actor.isAdmin || clinicOf(actor) === row.clinicId)) throw notFound();
  return row;
}

async function uniqueTemplate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, "chat_templates_unique")) throw conflict(CHAT_MESSAGES.templateTaken);
    throw error;
  }
}

export async function createTemplate(db: Db, actor: Actor, input: ChatTemplateInput): Promise<ChatTemplate> {
  const clinicId = await chatClinicFor(db, actor, input.clinicId);
  checkTemplateBody(input.body);
  const [row] = await uniqueTemplate(() =>
    db.insert(chatTemplates).values({ clinicId, name: input.name, language: input.language, body: input.body }).returning(),
  );
  return templateView(row as TemplateRow);
}

export async function updateTemplate(db: Db, actor: Actor, id: number, input: ChatTemplateInput): Promise<ChatTemplate> {
  const current = await templateFor(db, actor, id);
  checkTemplateBody(input.body);
  const [row] = await uniqueTemplate(() =>
    db
      .update(chatTemplates)
      .set({ name: input.name, language: input.language, body: input.body, updatedAt: new Date() })
      .where(eq(chatTemplates.id, current.id))
      .returning(),
  );
  return templateView(row as TemplateRow);
}

export async function deleteTemplate(db: Db, actor: Actor, id: number): Promise<void> {
  const current = await templateFor(db, actor, id);
  await db.delete(chatTemplates).where(eq(chatTemplates.id, current.id));
}

/**
 * Sends an approved template in a WhatsApp conversation, allowed outside the 24-hour window: the
 * body stored is the template filled with its variables (what the contact reads). Answers the
 * new message's id.
 */
export async function sendTemplate(deps: ChatDeps, actor: Actor, conversationId: number, input: ChatTemplateSend): Promise<number> {
  return deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const conversation = await checkCanWrite(tx, actor, conversationId, "template");
    if (conversation.channel !== "whatsapp") throw conflict(CHAT_MESSAGES.notWhatsApp);
    const [template] = await tx
      .select()
      .from(chatTemplates)
      .where(and(eq(chatTemplates.id, input.templateId), eq(chatTemplates.clinicId, conversation.clinicId)));
    if (!template) throw badRequest({ templateId: [CHAT_MESSAGES.templateUnknown] });
    const count = templateVariableCount(template.body);
    if (input.variables.length !== count) throw badRequest({ variables: [CHAT_MESSAGES.templateVariables.replace("{count}", String(count))] });
    const id = await appendMessage(tx, deps.jobs, conversation, {
      direction: "out",
      kind: "template",
      body: fillTemplate(template.body, input.variables),
      template: { name: template.name, language: template.language, variables: input.variables },
      authorId: actor.id,
    });
    return id as number;
  });
}

// ---------------------------------------------------------------- numbers

type NumberViewRow = {
  id: string;
  clinic_id: string;
  clinic_name: string;
  display_phone: string;
  label: string;
};

const NUMBER_COLUMNS = sql.raw(`n.id, n.clinic_id, coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), u.email) as clinic_name, n.display_phone, n.label
  from chat_whatsapp_numbers n join users u on u.id = n.clinic_id`);

const numberView = (row: NumberViewRow): WhatsAppNumber => ({
  id: row.id,
  clinicId: row.clinic_id,
  clinicName: row.clinic_name,
  displayPhone: row.display_phone,
  label: row.label,
});

/** Admins every clinic's numbers (or the one clinic they name); a clinic's account its own. */
export async function listNumbers(db: Db, actor: Actor, clinicId: string | undefined): Promise<WhatsAppNumber[]> {
  const clinic = actor.isAdmin ? (clinicId ?? null) : clinicOf(actor);
  const where = clinic === null ? sql`` : sql`where n.clinic_id = ${clinic}`;
  const result = await db.execute<NumberViewRow>(sql`select ${NUMBER_COLUMNS} ${where} order by clinic_name, n.display_phone, n.id`);
  return result.rows.map(numberView);
}

export async function readNumber(db: Db, id: string): Promise<WhatsAppNumber> {
  const result = await db.execute<NumberViewRow>(sql`select ${NUMBER_COLUMNS} where n.id = ${id}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return numberView(row);
}

export async function createNumber(db: Db, actor: Actor, input: WhatsAppNumberInput): Promise<WhatsAppNumber> {
  const clinicId = await clinicForCall(db, actor, input.clinicId, CHAT_MESSAGES.clinicNeeded);
  const [row] = await db
    .insert(chatWhatsAppNumbers)
    .values({ id: input.id, clinicId, displayPhone: input.displayPhone, label: input.label })
    .onConflictDoNothing()
    .returning({ id: chatWhatsAppNumbers.id });
  if (!row) throw conflict(CHAT_MESSAGES.numberTaken);
  return readNumber(db, row.id);
}

export async function updateNumber(db: Db, actor: Actor, id: string, input: WhatsAppNumberUpdate): Promise<WhatsAppNumber> {
  const clinicId = await clinicForCall(db, actor, input.clinicId, CHAT_MESSAGES.clinicNeeded);
  const [row] = await db
    .update(chatWhatsAppNumbers)
    .set({ clinicId, displayPhone: input.displayPhone, label: input.label, updatedAt: new Date() })
    .where(eq(chatWhatsAppNumbers.id, id))
    .returning({ id: chatWhatsAppNumbers.id });
  if (!row) throw notFound();
  return readNumber(db, row.id);
}

export async function deleteNumber(db: Db, id: string): Promise<void> {
  const [row] = await db.delete(chatWhatsAppNumbers).where(eq(chatWhatsAppNumbers.id, id)).returning({ id: chatWhatsAppNumbers.id });
  if (!row) throw notFound();
}
