import type { CrmDashboard } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { DASHBOARD_KEY } from "./api.ts";
import { CrmDashboardPage } from "./CrmDashboardPage.tsx";
import { initiativeText } from "./refusals.ts";

/** The CRM dashboard rendered to HTML with its figures in the query cache, as the shell would have fetched them. */
const en = i18next.createInstance();
const es = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(en);
  await initTestI18n(es, "es");
});

const days = Array.from({ length: 14 }, (_, index) => ({ day: `2026-11-${String(20 + index).padStart(2, "0")}`, calls: index % 3, converted: index % 2 }));
const figures: CrmDashboard = {
  clients: 1234,
  initiativesByState: { read: 5, not_readed: 2 },
  callsToday: 7,
  emailsSent: 310,
  conversion: { calls: 40, converted: 10, rate: 0.25 },
  callsByDay: days,
};
const flags = { clinic: true, crm_manager: true };
const crmAdmin = testSession({
  codenames: ["is_admin", "view_initiative", "add_initiative", "change_initiative", "delete_initiative", "view_callcenter", "change_callcenter"],
  flags,
});
const crmClient = testSession({ codenames: ["is_crm_client"], flags });

describe("the CRM dashboard", () => {
  it("shows the figures, the calls per day as a table, and the screens the user may open", () => {
    const html = renderHtml(<CrmDashboardPage />, { i18n: en, session: crmAdmin, cache: [[[DASHBOARD_KEY, null], figures]] });
    const text = textOf(html);
    for (const shown of ["Clients 1,234", "Initiatives not read 2", "Initiatives read 5", "Calls today 7", "Emails sent 310", "25% (10 of 40 calls)"])
      expect(text).toContain(shown);
    expect(html).toContain("<caption");
    expect(text).toContain("2026-11-20");
    expect(html.match(/<tr/g)?.length).toBe(15);
    for (const link of ["Clients and lists", "Initiatives", "Call centre", "Email formats and mass email"]) expect(text).toContain(link);
  });

  it("shows a CRM client the figures without links to screens they may not open, in Spanish too", () => {
    const text = textOf(renderHtml(<CrmDashboardPage />, { i18n: es, session: crmClient, cache: [[[DASHBOARD_KEY, null], figures]] }));
    expect(text).toContain("Llamadas de hoy");
    expect(text).toContain("Iniciativas no leídas");
    expect(text).not.toContain("Centro de llamadas");
    expect(text).not.toContain("Formatos de correo");
  });

  it("translates the initiatives' refusals", () => {
    expect(initiativeText(es.t, "Choose an agent of this clinic.")).toBe("Elija un agente de esta clínica.");
    expect(initiativeText(es.t, "Something else.")).toBe("Something else.");
  });
});
