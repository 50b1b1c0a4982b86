import type { EventDashboard } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { EXPORT_KINDS } from "../../../lib/exports.ts";
import { sampleEvent } from "../events/events-test-data.ts";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { exportButtonsOf, renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { DASHBOARD_KEY } from "./api.ts";
import { EventDashboardTab, signedMoney, usedPercent } from "./EventDashboardTab.tsx";
import { EventExportButtons, eventExportPath } from "./EventExportButtons.tsx";

/** The event's dashboard and the export buttons rendered to HTML, their data in the query cache, in both languages. */
const en = i18next.createInstance();
const es = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(en);
  await initTestI18n(es, "es");
});
const session = testSession({ codenames: ["view_event"], flags: { clinic: true, event_app: true } });

const event = sampleEvent({
  startsAt: "2030-06-02T08:00:00.000Z",
  endsAt: "2030-06-02T10:00:00.000Z",
  venue: "Room 2",
  capacity: 16,
  taken: 15,
  clinic: { id: "clinic-1", name: "Demo clinic" },
  ticketTypes: [],
  questions: [],
  counts: { pending: 3, confirmed: 10, checkedIn: 2, waiting: 3, cancelled: 1 },
});

const dashboard = (balanceCents: number): EventDashboard => ({
  eventId: 7,
  currency: "EUR",
  timeZone: "Europe/Madrid",
  capacity: 16,
  taken: 15,
  pending: 3,
  confirmed: 10,
  checkedIn: 2,
  waiting: 3,
  cancelled: 1,
  paymentsCents: 45_000,
  refundsCents: 3500,
  incomeCents: 41_500,
  costsPlannedCents: 45_000,
  costsActualCents: 20_430,
  costsCents: 41_500 - balanceCents,
  costsPaidCents: 15_000,
  balanceCents,
  overTime: [
    { day: "2030-05-01", registrations: 4, cancellations: 0, held: 4 },
    { day: "2030-05-02", registrations: 12, cancellations: 1, held: 15 },
  ],
  ticketTypes: [
    { id: 1, name: { en: "General", es: "General" }, priceCents: 3500, capacity: null, taken: 9, incomeCents: 24_500 },
    { id: 2, name: { en: "Clinic patient", es: "Paciente de la clínica" }, priceCents: 2000, capacity: 6, taken: 6, incomeCents: 17_000 },
  ],
});

const render = (balance: number, i18n = en) =>
  renderHtml(<EventDashboardTab event={event} />, { i18n, session, cache: [[[DASHBOARD_KEY, 7], dashboard(balance)]] });

describe("the event's dashboard", () => {
  it("shows the figure tiles, the balance positive in words and colour, the days and the ticket types", () => {
    const html = render(1200);
    const text = textOf(html);
    expect(html).toContain('aria-label="The event&#x27;s figures"');
    expect(text).toContain("Capacity used 15 of 16 (94%)");
    expect(text).toContain("Checked in 2 of 15");
    expect(text).toContain("Waiting list 3");
    expect(text).toContain("Income €415.00");
    expect(text).toContain("Costs €403.00");
    expect(text).toContain("Balance +€12.00 surplus");
    expect(html).toContain('data-balance="surplus"');
    expect(text).toContain("2030-05-02 12 1 15");
    expect(text).toContain("Clinic patient €20.00 6 of 6 €170.00");
    expect(text).toContain("General €35.00 9 €245.00");
    expect(html).toContain('href="/api/events/events/7/door-list.pdf?language=en"');
    expect(text).toContain("Door list (PDF)");
  });

  it("shows a deficit as negative, and speaks Spanish", () => {
    expect(textOf(render(-5000))).toContain("Balance -€50.00 deficit");
    const html = render(-5000, es);
    const text = textOf(html);
    expect(html).toContain('data-balance="deficit"');
    expect(text).toContain("Aforo ocupado 15 de 16 (94 %)");
    expect(text).toContain("déficit");
    expect(text).toContain("Paciente de la clínica");
    expect(text).toContain("Lista de acceso (PDF)");
    expect(html).toContain('href="/api/events/events/7/door-list.pdf?language=es"');
  });

  it("says so when nobody has registered yet", () => {
    const empty = { ...dashboard(0), overTime: [], taken: 0 };
    const text = textOf(renderHtml(<EventDashboardTab event={event} />, { i18n: en, session, cache: [[[DASHBOARD_KEY, 7], empty]] }));
    expect(text).toContain("No registrations yet.");
    expect(text).toContain("Balance €0.00 break-even");
  });

  it("computes the share used and the signed money", () => {
    expect(usedPercent(15, 16)).toBe(94);
    expect(usedPercent(0, 0)).toBe(0);
    expect(signedMoney(-1234, "EUR", "en")).toBe("-€12.34");
    expect(signedMoney(1234, "EUR", "en")).toBe("+€12.34");
  });
});

describe("the events exports' buttons", () => {
  it.each([
    ["events", undefined, "/api/events/exports/events", "Export the events", "Exportar los eventos"],
    ["registrations", 7, "/api/events/events/7/exports/registrations", "Export the registrations", "Exportar las inscripciones"],
    ["payments", 7, "/api/events/events/7/exports/payments", "Export the payments", "Exportar los pagos"],
    ["costs", 7, "/api/events/events/7/exports/costs", "Export the costs", "Exportar los costes"],
    ["checklists", 7, "/api/events/events/7/exports/checklists", "Export the checklist", "Exportar la lista de tareas"],
  ] as const)("offers CSV and XLSX of the %s in either language", (what, eventId, path, english, spanish) => {
    expect(eventExportPath(what, eventId)).toBe(path);
    expect(exportButtonsOf(renderHtml(<EventExportButtons what={what} eventId={eventId} />, { i18n: en, session }), english)).toEqual(["CSV", "XLSX"]);
    expect(exportButtonsOf(renderHtml(<EventExportButtons what={what} eventId={eventId} />, { i18n: es, session }), spanish)).toEqual(["CSV", "XLSX"]);
  });

  it("needs the event for one event's export", () => {
    expect(() => eventExportPath("costs")).toThrow();
  });

  it("has spec §8's notice for each, in both languages", () => {
    const kinds = { events: "Events", eventRegistrations: "Registrations", payments: "Payments", eventCosts: "Costs", eventChecklists: "Checklists" };
    for (const [kind, word] of Object.entries(kinds)) {
      expect(EXPORT_KINDS).toContain(kind);
      expect(en.t(`exports.done.${kind}`)).toBe(`${word} exported successfully`);
      expect(es.t(`exports.done.${kind}`)).not.toBe(`${word} exported successfully`);
      expect(es.t(`exports.done.${kind}`)).toMatch(/con éxito$/);
    }
    expect(en.t("exports.failed")).toBe("An error occurred while exporting the file");
  });
});
