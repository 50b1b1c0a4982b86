import type { CrmExportEntity, CrmExportQuery } from "@clinic/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../platform/access.ts";
import { badRequest } from "../../platform/errors.ts";
import type { ExportColumn } from "../../platform/exports.ts";
import { isCrmAdmin } from "./crm-scope.ts";

/**
 * The CRM's exports (issue 36.6): clients, lists, initiatives and calls of one clinic as CSV or
 * XLSX rows, each in one statement. CRM admins get everything; an agent the clinic's clients
 * and lists, and only their own initiatives and calls. The client columns are those the import
 * reads, under the same headers, so an export imports back into another clinic.
 */

type Language = "en" | "es";
type Filters = Omit<CrmExportQuery, "format" | "language" | "clinicId">;

const HEADERS = {
  en: {
    kind: "Kind",
    firstName: "First name",
    lastName: "Last name",
    organisation: "Organisation",
    email: "Email",
    phone: "Phone",
    city: "City",
    address: "Address",
    consent: "Consent",
    tags: "Tags",
    ownerEmail: "Owner email",
    unsubscribed: "Unsubscribed",
    created: "Created",
    title: "Title",
    description: "Description",
    clients: "Clients",
    salesman: "Salesman",
    state: "State",
    at: "Date",
    client: "Client",
    agent: "Agent",
    outcome: "Outcome",
    callBackAt: "Call back at",
    minutes: "Minutes",
    initiative: "Initiative",
    list: "List",
    notes: "Notes",
  },
  es: {
    kind: "Tipo",
    firstName: "Nombre",
    lastName: "Apellidos",
    organisation: "Organización",
    email: "Correo electrónico",
    phone: "Teléfono",
    city: "Ciudad",
    address: "Dirección",
    consent: "Consentimiento",
    tags: "Etiquetas",
    ownerEmail: "Correo del responsable",
    unsubscribed: "Baja",
    created: "Creado",
    title: "Título",
    description: "Descripción",
    clients: "Clientes",
    salesman: "Comercial",
    state: "Estado",
    at: "Fecha",
    client: "Cliente",
    agent: "Agente",
    outcome: "Resultado",
    callBackAt: "Volver a llamar",
    minutes: "Minutos",
    initiative: "Iniciativa",
    list: "Lista",
    notes: "Notas",
  },
} as const;

const WORDS = {
  en: {
    yes: "yes",
    no: "no",
    person: "person",
    organisation: "organisation",
    read: "read",
    not_readed: "not read",
    answered: "answered",
    no_answer: "no answer",
    call_back: "call back",
    not_interested: "not interested",
    converted: "converted",
  },
  es: {
    yes: "sí",
    no: "no",
    person: "persona",
    organisation: "organización",
    read: "leída",
    not_readed: "no leída",
    answered: "contestada",
    no_answer: "sin respuesta",
    call_back: "volver a llamar",
    not_interested: "no interesado",
    converted: "convertido",
  },
} as const;

const word = (language: Language, key: string) => (WORDS[language] as Record<string, string>)[key] ?? key;
const day = (value: string | Date | null) => (value ? new Date(value).toISOString().slice(0, 10) : "");
const minute = (value: string | Date | null) => (value ? new Date(value).toISOString().slice(0, 16).replace("T", " ") : "");

