import type { CrmCallOutcome, GroupId } from "@clinic/shared";
import { mulberry32 } from "@clinic/games";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { groups, users } from "../../db/schema.ts";
import { DEMO_ACCOUNTS } from "../../demo-accounts.ts";
import { hashPassword } from "../../platform/auth.ts";
import { mailMessages } from "../../platform/mail.table.ts";
import { insertUser } from "../accounts/users.service.ts";
import { DEMO_CALL_NOTES, DEMO_FORMATS, DEMO_MEETING_SUBJECTS, DEMO_NOTES, DEMO_ORGANISATIONS, DEMO_PEOPLE, DEMO_TOWNS } from "./crm-demo-data.ts";
import {
  crmActivities,
  crmCampaignRecipients,
  crmCampaigns,
  crmClients,
  crmEmailFormats,
  crmInitiativeClients,
  crmInitiatives,
  crmListClients,
  crmLists,
  crmNotes,
  crmQueue,
} from "./crm.table.ts";
import { type TrackingEntry, track } from "./tracking.ts";

/**
 * The demo clinic's CRM (issue 36): two agents and a CRM client who sign in, 60 clients
 * (clinics, gyms, schools and physiotherapists in Spain and Latin America, and people who work
 * there), three lists, three initiatives worked from the call centre over the last two weeks
 * (a few call-backs due, meetings in the coming days), notes, two email formats, one mass email
 * sent and one scheduled for next week, and every client's timeline. Seeded once, straight to
 * the tables in one transaction, dated from the anchor day; it shows once an administrator
 * switches the CRM on.
 */

/** The CRM's demo accounts (README lists them with DEMO_ACCOUNTS). */
export const DEMO_CRM_ACCOUNTS = {
  agent: { email: "agent@example.com", password: "Agent-demo-2026", nombres: "Lucía", apellidos: "Romero", language: "es" as const },
  agent2: { email: "agent2@example.com", password: "Agent-demo-2026", nombres: "Diego", apellidos: "Navarro", language: "en" as const },
  crmClient: { email: "crmclient@example.com", password: "Client-demo-2026", nombres: "Marta", apellidos: "Ibáñez", language: "es" as const },
};

const SEED = 36_2026;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const SENDER = { fromName: "Clínica Vestibular Norte", fromEmail: "outreach@example.com", replyTo: "clinic@example.com" };

const ascii = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");

interface Client {
  id: number;
  firstName: string;
  lastName: string;
  organisation: string;
  email: string | null;
  consent: boolean;
  unsubscribedAt: Date | null;
  tags: string[];
}

