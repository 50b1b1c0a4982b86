import type { EventRow, Paged, RegistrationDetail, RegistrationRow } from "@clinic/shared";
import i18next from "i18next";
import { useForm } from "react-hook-form";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { exportButtonsOf, renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { CHECK_IN_RESOURCE, EVENTS_PATH, EVENTS_RESOURCE, REGISTRATIONS_RESOURCE, registrationsPath } from "./api.ts";
import { CheckInTab } from "./CheckInTab.tsx";
import { EventHeader } from "./EventHeader.tsx";
import { EventsPage } from "./EventsPage.tsx";
import { type EventFormValues, eventFormValues } from "./event-form.ts";
import { sampleEvent } from "./events-test-data.ts";
import { QuestionsEditor } from "./QuestionsEditor.tsx";
import { TicketTypesEditor } from "./TicketTypesEditor.tsx";
import { RegistrationActionButtons, RegistrationView } from "./RegistrationDialog.tsx";
import { RegistrationsTab } from "./RegistrationsTab.tsx";

/** The staff's event screens rendered to HTML with the server's answers in the query cache, in English and Spanish. */
const i18n = i18next.createInstance();
const spanish = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(i18n);
  await initTestI18n(spanish, "es");
});

const flags = { clinic: true, event_app: true };
const staff = testSession({ codenames: ["view_event"], flags });
const admin = testSession({ isAdmin: true, flags });

const eventRow = (id: number, extra: Partial<EventRow> = {}): EventRow => ({
  id,
  slug: `event-${id}`,
  title: { en: "Balance workshop", es: "Taller de equilibrio" },
  startsAt: "2026-06-03T08:00:00.000Z",
  endsAt: "2026-06-03T10:00:00.000Z",
  timeZone: "Europe/Madrid",
  venue: "Calle Mayor 1",
  state: "published",
  capacity: 20,
  taken: 12,
  waiting: 3,
  checkedIn: 4,
  clinic: { id: "c1", name: "Clínica Norte" },
  ...extra,
});
const events: Paged<EventRow> = { data: [eventRow(1), eventRow(2, { title: { en: "Online course", es: "" }, venue: "", state: "draft" })], page: 1, total: 2 };
const listCache: [unknown[], unknown][] = [[[EVENTS_RESOURCE, EVENTS_PATH, "page=1&rowsPerPage=25&when=upcoming"], events]];

const registration = (id: number, extra: Partial<RegistrationRow> = {}): RegistrationRow => ({
  id,
  number: `ER-${String(id).padStart(6, "0")}`,
  name: `Guest ${id}`,
  email: `guest${id}@example.com`,
  ticketType: { id: 11, name: { en: "Standard", es: "General" } },
  state: "confirmed",
  amountCents: 2550,
  paidCents: 2550,
  refundedCents: 0,
  currency: "EUR",
  provider: "manual",
  waitingPosition: null,
  createdAt: "2026-05-02T10:00:00.000Z",
  checkedInAt: null,
  ...extra,
});
const registrations: Paged<RegistrationRow> = {
  data: [
    registration(1, { name: "Lucía Gómez" }),
    registration(2, { name: "Pablo Ruiz", state: "pending_payment", paidCents: 0 }),
    registration(3, { name: "Ana Díaz", state: "waiting", waitingPosition: 2, paidCents: 0 }),
    registration(4, { name: "Marta Gil", state: "checked_in", checkedInAt: "2026-06-03T08:05:00.000Z" }),
  ],
  page: 1,
  total: 4,
};

