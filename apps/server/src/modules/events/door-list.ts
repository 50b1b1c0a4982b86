import { registrationNumber } from "@clinic/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { pdfFields, pdfHeading, pdfPageFooters, pdfParagraphs, pdfTable, renderPdf } from "../../platform/pdf.ts";
import { formatWhen } from "../clinic/appointments/notifications.ts";
import type { EventQuestion } from "./events.table.ts";

/**
 * The registration list for the door (issue 37.6): who may come in (confirmed, and those
 * already in, ticked), sorted by name, with their number, ticket type and a box to tick, and the
 * answers to the event's required questions when they fit in a cell. Printed as a fallback to
 * the phone's scanner, in the staff's language.
 */

/** Answers longer than this stay on the registration's page: a printed cell is no place for them. */
const SHORT_ANSWER = 40;

const TEXTS = {
  en: {
    title: "Door list",
    when: "When",
    venue: "Venue",
    online: "Online",
    number: "Number",
    name: "Name",
    ticket: "Ticket",
    answers: "Answers",
    in: "In",
    yes: "yes",
    no: "no",
    count: (all: number, inside: number) => `${all} registrants, ${inside} already checked in`,
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  es: {
    title: "Lista de acceso",
    when: "Cuándo",
    venue: "Lugar",
    online: "En línea",
    number: "Número",
    name: "Nombre",
    ticket: "Entrada",
    answers: "Respuestas",
    in: "Dentro",
    yes: "sí",
    no: "no",
    count: (all: number, inside: number) => `${all} inscritos, ${inside} ya han entrado`,
    page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  },
} as const;

interface DoorRow {
  title_en: string;
  title_es: string;
  starts_at: string | Date;
  ends_at: string | Date;
  time_zone: string;
  venue: string;
  online_url: string;
  questions: EventQuestion[];
  clinic: string;
  people: { id: number; name: string; state: string; ticket_en: string; ticket_es: string; answers: Record<string, string | boolean> }[] | null;
}

/** The door list's PDF of a managed event (one statement), and its file name. */
export async function doorListPdf(db: Db, eventId: number, language: "en" | "es"): Promise<{ filename: string; pdf: Buffer }> {
  const result = await db.execute<DoorRow & Record<string, unknown>>(sql`
    select e.title_en, e.title_es, e.starts_at, e.ends_at, e.time_zone, e.venue, e.online_url, e.questions,
      coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), u.email) as clinic,
      (select json_agg(json_build_object('id', r.id, 'name', r.name, 'state', r.state, 'ticket_en', t.name_en, 'ticket_es', t.name_es, 'answers', r.answers)
          order by lower(r.name), r.id)
        from event_registrations r join event_ticket_types t on t.id = r.ticket_type_id
        where r.event_id = e.id and r.state in ('confirmed', 'checked_in')) as people
    from event_events e join users u on u.id = e.clinic_id where e.id = ${eventId}`);
  const event = result.rows[0];
  if (!event) throw new Error(`Event ${eventId} is gone`);
  const t = TEXTS[language];
  const pick = (en: string, es: string) => (language === "es" ? es || en : en || es);
  const title = pick(event.title_en, event.title_es);
  const people = event.people ?? [];
  const required = event.questions.filter((question) => question.required);
  const answersOf = (answers: Record<string, string | boolean>) =>
    required
      .map((question) => {
        const value = answers[question.id];
        const text = typeof value === "boolean" ? (value ? t.yes : t.no) : (value ?? "").trim();
        return text && text.length <= SHORT_ANSWER ? `${pick(question.label.en, question.label.es)}: ${text}` : "";
      })
      .filter(Boolean)
      .join("\n");
  const withAnswers = required.length > 0;
  const inside = people.filter((person) => person.state === "checked_in").length;
  const pdf = await renderPdf(
    (doc) => {
      pdfHeading(doc, `${t.title}: ${title}`);
      pdfFields(doc, [
        [t.when, `${formatWhen(new Date(event.starts_at), event.time_zone)} – ${formatWhen(new Date(event.ends_at), event.time_zone)}`],
        ...(event.venue ? [[t.venue, event.venue] as const] : []),
        ...(event.online_url ? [[t.online, event.online_url] as const] : []),
      ]);
      doc.moveDown();
      pdfParagraphs(doc, [t.count(people.length, inside)], { bold: true });
      doc.moveDown(0.5);
      pdfTable(
        doc,
        [
          { header: t.in, width: 7, align: "center" },
          { header: t.number, width: 14 },
          { header: t.name, width: withAnswers ? 30 : 49 },
          { header: t.ticket, width: withAnswers ? 19 : 30 },
          ...(withAnswers ? [{ header: t.answers, width: 30 }] : []),
        ],
        people.map((person) => [
          person.state === "checked_in" ? "[x]" : "[   ]",
          registrationNumber(Number(person.id)),
          person.name,
          pick(person.ticket_en, person.ticket_es),
          ...(withAnswers ? [answersOf(person.answers)] : []),
        ]),
      );
      pdfPageFooters(doc, (page, pages) => `${title}  ·  ${t.page(page, pages)}`);
    },
    { title: `${t.title}: ${title}`, author: event.clinic, language },
  );
  const slug = title
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return { filename: `${language === "es" ? "lista-acceso" : "door-list"}-${slug || eventId}.pdf`, pdf };
}
