import type { EventExportEntity, EventsExportQuery } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Actor, clinicOf } from "../../platform/access.ts";
import { badRequest, notFound } from "../../platform/errors.ts";
import type { ExportColumn } from "../../platform/exports.ts";
import type { ManagedEvent } from "./events-scope.ts";

/**
 * The events module's exports (issue 37.6): the staff's events list, and one event's
 * registrations, payments, costs and checklist, each in one statement. Headers and words in the
 * staff's language; amounts as decimals of the event's currency (numbers a spreadsheet sums);
 * times as `YYYY-MM-DD HH:MM` in the event's time zone, which the events file names.
 */

type Language = "en" | "es";

const HEADERS = {
  en: {
    title: "Title",
    state: "State",
    starts: "Starts",
    ends: "Ends",
    timeZone: "Time zone",
    venue: "Venue",
    onlineUrl: "Online link",
    capacity: "Capacity",
    taken: "Places taken",
    waiting: "Waiting",
    checkedIn: "Checked in",
    income: "Income",
    costs: "Costs",
    balance: "Balance",
    currency: "Currency",
    clinic: "Clinic",
    number: "Number",
    name: "Name",
    email: "Email",
    language: "Language",
    ticketType: "Ticket type",
    amount: "Amount",
    paid: "Paid",
    refunded: "Refunded",
    provider: "Payment method",
    reference: "Payment reference",
    registered: "Registered",
    checkedInAt: "Checked in at",
    cancelledAt: "Cancelled at",
    date: "Date",
    kind: "Kind",
    registration: "Registration",
    note: "Note",
    invoice: "Invoice",
    by: "By",
    category: "Category",
    supplier: "Supplier",
    description: "Description",
    planned: "Planned",
    actual: "Actual",
    receipt: "Receipt",
    task: "Task",
    owner: "Owner",
    due: "Due",
    done: "Done",
    doneAt: "Done at",
    doneBy: "Done by",
    overdue: "Overdue",
  },
  es: {
    title: "Título",
    state: "Estado",
    starts: "Empieza",
    ends: "Termina",
    timeZone: "Zona horaria",
    venue: "Lugar",
    onlineUrl: "Enlace en línea",
    capacity: "Aforo",
    taken: "Plazas ocupadas",
    waiting: "En espera",
    checkedIn: "Han entrado",
    income: "Ingresos",
    costs: "Costes",
    balance: "Balance",
    currency: "Moneda",
    clinic: "Clínica",
    number: "Número",
    name: "Nombre",
    email: "Correo electrónico",
    language: "Idioma",
    ticketType: "Tipo de entrada",
    amount: "Importe",
    paid: "Pagado",
    refunded: "Reembolsado",
    provider: "Forma de pago",
    reference: "Referencia del pago",
    registered: "Inscrito",
    checkedInAt: "Entrada",
    cancelledAt: "Cancelado",
    date: "Fecha",
    kind: "Tipo",
    registration: "Inscripción",
    note: "Nota",
    invoice: "Factura",
    by: "Por",
    category: "Categoría",
    supplier: "Proveedor",
    description: "Descripción",
    planned: "Previsto",
    actual: "Real",
    receipt: "Justificante",
    task: "Tarea",
    owner: "Responsable",
    due: "Vence",
    done: "Hecha",
    doneAt: "Hecha el",
    doneBy: "Hecha por",
    overdue: "Atrasada",
  },
} as const;

