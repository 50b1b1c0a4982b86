import { sql } from "drizzle-orm";
import { type AccessTable, anyone, type Expected, type MatrixFixtures, type MatrixRole } from "../../guardrails/access-matrix.ts";
import { deriveKey } from "../../platform/keys.ts";
import { TEST_AUTH_SECRET } from "../../../test/app.ts";
import { clickSignature, recipientToken, unsubscribeToken } from "./email-render.ts";

/**
 * The CRM's email (issue 36.5). Formats and mass email are the CRM admin's: the demo clinic
 * (is_admin) and platform admins, who name the clinic of a new format; therapists and patients
 * hold no CRM codename (403). The recipient's links (unsubscribe, open pixel, tracked link) are
 * for anyone, signed in or not: the link's signed token is the key.
 */
const crmAdmins = (status: number): Expected => ({
  anonymous: 401,
  patient: 403,
  otherPatient: 403,
  therapist: 403,
  otherTherapist: 403,
  clinic: status,
  admin: status,
});

const formatBody = (fx: MatrixFixtures) => ({
  name: fx.unique("Format"),
  description: "Matrix format",
  subject: "Hello {{first_name}}",
  fromName: "Matrix clinic",
  fromEmail: "news@clinic.example",
  replyTo: "desk@clinic.example",
  html: '<p>Dear {{name}}, <a href="https://example.com/">read on</a>.</p>',
  template: "plain",
});

const clinicQuery = (fx: MatrixFixtures, role: MatrixRole) => (role === "admin" ? { query: { clinicId: fx.ids.clinic } } : {});

/** A format of the demo clinic, made for one cell. */
const demoFormat = async (fx: MatrixFixtures): Promise<number> => (await fx.api<{ id: number }>("clinic", "POST", "/api/crm/email-formats", formatBody(fx))).id;

/**
 * A client of the demo clinic with an address and consent, and a list holding it: one statement,
 * as every role's cell makes its own at once.
 */
async function demoClientAndList(fx: MatrixFixtures): Promise<{ clientId: number; listId: number }> {
  const email = `${fx
    .unique("crm")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")}@mail.example`;
  const made = await fx.db.execute<{ client_id: number; list_id: number }>(sql`with client as (
      insert into crm_clients (clinic_id, first_name, last_name, email, consent) values (${fx.ids.clinic}, 'Matrix', 'Recipient', ${email}, true) returning id),
    list as (insert into crm_lists (clinic_id, title) values (${fx.ids.clinic}, ${fx.unique("List")}) returning id),
    member as (insert into crm_list_clients (list_id, client_id) select list.id, client.id from list, client returning list_id, client_id)
    select client_id, list_id from member`);
  const row = made.rows[0] as { client_id: number; list_id: number };
  return { clientId: Number(row.client_id), listId: Number(row.list_id) };
}

/** A mass email scheduled for tomorrow, made for one cell. */
async function scheduledCampaign(fx: MatrixFixtures): Promise<number> {
  const { listId } = await demoClientAndList(fx);
  const sendAt = new Date(Date.now() + 86_400_000).toISOString();
  return (await fx.api<{ campaign: { id: number } }>("clinic", "POST", "/api/crm/campaigns", { formatId: await demoFormat(fx), listId, sendAt })).campaign.id;
}

/** A recipient of a sent mass email (one statement), and its tracking token as the app signs it. */
async function demoRecipient(fx: MatrixFixtures): Promise<{ clientId: number; token: string }> {
  const email = `${fx
    .unique("crm")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")}@mail.example`;
  const made = await fx.db.execute<{ campaign_id: number; client_id: number }>(sql`with client as (
      insert into crm_clients (clinic_id, first_name, last_name, email, consent) values (${fx.ids.clinic}, 'Matrix', 'Recipient', ${email}, true) returning id),
    campaign as (insert into crm_campaigns (clinic_id, state, send_at, name, subject, html, from_name, from_email, reply_to, template, track_opens, track_clicks, recipients)
      values (${fx.ids.clinic}, 'sent', now(), 'Matrix', 'Matrix', '<p>Matrix</p>', 'Matrix', 'news@clinic.example', 'desk@clinic.example', 'plain', true, true, 1) returning id)
    insert into crm_campaign_recipients (campaign_id, client_id, email, reached_at) select campaign.id, client.id, ${email}, now() from campaign, client
    returning campaign_id, client_id`);
  const row = made.rows[0] as { campaign_id: number; client_id: number };
  const campaignId = Number(row.campaign_id);
  const clientId = Number(row.client_id);
  return { clientId, token: recipientToken(deriveKey(TEST_AUTH_SECRET, "crm-tracking"), campaignId, clientId) };
}

const unsubscribeOf = async (fx: MatrixFixtures) => unsubscribeToken(deriveKey(TEST_AUTH_SECRET, "crm-unsubscribe"), (await demoClientAndList(fx)).clientId);

export const crmEmailAccess: AccessTable = {
  // ---------------------------------------------------------------- email formats
  "GET /api/crm/email-formats": { expect: crmAdmins(200) },
  "POST /api/crm/email-formats": { expect: crmAdmins(201), request: (fx, role) => ({ ...clinicQuery(fx, role), body: formatBody(fx) }) },
  "GET /api/crm/email-formats/:id": { expect: crmAdmins(200), request: async (fx) => ({ params: { id: await demoFormat(fx) } }) },
  "PUT /api/crm/email-formats/:id": {
    expect: crmAdmins(200),
    request: async (fx) => ({ params: { id: await demoFormat(fx) }, body: formatBody(fx) }),
  },
  "DELETE /api/crm/email-formats/:id": { expect: crmAdmins(204), request: async (fx) => ({ params: { id: await demoFormat(fx) } }) },
  "POST /api/crm/email-formats/:id/test": {
    expect: crmAdmins(200),
    request: async (fx) => ({ params: { id: await demoFormat(fx) }, body: { to: "tester@clinic.example" } }),
  },

  // ---------------------------------------------------------------- mass email
  "GET /api/crm/campaigns": { expect: crmAdmins(200) },
  "POST /api/crm/campaigns": {
    expect: crmAdmins(201),
    request: async (fx) => ({
      body: { formatId: await demoFormat(fx), listId: (await demoClientAndList(fx)).listId, sendAt: new Date(Date.now() + 86_400_000).toISOString() },
    }),
  },
  "GET /api/crm/campaigns/:id": { expect: crmAdmins(200), request: async (fx) => ({ params: { id: await scheduledCampaign(fx) } }) },
  "POST /api/crm/campaigns/:id/cancel": { expect: crmAdmins(200), request: async (fx) => ({ params: { id: await scheduledCampaign(fx) } }) },

  // ---------------------------------------------------------------- the recipient's links: anyone, signed in or not
  "GET /api/crm/unsubscribe/:token": { expect: anyone(200), request: async (fx) => ({ params: { token: await unsubscribeOf(fx) } }) },
  "POST /api/crm/unsubscribe/:token": { expect: anyone(200), request: async (fx) => ({ params: { token: await unsubscribeOf(fx) }, body: {} }) },
  "GET /api/crm/t/o/:token": { expect: anyone(200), request: async (fx) => ({ params: { token: (await demoRecipient(fx)).token } }) },
  "GET /api/crm/t/c/:token": {
    expect: anyone(302),
    request: async (fx) => {
      const { token } = await demoRecipient(fx);
      const url = "https://example.com/";
      return { params: { token }, query: { u: url, s: clickSignature(deriveKey(TEST_AUTH_SECRET, "crm-tracking"), token, url) } };
    },
  },
};
