import type { ChecklistTemplateView, EventCosts, EventTasks } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { sampleEvent } from "../events/events-test-data.ts";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { exportButtonsOf, renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { COSTS_KEY, TASKS_KEY, TEMPLATES_KEY } from "./api.ts";
import { ChecklistTemplatesPage } from "./ChecklistTemplatesPage.tsx";
import { EventChecklistTab } from "./EventChecklistTab.tsx";
import { EventCostsTab } from "./EventCostsTab.tsx";

/** The costs and checklist tabs and the templates page rendered to HTML with their data in the query cache. */
const i18n = i18next.createInstance();
const es = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(i18n);
  await initTestI18n(es, "es");
});

const event = sampleEvent({
  id: 9,
  startsAt: "2030-06-02T08:00:00.000Z",
  endsAt: "2030-06-02T10:00:00.000Z",
  venue: "Room 2",
  capacity: 20,
  taken: 3,
  clinic: { id: "clinic-1", name: "Demo clinic" },
  ticketTypes: [],
  questions: [],
  counts: { pending: 0, confirmed: 3, checkedIn: 0, waiting: 0, cancelled: 0 },
});

const budget: EventCosts = {
  currency: "EUR",
  costs: [
    {
      id: 1,
      category: "venue",
      supplier: "Hall Madrid",
      description: "Room 2",
      plannedCents: 30_000,
      actualCents: 32_050,
      paid: true,
      receipt: { name: "invoice.pdf", mime: "application/pdf", size: 1200, url: "/api/events/costs/1/receipt" },
      createdAt: "",
      updatedAt: "",
    },
    {
      id: 2,
      category: "catering",
      supplier: "",
      description: "Coffee",
      plannedCents: 8000,
      actualCents: null,
      paid: false,
      receipt: null,
      createdAt: "",
      updatedAt: "",
    },
  ],
  totals: { plannedCents: 38_000, actualCents: 32_050, paidCents: 32_050, unpaidCents: 8000 },
  costsCents: 40_050,
  incomeCents: 25_000,
  balanceCents: -15_050,
};

const checklist: EventTasks = {
  timeZone: "Europe/Madrid",
  today: "2030-05-20",
  tasks: [
    {
      id: 1,
      title: "Book the room",
      owner: { id: "t1", name: "Tomás Ruiz", email: "t@example.com" },
      dueOn: "2030-05-03",
      done: false,
      doneAt: null,
      doneBy: null,
      position: 0,
      overdue: true,
    },
    {
      id: 2,
      title: "Print the door list",
      owner: null,
      dueOn: "2030-06-01",
      done: true,
      doneAt: "2030-05-19T10:00:00.000Z",
      doneBy: { id: "c", name: "Demo clinic" },
      position: 1,
      overdue: false,
    },
  ],
};

const templates: ChecklistTemplateView[] = [
  { id: 1, key: "workshop", name: "Workshop", tasks: [{ title: "Book the room", daysBefore: 30 }], clinic: null, builtIn: true },
  {
    id: 5,
    key: null,
    name: "Group session",
    tasks: [{ title: "Call the group", daysBefore: 3 }],
    clinic: { id: "clinic-1", name: "Demo clinic" },
    builtIn: false,
  },
];

const session = testSession({ codenames: ["view_event"], flags: { clinic: true, event_app: true } });

describe("the costs tab", () => {
  it("shows the budget's figures, each line with its paid chip and receipt, and the export buttons", () => {
    const html = renderHtml(<EventCostsTab event={event} />, { i18n, session, cache: [[[COSTS_KEY, 9], budget]] });
    const text = textOf(html);
    expect(html).toContain('aria-label="Budget summary"');
    expect(text).toContain("Planned costs €380.00");
    expect(text).toContain("Income from tickets €250.00");
    expect(text).toContain("Balance -€150.50");
    expect(text).toContain("Hall Madrid");
    expect(text).toContain("€320.50");
    expect(text).toContain("Unpaid");
    expect(html).toContain('href="/api/events/costs/1/receipt"');
    expect(html).toContain('aria-label="Upload receipt for Catering – Coffee"');
    expect(html).toContain('aria-label="Delete Venue – Hall Madrid"');
    expect(exportButtonsOf(html, i18n.t("eventReports.export.costs"))).not.toBeNull();
  });

  it("speaks Spanish", () => {
    const text = textOf(renderHtml(<EventCostsTab event={event} />, { i18n: es, session, cache: [[[COSTS_KEY, 9], budget]] }));
    expect(text).toContain("Saldo");
    expect(text).toContain("-150,50 €");
    expect(text).toContain("Sin pagar");
    expect(text).toContain("Añadir gasto");
  });
});

describe("the checklist tab", () => {
  it("shows each task with its done box, owner and due date, the overdue one marked", () => {
    const html = renderHtml(<EventChecklistTab event={event} />, { i18n, session, cache: [[[TASKS_KEY, 9], checklist]] });
    const text = textOf(html);
    expect(text).toContain("1 of 2 done");
    expect(html).toContain('aria-label="&quot;Book the room&quot; done"');
    expect(text).toContain("Tomás Ruiz");
    expect(text).toContain("2030-05-03 Overdue");
    expect(text).toContain("Unassigned");
    expect(text).toContain("Done by Demo clinic on 2030-05-19");
    expect(text).toContain("Add from template");
    expect(exportButtonsOf(html, i18n.t("eventReports.export.checklists"))).not.toBeNull();
  });
});

describe("the templates page", () => {
  it("shows the built-ins translated and read-only, the clinic's own with edit and delete", () => {
    const html = renderHtml(<ChecklistTemplatesPage />, { i18n: es, session, cache: [[[TEMPLATES_KEY, "all"], templates]] });
    const text = textOf(html);
    expect(text).toContain("Taller");
    expect(text).toContain("Reservar la sala");
    expect(text).toContain("Plataforma (solo lectura)");
    expect(text).toContain("Group session");
    expect(html).toContain('aria-label="Eliminar Group session"');
    expect(html).not.toContain('aria-label="Eliminar Taller"');
    expect(html).not.toContain('aria-label="Eliminar Workshop"');
  });
});