const WORDS = {
  en: {
    yes: "yes",
    no: "no",
    draft: "draft",
    published: "published",
    cancelled: "cancelled",
    pending_payment: "pending payment",
    confirmed: "confirmed",
    waiting: "waiting",
    checked_in: "checked in",
    refunded: "refunded",
    expired: "expired",
    payment: "payment",
    refund: "refund",
    manual: "bank transfer",
    stripe: "card (Stripe)",
    venue: "venue",
    catering: "catering",
    speakers: "speakers",
    materials: "materials",
    marketing: "marketing",
    travel: "travel",
    other: "other",
  },
  es: {
    yes: "sí",
    no: "no",
    draft: "borrador",
    published: "publicado",
    cancelled: "cancelado",
    pending_payment: "pendiente de pago",
    confirmed: "confirmada",
    waiting: "en espera",
    checked_in: "ha entrado",
    refunded: "reembolsada",
    expired: "caducada",
    payment: "pago",
    refund: "reembolso",
    manual: "transferencia bancaria",
    stripe: "tarjeta (Stripe)",
    venue: "local",
    catering: "catering",
    speakers: "ponentes",
    materials: "materiales",
    marketing: "promoción",
    travel: "viajes",
    other: "otros",
  },
} as const;

const word = (language: Language, key: string | null) => (key === null ? "" : ((WORDS[language] as Record<string, string>)[key] ?? key));
const yesNo = (language: Language, value: boolean) => word(language, value ? "yes" : "no");
/** Cents as a decimal of the currency, a number the spreadsheet sums. */
const amount = (cents: number | string | null) => (cents === null ? null : Number(cents) / 100);
/** An instant as `YYYY-MM-DD HH:MM` in the event's zone, in SQL. */
const local = (column: SQL, zone: SQL) => sql`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD HH24:MI')`;
/** `%q%` for ILIKE, its wildcards taken literally. */
const like = (q: string) => `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const tooMany = (maxRows: number) =>
  badRequest(`The list has more than ${maxRows} rows, too many for one file. Narrow it with the search or the filters, then export again.`);

export interface EventExport {
  baseName: string;
  // Each entity's rows and columns agree; the union is taken apart only by sendExport.
  columns: ExportColumn<never>[];
  rows: unknown[];
}

// ---------------------------------------------------------------- the events list

interface EventExportRow {
  title_en: string;
  title_es: string;
  state: string;
  starts: string;
  ends: string;
  time_zone: string;
  venue: string;
  online_url: string;
  capacity: number;
  taken: number;
  waiting: number;
  checked_in: number;
  income: string;
  costs: string;
  currency: string;
  clinic: string;
}

/** The staff's events in the list's filters: staff their clinic's, admins every clinic's or the one they name. */
export async function eventsExport(
  db: Db,
  actor: Actor,
  filters: Omit<EventsExportQuery, "format" | "language">,
  language: Language,
  maxRows: number,
): Promise<EventExport> {
  const where: SQL[] = [];
  if (actor.isAdmin) {
    if (filters.clinicId) where.push(sql`e.clinic_id = ${filters.clinicId}`);
  } else {
    const clinic = clinicOf(actor);
    if (clinic === null) throw notFound();
    where.push(sql`e.clinic_id = ${clinic}`);
  }
  if (filters.q?.trim()) {
    const q = like(filters.q);
    where.push(sql`(e.title_en ilike ${q} or e.title_es ilike ${q} or e.venue ilike ${q})`);
  }
  if (filters.state) where.push(sql`e.state = ${filters.state}`);
  if (filters.when === "upcoming") where.push(sql`e.ends_at > now()`);
  if (filters.when === "past") where.push(sql`e.ends_at <= now()`);
  const order = filters.when === "upcoming" ? sql`e.starts_at, e.id` : sql`e.starts_at desc, e.id desc`;
  const { rows } = await db.execute<EventExportRow & Record<string, unknown>>(sql`
    select e.title_en, e.title_es, e.state, ${local(sql`e.starts_at`, sql`e.time_zone`)} as starts, ${local(sql`e.ends_at`, sql`e.time_zone`)} as ends,
      e.time_zone, e.venue, e.online_url, e.capacity, e.taken,
      (select count(*)::int from event_registrations r where r.event_id = e.id and r.state = 'waiting') as waiting,
      (select count(*)::int from event_registrations r where r.event_id = e.id and r.state = 'checked_in') as checked_in,
      (select coalesce(sum(case when p.kind = 'payment' then p.amount_cents else -p.amount_cents end), 0)::bigint from event_payments p where p.event_id = e.id) as income,
      (select coalesce(sum(coalesce(c.actual_cents, c.planned_cents)), 0)::bigint from event_costs c where c.event_id = e.id) as costs,
      e.currency, coalesce(nullif(trim(u.nombres || ' ' || u.apellidos), ''), u.email) as clinic
    from event_events e join users u on u.id = e.clinic_id
    ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by ${order} limit ${maxRows + 1}`);
  if (rows.length > maxRows) throw tooMany(maxRows);
  const h = HEADERS[language];
  const columns: ExportColumn<EventExportRow>[] = [
    { header: h.title, value: (row) => (language === "es" ? row.title_es || row.title_en : row.title_en || row.title_es), width: 36 },
    { header: h.state, value: (row) => word(language, row.state), width: 12 },
    { header: h.starts, value: (row) => row.starts, width: 17 },
    { header: h.ends, value: (row) => row.ends, width: 17 },
    { header: h.timeZone, value: (row) => row.time_zone, width: 18 },
    { header: h.venue, value: (row) => row.venue, width: 30 },
    { header: h.onlineUrl, value: (row) => row.online_url, width: 30 },
    { header: h.capacity, value: (row) => Number(row.capacity), width: 10 },
    { header: h.taken, value: (row) => Number(row.taken), width: 10 },
    { header: h.waiting, value: (row) => Number(row.waiting), width: 10 },
    { header: h.checkedIn, value: (row) => Number(row.checked_in), width: 10 },
    { header: h.income, value: (row) => amount(row.income), width: 12 },
    { header: h.costs, value: (row) => amount(row.costs), width: 12 },
    { header: h.balance, value: (row) => amount(Number(row.income) - Number(row.costs)), width: 12 },
    { header: h.currency, value: (row) => row.currency, width: 8 },
    { header: h.clinic, value: (row) => row.clinic, width: 24 },
  ];
  return { baseName: language === "es" ? "eventos" : "events", columns: columns as ExportColumn<never>[], rows };
}

// ---------------------------------------------------------------- one event's lists

interface RegistrationExportRow {
  id: number;
  name: string;
  email: string;
  language: string;
  ticket_en: string;
  ticket_es: string;
  state: string;
  amount_cents: number;
  paid_cents: number;
  refunded_cents: number;
  currency: string;
  provider: string | null;
  payment_reference: string | null;
  registered: string;
  checked_in_at: string | null;
  cancelled_at: string | null;
  answers: Record<string, string | boolean>;
  questions: { id: string; label: { en: string; es: string } }[];
}

interface PaymentExportRow {
  at: string;
  kind: string;
  registration_id: number;
  name: string;
  amount_cents: number;
  currency: string;
  provider: string;
  reference: string;
  note: string;
  invoice: string | null;
  by: string | null;
}

interface CostExportRow {
  category: string;
  supplier: string;
  description: string;
  planned_cents: number;
  actual_cents: number | null;
  paid: boolean;
  currency: string;
  receipt: boolean;
}

interface TaskExportRow {
  title: string;
  owner: string | null;
  due_on: string | null;
  done_at: string | null;
  done_by: string | null;
  overdue: boolean;
}

const person = (alias: string) => sql.raw(`coalesce(nullif(trim(${alias}.nombres || ' ' || ${alias}.apellidos), ''), ${alias}.email)`);

function entityQuery(entity: EventExportEntity, eventId: number, limit: number): SQL {
  switch (entity) {
    case "registrations":
      return sql`
        select r.id, r.name, r.email, r.language, t.name_en as ticket_en, t.name_es as ticket_es, r.state, r.amount_cents, r.paid_cents, r.refunded_cents,
          r.currency, r.provider, r.payment_reference, ${local(sql`r.created_at`, sql`e.time_zone`)} as registered,
          ${local(sql`r.checked_in_at`, sql`e.time_zone`)} as checked_in_at, ${local(sql`r.cancelled_at`, sql`e.time_zone`)} as cancelled_at,
          r.answers, e.questions
        from event_registrations r join event_ticket_types t on t.id = r.ticket_type_id join event_events e on e.id = r.event_id
        where r.event_id = ${eventId} order by r.id limit ${limit}`;
    case "payments":
      return sql`
        select ${local(sql`p.at`, sql`e.time_zone`)} as at, p.kind, p.registration_id, r.name, p.amount_cents, r.currency, p.provider, p.reference, p.note,
          i.number as invoice, ${person("u")} as by
        from event_payments p join event_registrations r on r.id = p.registration_id join event_events e on e.id = p.event_id
          left join invoices i on i.id = p.invoice_id left join users u on u.id = p.by
        where p.event_id = ${eventId} order by p.at, p.id limit ${limit}`;
    case "costs":
      return sql`
        select c.category, c.supplier, c.description, c.planned_cents, c.actual_cents, c.paid, e.currency, c.receipt_upload_id is not null as receipt
        from event_costs c join event_events e on e.id = c.event_id
        where c.event_id = ${eventId} order by c.id limit ${limit}`;
    case "checklists":
      return sql`
        select k.title, ${person("o")} as owner, to_char(k.due_on, 'YYYY-MM-DD') as due_on, ${local(sql`k.done_at`, sql`e.time_zone`)} as done_at,
          ${person("d")} as done_by,
          (k.done_at is null and k.due_on is not null and k.due_on < (now() at time zone e.time_zone)::date) as overdue
        from event_tasks k join event_events e on e.id = k.event_id left join users o on o.id = k.owner_id left join users d on d.id = k.done_by
        where k.event_id = ${eventId} order by k.due_on nulls last, k.position, k.id limit ${limit}`;
  }
}

function registrationColumns(language: Language, rows: readonly RegistrationExportRow[]): ExportColumn<RegistrationExportRow>[] {
  const h = HEADERS[language];
  const answerOf = (value: string | boolean | undefined) => (value === undefined ? "" : typeof value === "boolean" ? yesNo(language, value) : value);
  // The event's questions, each a column of its answers (every row carries the same list).
  const questions = rows[0]?.questions ?? [];
  return [
    { header: h.number, value: (row) => `ER-${String(row.id).padStart(6, "0")}`, width: 11 },
    { header: h.name, value: (row) => row.name, width: 26 },
    { header: h.email, value: (row) => row.email, width: 30 },
    { header: h.language, value: (row) => row.language, width: 9 },
    { header: h.ticketType, value: (row) => (language === "es" ? row.ticket_es || row.ticket_en : row.ticket_en || row.ticket_es), width: 18 },
    { header: h.state, value: (row) => word(language, row.state), width: 16 },
    { header: h.amount, value: (row) => amount(row.amount_cents), width: 10 },
    { header: h.paid, value: (row) => amount(row.paid_cents), width: 10 },
    { header: h.refunded, value: (row) => amount(row.refunded_cents), width: 10 },
    { header: h.currency, value: (row) => row.currency, width: 8 },
    { header: h.provider, value: (row) => word(language, row.provider), width: 18 },
    { header: h.reference, value: (row) => row.payment_reference ?? "", width: 18 },
    { header: h.registered, value: (row) => row.registered, width: 17 },
    { header: h.checkedInAt, value: (row) => row.checked_in_at ?? "", width: 17 },
    { header: h.cancelledAt, value: (row) => row.cancelled_at ?? "", width: 17 },
    ...questions.map(
      (question): ExportColumn<RegistrationExportRow> => ({
        header: language === "es" ? question.label.es || question.label.en : question.label.en || question.label.es,
        value: (row) => answerOf(row.answers[question.id]),
        width: 24,
      }),
    ),
  ];
}

function paymentColumns(language: Language): ExportColumn<PaymentExportRow>[] {
  const h = HEADERS[language];
  return [
    { header: h.date, value: (row) => row.at, width: 17 },
    { header: h.kind, value: (row) => word(language, row.kind), width: 10 },
    { header: h.registration, value: (row) => `ER-${String(row.registration_id).padStart(6, "0")}`, width: 12 },
    { header: h.name, value: (row) => row.name, width: 26 },
    // A refund is money out: negative, so the column sums to the income.
    { header: h.amount, value: (row) => amount(row.kind === "refund" ? -row.amount_cents : row.amount_cents), width: 10 },
    { header: h.currency, value: (row) => row.currency, width: 8 },
    { header: h.provider, value: (row) => word(language, row.provider), width: 18 },
    { header: h.reference, value: (row) => row.reference, width: 22 },
    { header: h.note, value: (row) => row.note, width: 30 },
    { header: h.invoice, value: (row) => row.invoice ?? "", width: 14 },
    { header: h.by, value: (row) => row.by ?? "", width: 22 },
  ];
}

function costColumns(language: Language): ExportColumn<CostExportRow>[] {
  const h = HEADERS[language];
  return [
    { header: h.category, value: (row) => word(language, row.category), width: 14 },
    { header: h.supplier, value: (row) => row.supplier, width: 24 },
    { header: h.description, value: (row) => row.description, width: 36 },
    { header: h.planned, value: (row) => amount(row.planned_cents), width: 10 },
    { header: h.actual, value: (row) => amount(row.actual_cents), width: 10 },
    { header: h.paid, value: (row) => yesNo(language, row.paid), width: 8 },
    { header: h.currency, value: (row) => row.currency, width: 8 },
    { header: h.receipt, value: (row) => yesNo(language, row.receipt), width: 10 },
  ];
}

function taskColumns(language: Language): ExportColumn<TaskExportRow>[] {
  const h = HEADERS[language];
  return [
    { header: h.task, value: (row) => row.title, width: 40 },
    { header: h.owner, value: (row) => row.owner ?? "", width: 24 },
    { header: h.due, value: (row) => row.due_on ?? "", width: 12 },
    { header: h.done, value: (row) => yesNo(language, row.done_at !== null), width: 8 },
    { header: h.doneAt, value: (row) => row.done_at ?? "", width: 17 },
    { header: h.doneBy, value: (row) => row.done_by ?? "", width: 22 },
    { header: h.overdue, value: (row) => yesNo(language, row.overdue), width: 10 },
  ];
}

const BASE_NAMES: Record<EventExportEntity, Record<Language, string>> = {
  registrations: { en: "event-registrations", es: "evento-inscripciones" },
  payments: { en: "event-payments", es: "evento-pagos" },
  costs: { en: "event-costs", es: "evento-costes" },
  checklists: { en: "event-checklist", es: "evento-tareas" },
};

/** One managed event's registrations, payments, costs or checklist (one statement); 400 past `maxRows`. */
export async function eventEntityExport(db: Db, event: ManagedEvent, entity: EventExportEntity, language: Language, maxRows: number): Promise<EventExport> {
  const { rows } = await db.execute(entityQuery(entity, event.id, maxRows + 1));
  if (rows.length > maxRows) throw tooMany(maxRows);
  const columns =
    entity === "registrations"
      ? registrationColumns(language, rows as unknown as RegistrationExportRow[])
      : entity === "payments"
        ? paymentColumns(language)
        : entity === "costs"
          ? costColumns(language)
          : taskColumns(language);
  return { baseName: `${BASE_NAMES[entity][language]}-${event.id}`, columns: columns as ExportColumn<never>[], rows };
}
