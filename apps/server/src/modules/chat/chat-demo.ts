import { fillTemplate } from "@clinic/shared";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { DEMO_ACCOUNTS, DEMO_HISTORY_PEOPLE } from "../../demo-accounts.ts";

/**
 * The messaging chat's demo (issue 41): the demo clinic's reception WhatsApp number, two approved
 * templates and three canned replies, and a lived-in inbox — in-app conversations with patients
 * (one unread, one assigned, one closed), WhatsApp threads with a patient matched by phone (inside
 * the 24-hour window, with a note), with an unknown contact whose window has closed (a template
 * was sent and read), and an outgoing message that failed with WhatsApp's reason. Seeded once,
 * straight to the tables in one transaction, timed back from `now`; it shows once an admin
 * switches `chat_whatsapp` on.
 */

export const DEMO_WHATSAPP_NUMBER = { id: "109876543210001", displayPhone: "+34 910 000 001", label: "Reception" } as const;
/** The WhatsApp contact no patient matches. */
export const DEMO_UNKNOWN_CONTACT = { phone: "+34611222333", name: "Lucía Martín" } as const;

const HOUR = 3_600_000;

type Line = { from: "in" | "out" | "note"; by?: "clinic" | "therapist"; text: string; hoursAgo: number; status?: string; reason?: string; template?: true };