describe("the events list", () => {
  it("shows each event in the reader's language, in its zone, with its places and the period tabs", () => {
    const html = renderHtml(<EventsPage />, { i18n, session: staff, cache: listCache, url: "/event/app" });
    const text = textOf(html);
    expect(text).toContain("Balance workshop");
    expect(text).toContain("2026-06-03, 10:00 am – 12:00 pm");
    expect(text).toContain("12/20");
    expect(text).toContain("Online");
    expect(text).toContain("Draft");
    expect(text).toContain("Upcoming");
    expect(html).toContain('href="/event/app/events/1"');
    expect(html).toContain('href="/event/app/templates"');
    expect(exportButtonsOf(html, "Export the events")).toEqual(["CSV", "XLSX"]);
    // A staff member works on their own clinic: no clinic column or picker.
    expect(text).not.toContain("Clínica Norte");
  });

  it("lets a platform admin see and choose the clinic", () => {
    const text = textOf(renderHtml(<EventsPage />, { i18n, session: admin, cache: listCache, url: "/event/app" }));
    expect(text).toContain("Clínica Norte");
  });

  it("reads in Spanish, a title missing in Spanish shown in English", () => {
    const text = textOf(renderHtml(<EventsPage />, { i18n: spanish, session: staff, cache: listCache, url: "/event/app" }));
    expect(text).toContain("Taller de equilibrio");
    expect(text).toContain("Online course");
    expect(text).toContain("Borrador");
    expect(text).toContain("Nuevo evento");
  });
});

describe("the event's header", () => {
  it("shows when in the event's zone, the public address, and publish for a draft", () => {
    const event = sampleEvent({ state: "draft" });
    const html = renderHtml(<EventHeader event={event} />, { i18n, session: staff });
    const text = textOf(html);
    expect(text).toContain("Balance workshop");
    expect(text).toContain("2026-06-03, 10:00 am – 12:00 pm (Europe/Madrid)");
    expect(text).toContain("5 of 20 taken, 2 waiting");
    expect(html).toContain('value="/events/balance-workshop"');
    expect(text).toContain("The page opens once the event is published.");
    expect(html).toMatch(/Publish<\/button>/);
    expect(html).not.toMatch(/Back to draft<\/button>/);
    const published = renderHtml(<EventHeader event={sampleEvent()} />, { i18n, session: staff });
    expect(published).toMatch(/Back to draft<\/button>/);
  });
});

describe("the registrations tab", () => {
  const cache: [unknown[], unknown][] = [[[REGISTRATIONS_RESOURCE, registrationsPath(7), "page=1&rowsPerPage=25"], registrations]];

  it("lists each registration with its number, state, waiting place and money, and the door list and exports", () => {
    const html = renderHtml(<RegistrationsTab event={sampleEvent()} />, { i18n, session: staff, cache });
    const text = textOf(html);
    expect(text).toContain("Lucía Gómez");
    expect(text).toContain("ER-000001");
    expect(text).toContain("Pending payment");
    expect(text).toContain("Waiting list (#2)");
    expect(text).toContain("€25.50 €0.00 paid");
    expect(text).toContain("Checked in");
    expect(html).toContain('href="/api/events/events/7/door-list.pdf"');
    expect(exportButtonsOf(html, "Export the registrations")).toEqual(["CSV", "XLSX"]);
    expect(exportButtonsOf(html, "Export the payments")).toEqual(["CSV", "XLSX"]);
  });

  it("reads in Spanish", () => {
    const text = textOf(renderHtml(<RegistrationsTab event={sampleEvent()} />, { i18n: spanish, session: staff, cache }));
    expect(text).toContain("Pendiente de pago");
    expect(text).toContain("Lista de espera (n.º 2)");
    expect(text).toContain("Añadir inscripción");
  });
});