/** `%q%` for ILIKE, its wildcards taken literally. */
const like = (q: string) => `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const tooMany = (maxRows: number) =>
  badRequest(`The list has more than ${maxRows} rows, too many for one file. Narrow it with the search or the filters, then export again.`);

interface ClientExportRow {
  kind: string;
  first_name: string;
  last_name: string;
  organisation: string;
  email: string | null;
  phone: string;
  city: string;
  address: string;
  consent: boolean;
  tags: string[];
  owner_email: string | null;
  unsubscribed_at: string | null;
  created_at: string;
}
interface ListExportRow {
  title: string;
  description: string;
  clients: number;
  created_at: string;
}
interface InitiativeExportRow {
  title: string;
  description: string;
  salesman: string | null;
  state: string;
  clients: number;
  created_at: string;
}
interface CallExportRow {
  at: string;
  client: string;
  organisation: string;
  phone: string;
  agent: string | null;
  outcome: string;
  call_back_at: string | null;
  duration_minutes: number;
  initiative: string | null;
  list: string | null;
  notes: string;
}

function clientsQuery(clinicId: string, filters: Filters, limit: number): SQL {
  const where: SQL[] = [sql`c.clinic_id = ${clinicId}`];
  if (filters.q?.trim()) {
    const q = like(filters.q);
    where.push(
      sql`(c.first_name ilike ${q} or c.last_name ilike ${q} or c.organisation ilike ${q} or c.email ilike ${q} or c.phone ilike ${q} or c.city ilike ${q})`,
    );
  }
  if (filters.tag?.trim()) where.push(sql`${filters.tag.trim()} = any(c.tags)`);
  if (filters.listId !== undefined) where.push(sql`exists (select 1 from crm_list_clients lc where lc.list_id = ${filters.listId} and lc.client_id = c.id)`);
  if (filters.ownerId) where.push(sql`c.owner_id = ${filters.ownerId}`);
  return sql`select c.kind, c.first_name, c.last_name, c.organisation, c.email, c.phone, c.city, c.address, c.consent, c.tags,
      o.email as owner_email, c.unsubscribed_at, c.created_at
    from crm_clients c left join users o on o.id = c.owner_id
    where ${sql.join(where, sql` and `)}
    order by c.last_name, c.first_name, c.organisation, c.id limit ${limit}`;
}

function listsQuery(clinicId: string, filters: Filters, limit: number): SQL {
  const q = filters.q?.trim() ? sql`and (l.title ilike ${like(filters.q)} or l.description ilike ${like(filters.q)})` : sql``;
  return sql`select l.title, l.description, (select count(*)::int from crm_list_clients lc where lc.list_id = l.id) as clients, l.created_at
    from crm_lists l where l.clinic_id = ${clinicId} ${q}
    order by l.title, l.id limit ${limit}`;
}

function initiativesQuery(actor: Actor, clinicId: string, filters: Filters, limit: number): SQL {
  const q = filters.q?.trim() ? sql`and (i.title ilike ${like(filters.q)} or i.description ilike ${like(filters.q)})` : sql``;
  const mine = isCrmAdmin(actor) ? sql`` : sql`and i.salesman_id = ${actor.id}`;
  const salesman = filters.salesmanId ? sql`and i.salesman_id = ${filters.salesmanId}` : sql``;
  const state = filters.state ? sql`and i.state = ${filters.state}` : sql``;
  return sql`select i.title, i.description, nullif(trim(s.nombres || ' ' || s.apellidos), '') as salesman, i.state,
      (select count(*)::int from crm_initiative_clients ic where ic.initiative_id = i.id) as clients, i.created_at
    from crm_initiatives i left join users s on s.id = i.salesman_id
    where i.clinic_id = ${clinicId} ${mine} ${salesman} ${state} ${q}
    order by i.created_at desc, i.id desc limit ${limit}`;
}

function callsQuery(actor: Actor, clinicId: string, filters: Filters, limit: number): SQL {
  const where: SQL[] = [sql`a.clinic_id = ${clinicId}`, sql`a.kind = 'call'`];
  if (!isCrmAdmin(actor)) where.push(sql`a.agent_id = ${actor.id}`);
  if (filters.agentId) where.push(sql`a.agent_id = ${filters.agentId}`);
  // A day is whole (UTC, `to` inclusive); an instant is exact (`to` exclusive).
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
  if (filters.since) where.push(sql`a.at >= ${filters.since.length === 10 ? `${filters.since}T00:00:00Z` : filters.since}::timestamptz`);
  if (filters.to) where.push(sql`a.at < ${filters.to.length === 10 ? dayAfter(filters.to) : filters.to}::timestamptz`);
  return sql`select a.at, trim(c.first_name || ' ' || c.last_name) as client, c.organisation, c.phone,
      nullif(trim(u.nombres || ' ' || u.apellidos), '') as agent, a.outcome, a.call_back_at, a.duration_minutes,
      i.title as initiative, l.title as list, a.notes
    from crm_activities a join crm_clients c on c.id = a.client_id left join users u on u.id = a.agent_id
      left join crm_initiatives i on i.id = a.initiative_id left join crm_lists l on l.id = a.list_id
    where ${sql.join(where, sql` and `)}
    order by a.at desc, a.id desc limit ${limit}`;
}

function clientColumns(language: Language): ExportColumn<ClientExportRow>[] {
  const h = HEADERS[language];
  return [
    { header: h.kind, value: (row) => word(language, row.kind), width: 14 },
    { header: h.firstName, value: (row) => row.first_name },
    { header: h.lastName, value: (row) => row.last_name },
    { header: h.organisation, value: (row) => row.organisation, width: 28 },
    { header: h.email, value: (row) => row.email ?? "", width: 30 },
    { header: h.phone, value: (row) => row.phone, width: 18 },
    { header: h.city, value: (row) => row.city },
    { header: h.address, value: (row) => row.address, width: 30 },
    { header: h.consent, value: (row) => word(language, row.consent ? "yes" : "no"), width: 10 },
    { header: h.tags, value: (row) => row.tags.join("; "), width: 24 },
    { header: h.ownerEmail, value: (row) => row.owner_email ?? "", width: 28 },
    { header: h.unsubscribed, value: (row) => day(row.unsubscribed_at), width: 12 },
    { header: h.created, value: (row) => day(row.created_at), width: 12 },
  ];
}

function listColumns(language: Language): ExportColumn<ListExportRow>[] {
  const h = HEADERS[language];
  return [
    { header: h.title, value: (row) => row.title, width: 30 },
    { header: h.description, value: (row) => row.description, width: 40 },
    { header: h.clients, value: (row) => Number(row.clients), width: 10 },
    { header: h.created, value: (row) => day(row.created_at), width: 12 },
  ];
}

function initiativeColumns(language: Language): ExportColumn<InitiativeExportRow>[] {
  const h = HEADERS[language];
  return [
    { header: h.title, value: (row) => row.title, width: 30 },
    { header: h.description, value: (row) => row.description, width: 40 },
    { header: h.salesman, value: (row) => row.salesman ?? "", width: 24 },
    { header: h.state, value: (row) => word(language, row.state), width: 12 },
    { header: h.clients, value: (row) => Number(row.clients), width: 10 },
    { header: h.created, value: (row) => day(row.created_at), width: 12 },
  ];
}

function callColumns(language: Language): ExportColumn<CallExportRow>[] {
  const h = HEADERS[language];
  return [
    { header: h.at, value: (row) => minute(row.at), width: 17 },
    { header: h.client, value: (row) => row.client, width: 24 },
    { header: h.organisation, value: (row) => row.organisation, width: 24 },
    { header: h.phone, value: (row) => row.phone, width: 18 },
    { header: h.agent, value: (row) => row.agent ?? "", width: 22 },
    { header: h.outcome, value: (row) => word(language, row.outcome), width: 16 },
    { header: h.callBackAt, value: (row) => minute(row.call_back_at), width: 17 },
    { header: h.minutes, value: (row) => Number(row.duration_minutes), width: 9 },
    { header: h.initiative, value: (row) => row.initiative ?? "", width: 24 },
    { header: h.list, value: (row) => row.list ?? "", width: 20 },
    { header: h.notes, value: (row) => row.notes, width: 40 },
  ];
}

/** What `sendExport` needs for one entity: the rows in the actor's scope and their columns. */
export interface CrmExport {
  baseName: string;
  // Each entity's rows and columns agree; the union is taken apart only by sendExport.
  columns: ExportColumn<never>[];
  rows: unknown[];
}

const BASE_NAMES: Record<CrmExportEntity, Record<Language, string>> = {
  clients: { en: "crm-clients", es: "crm-clientes" },
  lists: { en: "crm-lists", es: "crm-listas" },
  initiatives: { en: "crm-initiatives", es: "crm-iniciativas" },
  calls: { en: "crm-calls", es: "crm-llamadas" },
};

/** One entity's export rows of the clinic in the actor's scope (one statement); 400 past `maxRows`. */
export async function crmExport(
  db: Db,
  actor: Actor,
  clinicId: string,
  entity: CrmExportEntity,
  filters: Filters,
  language: Language,
  maxRows: number,
): Promise<CrmExport> {
  const limit = maxRows + 1;
  const query =
    entity === "clients"
      ? clientsQuery(clinicId, filters, limit)
      : entity === "lists"
        ? listsQuery(clinicId, filters, limit)
        : entity === "initiatives"
          ? initiativesQuery(actor, clinicId, filters, limit)
          : callsQuery(actor, clinicId, filters, limit);
  const { rows } = await db.execute(query);
  if (rows.length > maxRows) throw tooMany(maxRows);
  const columns =
    entity === "clients"
      ? clientColumns(language)
      : entity === "lists"
        ? listColumns(language)
        : entity === "initiatives"
          ? initiativeColumns(language)
          : callColumns(language);
  return { baseName: BASE_NAMES[entity][language], columns: columns as ExportColumn<never>[], rows };
}