/** Seeds the demo clinic's CRM once; false when there is no demo clinic or the CRM demo is there already. */
export async function seedDemoCrm(db: Db, options: { anchor: string }): Promise<boolean> {
  const [clinic] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.clinic.email));
  if (!clinic) return false;
  const [seeded] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CRM_ACCOUNTS.agent.email));
  if (seeded) return false;
  const clinicId = clinic.id;
  const groupRows = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(inArray(groups.name, ["CRM agents", "CRM clients"]));
  const groupOf = (name: string) => groupRows.find((row) => row.name === name)?.id as GroupId | undefined;
  const agentsGroup = groupOf("CRM agents");
  const clientsGroup = groupOf("CRM clients");
  if (agentsGroup === undefined || clientsGroup === undefined) return false;
  const digests = {
    agent: await hashPassword(DEMO_CRM_ACCOUNTS.agent.password),
    crmClient: await hashPassword(DEMO_CRM_ACCOUNTS.crmClient.password),
  };

  const random = mulberry32(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const anchor = Date.parse(`${options.anchor}T00:00:00Z`);
  /** `days` from the anchor day at `hour` UTC (a fraction gives minutes). */
  const at = (days: number, hour: number) => new Date(anchor + days * DAY + hour * HOUR);
  const phone = (dial: string) =>
    `${dial} ${Array.from({ length: 9 }, (_, index) => (index === 0 ? 6 : Math.floor(random() * 10)))
      .join("")
      .replace(/(\d{3})(\d{3})(\d{3})/, "$1 $2 $3")}`;

  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const account = (key: keyof typeof DEMO_CRM_ACCOUNTS, group: GroupId, digest: string) => {
      const { password: _password, ...fields } = DEMO_CRM_ACCOUNTS[key];
      return insertUser(tx, { ...fields, groups: [group], clinicId }, digest);
    };
    const lucia = await account("agent", agentsGroup, digests.agent);
    const diego = await account("agent2", agentsGroup, digests.agent);
    const marta = await account("crmClient", clientsGroup, digests.crmClient);
    const agents = [lucia, diego];
    const lines: TrackingEntry[] = [];
    const line = (entry: Omit<TrackingEntry, "clinicId">) => lines.push({ clinicId, ...entry });

    // ------------------------------------------------------------ clients
    const organisations = DEMO_ORGANISATIONS.map((org, index) => ({
      clinicId,
      kind: "organisation",
      organisation: org.name,
      email: `info@${org.domain}`,
      phone: phone(org.dial),
      city: org.city,
      address: org.address,
      tags: org.tags,
      ownerId: index % 5 === 4 ? null : (agents[index % 2] as string),
    }));
    const people = DEMO_PEOPLE.map((person, index) => {
      const org = person.organisation === null ? null : DEMO_ORGANISATIONS[person.organisation];
      const town = DEMO_TOWNS[index % DEMO_TOWNS.length] as (typeof DEMO_TOWNS)[number];
      const domain = org?.domain ?? "correo.example";
      return {
        clinicId,
        kind: "person",
        firstName: person.firstName,
        lastName: person.lastName,
        organisation: org?.name ?? "",
        // Two people gave no email: they are called, never mailed.
        email: index === 30 || index === 33 ? null : `${ascii(person.firstName)}.${ascii(person.lastName)}@${domain}`,
        phone: phone(org?.dial ?? town.dial),
        city: org?.city ?? town.city,
        address: "",
        tags: [...new Set([person.role, ...(org ? org.tags.filter((tag) => tag !== person.role).slice(0, 1) : ["independent"])])],
        ownerId: index % 7 === 6 ? null : (agents[(index + 1) % 2] as string),
        userId: person.firstName === "Marta" && person.lastName === "Ibáñez" ? marta : null,
      };
    });
    const rows = [...organisations, ...people].map((row, index) => {
      const createdAt = at(-60 + Math.floor(random() * 45), 8 + random() * 9);
      // Most agreed to be contacted; six did not, three unsubscribed later (one before the mass email).
      const consent = index % 10 !== 7;
      const unsubscribedAt = index === 5 ? at(-9, 18) : index === 31 || index === 44 ? at(-4, 20) : null;
      return { ...row, createdAt, updatedAt: createdAt, consent, consentAt: consent ? createdAt : null, unsubscribedAt };
    });
    const made = await tx.insert(crmClients).values(rows).returning();
    const clients: Client[] = made.map((row) => ({ ...row, tags: row.tags }));
    for (const client of made) {
      line({
        clientId: client.id,
        kind: "created",
        summary: client.organisation && !client.firstName ? client.organisation : `${client.firstName} ${client.lastName}`,
        actorId: client.ownerId,
        at: client.createdAt,
      });
      if (client.unsubscribedAt) line({ clientId: client.id, kind: "unsubscribed", at: client.unsubscribedAt });
    }
    const tagged = (...tags: string[]) => clients.filter((client) => client.tags.some((tag) => tags.includes(tag)));

    // ------------------------------------------------------------ lists
    const listRows = await tx
      .insert(crmLists)
      .values([
        {
          clinicId,
          title: "Physiotherapy practices",
          description: "Physiotherapists and rehabilitation clinics who could refer patients to us.",
          createdAt: at(-40, 9),
        },
        { clinicId, title: "Schools and sports centres", description: "Colegios, gimnasios y clubes para el cribado vestibular.", createdAt: at(-38, 10) },
        { clinicId, title: "Newsletter", description: "Everyone who agreed to hear from us by email.", createdAt: at(-35, 11) },
      ])
      .returning({ id: crmLists.id, title: crmLists.title });
    const [physioList, schoolList, newsList] = listRows.map((row) => row.id) as [number, number, number];
    const members = [
      ...tagged("physio", "clinic", "referral").map((client) => ({ listId: physioList, clientId: client.id, createdAt: at(-40, 9) })),
      ...tagged("school", "gym", "sports").map((client) => ({ listId: schoolList, clientId: client.id, createdAt: at(-38, 10) })),
      ...clients.filter((client) => client.consent).map((client) => ({ listId: newsList, clientId: client.id, createdAt: at(-35, 11) })),
    ];
    await tx.insert(crmListClients).values(members);
    for (const member of members)
      line({
        clientId: member.clientId,
        kind: "list_added",
        summary: listRows.find((list) => list.id === member.listId)?.title,
        refId: member.listId,
        at: member.createdAt,
      });

    // ------------------------------------------------------------ initiatives, their calls, queue and meetings
    const initiativePlans = [
      {
        title: "Vestibular screening in schools",
        description: "Offer a free ten-minute screening per pupil to schools and dance academies.",
        salesmanId: lucia,
        state: "read",
        clients: tagged("school"),
      },
      {
        title: "Gym partnership programme",
        description: "Members of partner gyms get a first assessment at a reduced price.",
        salesmanId: diego,
        state: "not_readed",
        clients: tagged("gym", "sports"),
      },
      {
        title: "Physio referral network",
        description: "Physiotherapists refer patients with dizziness; we send a full report back.",
        salesmanId: lucia,
        state: "not_readed",
        clients: tagged("physio", "referral"),
      },
    ];
    const initiatives = await tx
      .insert(crmInitiatives)
      .values(initiativePlans.map(({ clients: _clients, ...plan }, index) => ({ clinicId, ...plan, createdAt: at(-20 + index, 9) })))
      .returning({ id: crmInitiatives.id, title: crmInitiatives.title });
    const calls: (typeof crmActivities.$inferInsert)[] = [];
    const queue: (typeof crmQueue.$inferInsert)[] = [];
    const converted: { clientId: number; initiativeId: number; agentId: string }[] = [];
    let callBacksDue = 0;
    for (const [index, plan] of initiativePlans.entries()) {
      const initiative = initiatives[index] as { id: number; title: string };
      await tx
        .insert(crmInitiativeClients)
        .values(plan.clients.map((client) => ({ initiativeId: initiative.id, clientId: client.id, createdAt: at(-20 + index, 9) })));
      for (const client of plan.clients) {
        line({ clientId: client.id, kind: "initiative_added", summary: initiative.title, refId: initiative.id, actorId: null, at: at(-20 + index, 9) });
        // A quarter are still to be called; the others got one to three calls on working days of the last two weeks.
        const attempts = random() < 0.25 ? 0 : 1 + Math.floor(random() * 3);
        let day = -14 + Math.floor(random() * 5);
        let last: { outcome: CrmCallOutcome; at: Date; callBackAt: Date | null } | null = null;
        for (let attempt = 0; attempt < attempts && day < 0; attempt += 1) {
          while (new Date(anchor + day * DAY).getUTCDay() % 6 === 0) day += 1;
          if (day >= 0) break;
          const roll = random();
          const final = attempt === attempts - 1;
          const outcome: CrmCallOutcome = !final
            ? roll < 0.6
              ? "no_answer"
              : "call_back"
            : roll < 0.25
              ? "no_answer"
              : roll < 0.45
                ? "call_back"
                : roll < 0.65
                  ? "answered"
                  : roll < 0.8
                    ? "not_interested"
                    : "converted";
          const when = at(day, 8 + random() * 8);
          // The last call-backs asked for: a few due already (yesterday afternoon, this morning), the rest in the coming days.
          const callBackAt =
            outcome !== "call_back"
              ? null
              : final
                ? callBacksDue++ < 4
                  ? at(callBacksDue < 3 ? -1 : 0, callBacksDue < 3 ? 15 : 7.5)
                  : at(1 + Math.floor(random() * 4), 9 + Math.floor(random() * 7))
                : at(day + 1, 10);
          calls.push({
            clinicId,
            clientId: client.id,
            initiativeId: initiative.id,
            agentId: plan.salesmanId,
            kind: "call",
            at: when,
            durationMinutes: outcome === "no_answer" ? 0 : 2 + Math.floor(random() * 12),
            outcome,
            callBackAt,
            notes: pick(DEMO_CALL_NOTES[outcome] as string[]),
            createdAt: when,
            updatedAt: when,
          });
          last = { outcome, at: when, callBackAt };
          day += outcome === "call_back" ? 1 : 2 + Math.floor(random() * 3);
        }
        if (last?.outcome === "converted") converted.push({ clientId: client.id, initiativeId: initiative.id, agentId: plan.salesmanId });
        const closed = last !== null && ["answered", "not_interested", "converted"].includes(last.outcome);
        queue.push({
          clinicId,
          initiativeId: initiative.id,
          clientId: client.id,
          state: closed ? "closed" : "open",
          dueAt:
            last === null ? null : last.outcome === "call_back" ? last.callBackAt : last.outcome === "no_answer" ? new Date(last.at.getTime() + DAY) : null,
          attempts: calls.filter((call) => call.clientId === client.id && call.initiativeId === initiative.id).length,
          lastOutcome: last?.outcome ?? null,
          lastCalledAt: last?.at ?? null,
        });
      }
    }
    const callRows = await tx.insert(crmActivities).values(calls).returning({
      id: crmActivities.id,
      clientId: crmActivities.clientId,
      at: crmActivities.at,
      outcome: crmActivities.outcome,
      agentId: crmActivities.agentId,
    });
    for (const call of callRows)
      line({ clientId: call.clientId, kind: "call", summary: call.outcome ?? "", refId: call.id, actorId: call.agentId, at: call.at });
    await tx.insert(crmQueue).values(queue);

    // Meetings: with those who said yes, in the coming days, and two already held.
    const meetings = [...converted, ...converted].slice(0, 8).map((deal, index) => ({
      clinicId,
      clientId: deal.clientId,
      initiativeId: deal.initiativeId,
      agentId: deal.agentId,
      kind: "meeting",
      at: index < 2 ? at(-3 + index, 10) : at(1 + Math.floor((index - 2) * 1.2), 9 + ((index * 2) % 8)),
      durationMinutes: index % 2 === 0 ? 45 : 60,
      subject: DEMO_MEETING_SUBJECTS[index % DEMO_MEETING_SUBJECTS.length] as string,
      notes: index < 2 ? "Held at their centre; they want a proposal in writing." : "",
      createdAt: at(-2, 12),
      updatedAt: at(-2, 12),
    }));
    if (meetings.length > 0) {
      const meetingRows = await tx
        .insert(crmActivities)
        .values(meetings)
        .returning({ id: crmActivities.id, clientId: crmActivities.clientId, subject: crmActivities.subject, agentId: crmActivities.agentId });
      for (const meeting of meetingRows)
        line({ clientId: meeting.clientId, kind: "meeting", summary: meeting.subject, refId: meeting.id, actorId: meeting.agentId, at: at(-2, 12) });
    }

    // ------------------------------------------------------------ notes
    const noted = callRows.filter((call) => call.outcome !== "no_answer").slice(0, 16);
    const notes = noted.map((call, index) => ({
      clinicId,
      clientId: call.clientId,
      authorId: call.agentId,
      ...(DEMO_NOTES[index % DEMO_NOTES.length] as { name: string; description: string }),
      dateStart: new Date(call.at.getTime() + 10 * 60_000),
      createdAt: new Date(call.at.getTime() + 10 * 60_000),
    }));
    if (notes.length > 0) {
      const noteRows = await tx
        .insert(crmNotes)
        .values(notes)
        .returning({ id: crmNotes.id, clientId: crmNotes.clientId, name: crmNotes.name, authorId: crmNotes.authorId, dateStart: crmNotes.dateStart });
      for (const note of noteRows)
        line({ clientId: note.clientId, kind: "note", summary: note.name, refId: note.id, actorId: note.authorId, at: note.dateStart });
    }

    // ------------------------------------------------------------ email formats and mass email
    const formats = await tx
      .insert(crmEmailFormats)
      .values(DEMO_FORMATS.map((format, index) => ({ clinicId, ...format, ...SENDER, createdAt: at(-30 + index, 12) })))
      .returning();
    const [welcome, invitation] = formats as [typeof crmEmailFormats.$inferSelect, typeof crmEmailFormats.$inferSelect];
    const sentAt = at(-5, 9);
    const copy = (format: typeof welcome) => ({
      formatId: format.id,
      subject: format.subject,
      html: format.html,
      fromName: format.fromName,
      fromEmail: format.fromEmail,
      replyTo: format.replyTo,
      template: format.template,
      trackOpens: format.trackOpens,
      trackClicks: format.trackClicks,
    });
    const newsletter = clients.filter((client) => client.consent);
    const [sent] = await tx
      .insert(crmCampaigns)
      .values([
        {
          clinicId,
          ...copy(welcome),
          listId: newsList,
          state: "sent",
          sendAt: sentAt,
          name: "Referral network launch",
          recipients: newsletter.length,
          createdBy: clinicId,
          startedAt: sentAt,
          finishedAt: new Date(sentAt.getTime() + 3 * 60_000),
          createdAt: at(-6, 16),
        },
        {
          clinicId,
          ...copy(invitation),
          listId: schoolList,
          state: "scheduled",
          sendAt: at(7, 8),
          name: "Cribado escolar: segundo trimestre",
          createdBy: clinicId,
          createdAt: at(-1, 17),
        },
      ])
      .returning({ id: crmCampaigns.id });
    const campaignId = (sent as { id: number }).id;
    const reached = newsletter.filter((client) => client.email && !(client.unsubscribedAt && client.unsubscribedAt < sentAt));
    const fill = (text: string, client: Client) =>
      text.replaceAll("{{first_name}}", client.firstName || client.organisation).replaceAll("{{organisation}}", client.organisation);
    const mails = await tx
      .insert(mailMessages)
      .values(
        reached.map((client) => ({
          to: client.email as string,
          subject: fill(welcome.subject, client),
          html: fill(welcome.html, client),
          text: fill(welcome.html, client)
            .replace(/<br>/g, "\n")
            .replace(/<\/p>/g, "\n\n")
            .replace(/<[^>]+>/g, "")
            .trim(),
          from: `${SENDER.fromName} <${SENDER.fromEmail}>`,
          replyTo: SENDER.replyTo,
          kind: "crm.campaign",
          status: "outbox",
          createdAt: new Date(sentAt.getTime() + 60_000),
          sentAt: new Date(sentAt.getTime() + 60_000),
        })),
      )
      .returning({ id: mailMessages.id });
    const mailOf = new Map(reached.map((client, index) => [client.id, (mails[index] as { id: number }).id]));
    await tx.insert(crmCampaignRecipients).values(
      newsletter.map((client, index) => {
        const mailId = mailOf.get(client.id) ?? null;
        const opened = mailId !== null && index % 3 !== 2 ? new Date(sentAt.getTime() + (2 + index) * HOUR) : null;
        return {
          campaignId,
          clientId: client.id,
          email: client.email ?? "",
          skipped: mailId !== null ? null : client.email ? "unsubscribed" : "no_email",
          mailId,
          reachedAt: mailId !== null ? new Date(sentAt.getTime() + 60_000) : null,
          openedAt: opened,
          clickedAt: opened && index % 4 === 0 ? new Date(opened.getTime() + 5 * 60_000) : null,
        };
      }),
    );
    for (const client of reached)
      line({
        clientId: client.id,
        kind: "email_sent",
        summary: fill(welcome.subject, client),
        refId: campaignId,
        actorId: clinicId,
        at: new Date(sentAt.getTime() + 60_000),
      });

    await track(tx, lines);
  });
  return true;
}