describe("a registration's dialog", () => {
  const detail = (extra: Partial<RegistrationDetail> = {}): RegistrationDetail => ({
    ...registration(1, { name: "Lucía Gómez", refundedCents: 1000 }),
    event: { id: 7, title: { en: "Balance workshop", es: "Taller" }, startsAt: "2026-06-03T08:00:00.000Z", timeZone: "Europe/Madrid" },
    language: "es",
    answers: { "q-diet": "Gluten", "q-old": true },
    expiresAt: null,
    confirmedAt: "2026-05-03T10:00:00.000Z",
    cancelledAt: null,
    checkedInBy: null,
    payments: [
      {
        id: 1,
        kind: "payment",
        amountCents: 2550,
        provider: "manual",
        reference: "TR-998",
        note: "",
        by: { id: "u1", name: "Ana Ruiz" },
        at: "2026-05-03T10:00:00.000Z",
        invoice: { id: 31, number: "INV-2026-0031" },
      },
      {
        id: 2,
        kind: "refund",
        amountCents: 1000,
        provider: "manual",
        reference: "",
        note: "Left early",
        by: null,
        at: "2026-05-04T10:00:00.000Z",
        invoice: null,
      },
    ],
    ...extra,
  });
  const render = (shown: RegistrationDetail) =>
    renderHtml(
      <>
        <RegistrationView detail={shown} event={sampleEvent()} />
        <RegistrationActionButtons detail={shown} busy={false} onAction={() => undefined} />
      </>,
      { i18n, session: staff },
    );

  it("labels the answers by the event's questions, keeps an old question's answer, and lists the ledger with its invoice", () => {
    const html = render(detail());
    const text = textOf(html);
    expect(text).toContain("Allergies? Gluten");
    expect(text).toContain("q-old Yes");
    expect(text).toContain("TR-998");
    expect(text).toContain("-€10.00");
    expect(text).toContain("Left early");
    expect(html).toContain('href="/api/events/registrations/1/invoices/31/pdf"');
    expect(text).toContain("Spanish");
  });

  it("offers the actions of its state", () => {
    const confirmed = render(detail());
    expect(confirmed).toMatch(/Check in<\/button>/);
    expect(confirmed).toMatch(/Refund<\/button>/);
    expect(confirmed).toMatch(/Cancel registration<\/button>/);
    expect(confirmed).not.toMatch(/Confirm payment<\/button>/);
    const pending = render(detail({ state: "pending_payment", paidCents: 0, refundedCents: 0, payments: [] }));
    expect(pending).toMatch(/Confirm payment<\/button>/);
    expect(pending).not.toMatch(/Check in<\/button>/);
    expect(pending).not.toMatch(/Refund<\/button>/);
    expect(textOf(pending)).toContain("No payment yet.");
  });
});

describe("the check-in tab", () => {
  const cache: [unknown[], unknown][] = [[[CHECK_IN_RESOURCE, registrationsPath(7), "page=1&rowsPerPage=10"], registrations]];

  it("counts who is in of those expected and offers check-in only to confirmed registrations", () => {
    const html = renderHtml(<CheckInTab event={sampleEvent()} />, { i18n, session: staff, cache });
    const text = textOf(html);
    expect(text).toContain("1 / 4");
    expect(text).toContain("Scan tickets");
    expect(text).toContain("Find a registration");
    // Lucía (confirmed) has the button; the pending, waiting and checked-in ones do not.
    expect(html.match(/>Check in<\/button>/g)?.length).toBe(1);
  });

  it("reads in Spanish", () => {
    const text = textOf(renderHtml(<CheckInTab event={sampleEvent()} />, { i18n: spanish, session: staff, cache }));
    expect(text).toContain("Escanear entradas");
    expect(text).toContain("Han entrado / esperados");
  });
});

describe("the editor's ticket types and questions", () => {
  function Editor({ language = "en" }: { language?: string }) {
    const event = sampleEvent();
    const form = useForm<EventFormValues>({ defaultValues: eventFormValues(event, language) });
    return (
      <>
        <TicketTypesEditor form={form} currency={event.currency} event={event} text={(path) => (path === "ticketTypes.1.salesEnd" ? "Too late" : undefined)} />
        <QuestionsEditor form={form} text={() => undefined} />
      </>
    );
  }

  // Typed fields (register) take their values on mount, which a server render does not reach:
  // the values themselves are event-form.test.ts's.
  it("keeps a ticket with registrations from removal, and puts a row's message under its field", () => {
    const html = renderHtml(<Editor />, { i18n, session: staff });
    const text = textOf(html);
    expect(text).toContain("4 places taken");
    expect(html).toContain('aria-label="Ticket type 1 has 4 registrations and cannot be removed"');
    expect(html).toContain('aria-label="Ticket type 2 has 1 registration and cannot be removed"');
    expect(text).toContain("Too late");
    // A choice question shows its options' field.
    expect(text).toContain("One of several options");
    expect(text).toContain("One option a line; at least two.");
  });

  it("reads in Spanish", () => {
    const text = textOf(renderHtml(<Editor language="es" />, { i18n: spanish, session: staff }));
    expect(text).toContain("Tipos de entrada");
    expect(text).toContain("4 plazas ocupadas");
  });
});
