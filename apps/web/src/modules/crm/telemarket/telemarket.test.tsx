import type { CrmActivity, CrmCallSource, CrmTelemarketStats, Paged } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayOf } from "../../../lib/date-range.ts";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { ActivitiesPanel } from "./ActivitiesPanel.tsx";
import { ACTIVITIES_PATH, ACTIVITIES_RESOURCE, statisticsPath, TELEMARKET_KEY, telemarketText } from "./api.ts";
import { CallCenterPage } from "./CallCenterPage.tsx";
import { TelemarketStatisticsPage } from "./TelemarketStatisticsPage.tsx";

/** The call centre's screens rendered to HTML with their data in the query cache. */
const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));
const flags = { clinic: true, crm_manager: true };
const agent = testSession({ codenames: ["is_crm_agent", "view_callcenter", "add_callcenter", "change_callcenter"], flags });

const activity = (id: number, values: Partial<CrmActivity>): CrmActivity => ({
  id,
  kind: "call",
  clientId: 7,
  clientName: "Lucía Gómez",
  agentId: "u1",
  agentName: "Ana Ruiz",
  initiativeId: null,
  listId: null,
  at: "2026-11-20T10:00:00.000Z",
  durationMinutes: 3,
  outcome: "answered",
  callBackAt: null,
  subject: "",
  notes: "",
  ...values,
});

describe("a client's calls and meetings", () => {
  const page: Paged<CrmActivity> = {
    data: [
      activity(1, { kind: "meeting", outcome: null, durationMinutes: 45, subject: "Demo of the service" }),
      activity(2, { outcome: "call_back", callBackAt: "2026-11-22T09:00:00.000Z", agentId: "u2", agentName: "Beto Agent" }),
    ],
    page: 1,
    total: 2,
  };
  const cache: [unknown[], unknown][] = [[[ACTIVITIES_RESOURCE, ACTIVITIES_PATH, "page=1&rowsPerPage=5&clientId=7"], page]];

  it("lists them with their outcome, and lets an agent change only their own", () => {
    const html = renderHtml(<ActivitiesPanel clientId={7} />, { i18n, session: agent, cache });
    const text = textOf(html);
    expect(text).toContain("Log a call");
    expect(text).toContain("Book a meeting");
    expect(text).toContain("45 minutes");
    expect(text).toContain("Demo of the service");
    expect(text).toContain("Call back");
    expect(text).toContain("Beto Agent");
    expect(html.match(/aria-label="Edit /g)).toHaveLength(1);
    expect(html.match(/aria-label="Delete /g)).toHaveLength(1);
  });

  it("lets a CRM admin change every one", () => {
    const admin = testSession({ codenames: ["is_admin", "view_callcenter", "add_callcenter", "change_callcenter", "delete_callcenter"], flags });
    const html = renderHtml(<ActivitiesPanel clientId={7} />, { i18n, session: admin, cache });
    expect(html.match(/aria-label="Edit /g)).toHaveLength(2);
  });
});

describe("the call centre", () => {
  const sources: CrmCallSource[] = [
    { kind: "initiative", id: 3, title: "Spring check-ups", clinicId: "c", clients: 40, open: 30, dueNow: 12, closed: 10 },
    { kind: "list", id: 5, title: "Gym members", clinicId: "c", clients: 8, open: 8, dueNow: 8, closed: 0 },
  ];
  const cache: [unknown[], unknown][] = [[[TELEMARKET_KEY, "sources"], sources]];

  it("opens on the source the address names, with where its queue stands, and the next client a click away", () => {
    const html = renderHtml(<CallCenterPage />, { i18n, session: agent, cache, url: "/crm/app/telemarket/call-center?initiative=3" });
    const text = textOf(html);
    expect(html).toContain('aria-label="Where the queue of Spring check-ups stands"');
    expect(text).toMatch(/Due now\s*12/);
    expect(text).toMatch(/Closed\s*10/);
    expect(html).toMatch(/<button[^>]*>(?:(?!<\/button>).)*Next client/);
    expect(html).not.toMatch(/<button[^>]*disabled[^>]*>(?:(?!<\/button>).)*Next client/);
    expect(text).toContain("Your upcoming meetings");
  });

  it("waits for a source to be chosen", () => {
    const html = renderHtml(<CallCenterPage />, { i18n, session: agent, cache, url: "/crm/app/telemarket/call-center" });
    expect(html).toMatch(/<button[^>]*disabled[^>]*>(?:(?!<\/button>).)*Next client/);
  });

  it("words the server's refusals in Spanish", async () => {
    const es = i18next.createInstance();
    await initTestI18n(es, "es");
    expect(telemarketText(es.t, "Another agent is calling this client now.")).toBe("Otro agente está llamando a este cliente ahora.");
    expect(telemarketText(es.t, "Something else.")).toBe("Something else.");
  });
});

describe("the statistics per telemarketer", () => {
  it("shows the last 30 days per telemarketer, with rates, and the days as a table", () => {
    const today = todayOf();
    const since = addDays(today, -29);
    const stats: CrmTelemarketStats = {
      agents: [{ agentId: "u1", name: "Ana Ruiz", calls: 8, contacted: 6, contactRate: 0.75, conversions: 2, conversionRate: 0.25, meetings: 1 }],
      days: [
        { day: since, calls: 5, contacted: 4, conversions: 1 },
        { day: today, calls: 3, contacted: 2, conversions: 1 },
      ],
    };
    const cache: [unknown[], unknown][] = [[[TELEMARKET_KEY, "statistics", statisticsPath(since, today, null)], stats]];
    const html = renderHtml(<TelemarketStatisticsPage />, { i18n, session: agent, cache });
    const text = textOf(html);
    expect(text).toContain(`Figures per telemarketer from ${since} to ${today}`);
    expect(text).toMatch(/Ana Ruiz\s*8\s*6\s*75%\s*2\s*25%\s*1/);
    expect(text).toContain("Calls, contacts and conversions per day");
    expect(html).toContain(`8 calls and 2 conversions from ${since} to ${today}`);
  });
});