export async function seedDemoChat(db: Db, options: { now?: Date } = {}): Promise<boolean> {
  const now = (options.now ?? new Date()).getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
  const emails: string[] = [DEMO_ACCOUNTS.clinic.email, DEMO_ACCOUNTS.therapist.email, DEMO_ACCOUNTS.patient.email, DEMO_ACCOUNTS.patient2.email];
  emails.push(DEMO_HISTORY_PEOPLE.carmen.email, DEMO_HISTORY_PEOPLE.javier.email, DEMO_HISTORY_PEOPLE.elena.email);
  const people = new Map(
    (await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))).map((row) => [row.email, row.id]),
  );
  const clinic = people.get(DEMO_ACCOUNTS.clinic.email);
  const therapist = people.get(DEMO_ACCOUNTS.therapist.email);
  if (!clinic || !therapist) return false;
  const seeded = await db.execute(sql`select 1 from chat_whatsapp_numbers where id = ${DEMO_WHATSAPP_NUMBER.id}`);
  if (seeded.rows.length > 0) return false;
  const authorOf = (line: Line) => (line.from === "in" ? null : line.by === "clinic" ? clinic : therapist);

  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`insert into chat_whatsapp_numbers (id, clinic_id, display_phone, label)
      values (${DEMO_WHATSAPP_NUMBER.id}, ${clinic}, ${DEMO_WHATSAPP_NUMBER.displayPhone}, ${DEMO_WHATSAPP_NUMBER.label})`);
    const reminder = "Hello {{1}}, this is a reminder of your appointment on {{2}}. Reply to confirm, or call us to change it.";
    await tx.execute(sql`insert into chat_templates (clinic_id, name, language, body) values
      (${clinic}, 'appointment_reminder', 'en_US', ${reminder}),
      (${clinic}, 'recordatorio_cita', 'es', 'Hola {{1}}, le recordamos su cita del {{2}}. Responda para confirmarla o llámenos para cambiarla.'),
      (${clinic}, 'exercise_follow_up', 'en_US', 'Hello {{1}}, how are your exercises going? Write to us here if anything feels harder than expected.')`);
    await tx.execute(sql`insert into chat_canned_replies (clinic_id, shortcut, body) values
      (${clinic}, 'hours', 'We are open Monday to Friday, 8:00 to 20:00, and Saturday mornings, 9:00 to 13:00.'),
      (${clinic}, 'dizzy', 'Some dizziness during the first days of vestibular exercises is expected. Stop, sit down and breathe; if it lasts more than an hour, call us.'),
      (${clinic}, 'address', 'We are at Calle de Alcalá 123, 28009 Madrid, next to the Goya metro station.')`);

    const javier = people.get(DEMO_HISTORY_PEOPLE.javier.email);
    if (javier) await tx.execute(sql`update users set phone = '+34600111004' where id = ${javier}`);

    const conversation = async (
      fields: { channel: "app" | "whatsapp"; patient?: string; phone?: string; name?: string; assignee?: string | null; status?: "open" | "closed" },
      lines: Line[],
      readers: { user: string; upTo: "all" | "allButLast" }[],
    ) => {
      const last = lines.filter((line) => line.from !== "note").at(-1) as Line;
      const lastInbound = lines.filter((line) => line.from === "in").at(-1);
      const made = await tx.execute<{ id: number }>(sql`
        insert into chat_conversations (clinic_id, channel, status, patient_id, contact_phone, wa_number_id, contact_name, assignee_id,
            last_message_at, last_message_preview, last_direction, last_inbound_at, created_at, updated_at)
          values (${clinic}, ${fields.channel}, ${fields.status ?? "open"}, ${fields.patient ?? null}, ${fields.phone ?? null},
            ${fields.channel === "whatsapp" ? DEMO_WHATSAPP_NUMBER.id : null}, ${fields.name ?? ""}, ${fields.assignee ?? null},
            ${at(last.hoursAgo)}, ${last.text.slice(0, 200)}, ${last.from}, ${lastInbound ? at(lastInbound.hoursAgo) : null}, ${at(lines[0]?.hoursAgo ?? 0)}, ${at(last.hoursAgo)})
          returning id`);
      const id = Number(made.rows[0]?.id);
      const ids: number[] = [];
      for (const [index, line] of lines.entries()) {
        const wamid = fields.channel === "whatsapp" && line.from !== "note" ? `wamid.demo.${id}.${index}` : null;
        const template = line.template ? { name: "appointment_reminder", language: "en_US", variables: [fields.name ?? "", "Monday at 10:00"] } : null;
        const row = await tx.execute<{ id: number }>(sql`
          insert into chat_messages (conversation_id, direction, kind, body, template, author_id, external_id, status, failure_reason, status_at, created_at)
            values (${id}, ${line.from}, ${line.template ? "template" : "text"}, ${line.template ? fillTemplate(reminder, template?.variables ?? []) : line.text},
              ${template ? JSON.stringify(template) : null}::jsonb, ${authorOf(line)}, ${line.status === "failed" ? null : wamid},
              ${line.status ?? "sent"}, ${line.reason ?? null}, ${at(line.hoursAgo)}, ${at(line.hoursAgo)})
            returning id`);
        ids.push(Number(row.rows[0]?.id));
      }
      await tx.execute(
        sql`update chat_conversations set last_inbound_id = (select max(id) from chat_messages where conversation_id = ${id} and direction = 'in') where id = ${id}`,
      );
      for (const reader of readers) {
        const upTo = reader.upTo === "all" ? ids.at(-1) : ids.at(-2);
        if (upTo)
          await tx.execute(sql`insert into chat_reads (conversation_id, user_id, last_read_id, read_at) values (${id}, ${reader.user}, ${upTo}, ${at(0)})`);
      }
    };

    const patient1 = people.get(DEMO_ACCOUNTS.patient.email);
    if (patient1) {
      await conversation(
        { channel: "app", patient: patient1, assignee: therapist },
        [
          { from: "in", text: "Hello! The balance game on level 3 makes me a bit dizzy. Is that normal?", hoursAgo: 50, status: "read" },
          {
            from: "out",
            by: "therapist",
            text: "Hi! A little dizziness at first is expected. Keep the sessions to 10 minutes this week.",
            hoursAgo: 49,
            status: "read",
          },
          { from: "note", by: "therapist", text: "Lower the speed of the balance game if it persists next week.", hoursAgo: 49 },
          { from: "in", text: "Thanks, I will. Should I still do the eye exercises every day?", hoursAgo: 3 },
        ],
        [
          { user: patient1, upTo: "all" },
          { user: therapist, upTo: "allButLast" },
        ],
      );
    }
    const carmen = people.get(DEMO_HISTORY_PEOPLE.carmen.email);
    if (carmen) {
      await conversation({ channel: "app", patient: carmen }, [{ from: "in", text: "Can I move Thursday's session to the afternoon?", hoursAgo: 1 }], []);
    }
    const elena = people.get(DEMO_HISTORY_PEOPLE.elena.email);
    if (elena) {
      await conversation(
        { channel: "app", patient: elena, assignee: clinic, status: "closed" },
        [
          { from: "in", text: "Where do I find the invoice for October?", hoursAgo: 120, status: "read" },
          { from: "out", by: "clinic", text: "It is under Payments in your menu; you can download the PDF there.", hoursAgo: 119, status: "read" },
          { from: "in", text: "Found it, thank you!", hoursAgo: 118, status: "read" },
        ],
        [
          { user: elena, upTo: "all" },
          { user: clinic, upTo: "all" },
        ],
      );
    }
    if (javier) {
      await conversation(
        { channel: "whatsapp", patient: javier, phone: "+34600111004", name: "Javier N.", assignee: therapist },
        [
          { from: "in", text: "Good morning, I could not log in to the app yesterday.", hoursAgo: 5, status: "read" },
          { from: "out", by: "therapist", text: "Good morning Javier, we have sent you a new invitation by email.", hoursAgo: 4.5, status: "read" },
          { from: "note", by: "therapist", text: "Invitation re-sent from People; check he received it.", hoursAgo: 4.5 },
          { from: "in", text: "Got it, I am in now. Thanks!", hoursAgo: 2 },
        ],
        [{ user: therapist, upTo: "allButLast" }],
      );
    }
    await conversation(
      { channel: "whatsapp", phone: DEMO_UNKNOWN_CONTACT.phone, name: DEMO_UNKNOWN_CONTACT.name },
      [
        { from: "in", text: "Hi, do you treat vertigo after a car accident? My GP recommended you.", hoursAgo: 76, status: "read" },
        { from: "out", by: "clinic", text: "Yes, we do. We can book a first assessment on Monday at 10:00.", hoursAgo: 75, status: "read" },
        { from: "out", by: "clinic", text: "", hoursAgo: 30, status: "read", template: true },
        {
          from: "out",
          by: "clinic",
          text: "Please bring your latest medical reports.",
          hoursAgo: 29,
          status: "failed",
          reason: "(#131047) Re-engagement message: more than 24 hours have passed since the customer last replied.",
        },
      ],
      [{ user: clinic, upTo: "all" }],
    );
  });
  return true;
}
