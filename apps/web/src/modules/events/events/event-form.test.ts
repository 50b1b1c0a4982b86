import { eventInputSchema } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { nestErrors } from "../../../lib/forms.ts";
import { eventBody, eventFormValues, eventPlacement, eventResolver, inputOfEvent } from "./event-form.ts";
import { sampleEvent } from "./events-test-data.ts";
import { zonedDateTime, zonedInstant, zonedWall } from "../../../lib/zoned-time.ts";

const texts = { money: "not money", whole: "not whole", time: "not a time" };

describe("an event's times on the wall clock of its own zone", () => {
  it("reads an instant as the zone's wall clock, summer and winter", () => {
    expect(zonedWall("2026-06-03T08:00:00.000Z", "Europe/Madrid")).toBe("2026-06-03T10:00");
    expect(zonedWall("2026-01-15T09:00:00.000Z", "Europe/Madrid")).toBe("2026-01-15T10:00");
    expect(zonedWall("2026-06-03T14:00:00.000Z", "America/New_York")).toBe("2026-06-03T10:00");
    expect(zonedWall("2026-06-03T23:30:00.000Z", "Asia/Kolkata")).toBe("2026-06-04T05:00");
    expect(zonedWall(null, "UTC")).toBe("");
  });

  it("turns a wall clock of the zone into the UTC instant, whatever zone the browser is in", () => {
    expect(zonedInstant("2026-06-03T10:00", "Europe/Madrid")).toBe("2026-06-03T08:00:00.000Z");
    expect(zonedInstant("2026-01-15T10:00", "Europe/Madrid")).toBe("2026-01-15T09:00:00.000Z");
    expect(zonedInstant("2026-06-03T10:00", "America/Mexico_City")).toBe("2026-06-03T16:00:00.000Z");
    expect(zonedInstant("2026-06-04T05:00", "Asia/Kolkata")).toBe("2026-06-03T23:30:00.000Z");
  });

  it("takes each side's offset around a daylight-saving change, and moves a skipped time past the jump", () => {
    // Madrid's clocks go from 02:00 to 03:00 on 2026-03-29 and from 03:00 back to 02:00 on 2026-10-25.
    expect(zonedInstant("2026-03-29T01:30", "Europe/Madrid")).toBe("2026-03-29T00:30:00.000Z");
    expect(zonedInstant("2026-03-29T03:30", "Europe/Madrid")).toBe("2026-03-29T01:30:00.000Z");
    expect(zonedWall(zonedInstant("2026-03-29T02:30", "Europe/Madrid"), "Europe/Madrid")).toBe("2026-03-29T03:30");
    expect(zonedInstant("2026-10-25T12:00", "Europe/Madrid")).toBe("2026-10-25T11:00:00.000Z");
  });

  it("refuses what is no time", () => {
    expect(zonedInstant("2026-02-30T10:00", "UTC")).toBe("");
    expect(zonedInstant("2026-06-03T24:10", "UTC")).toBe("");
    expect(zonedInstant("2026-06-03 10:00", "UTC")).toBe("");
    expect(zonedInstant("", "UTC")).toBe("");
  });

  it("shows an instant as spec §9 writes it, in the zone", () => {
    expect(zonedDateTime("2026-06-03T08:00:00.000Z", "Europe/Madrid")).toBe("2026-06-03, 10:00 am");
    expect(zonedDateTime("2026-06-03T20:15:00.000Z", "Europe/Madrid")).toBe("2026-06-03, 10:15 pm");
  });
});

describe("the editor's values and the API's body", () => {
  it("starts a saved event with its times in its zone and its prices as decimals in the reader's language", () => {
    const values = eventFormValues(sampleEvent(), "es");
    expect(values.startsAt).toBe("2026-06-03T10:00");
    expect(values.endsAt).toBe("2026-06-03T12:00");
    expect(values.ticketTypes[0]).toMatchObject({ id: 11, priceCents: "25,50", capacity: "", salesStart: "", salesEnd: "2026-06-03T00:00" });
    expect(values.ticketTypes[1]).toMatchObject({ priceCents: "0,00", capacity: "5" });
    expect(values.questions[0]?.options).toBe("None\nGluten");
    expect(eventFormValues(sampleEvent(), "en").ticketTypes[0]?.priceCents).toBe("25.50");
  });

  it("sends back exactly the event it was given when nothing is changed", () => {
    const event = sampleEvent();
    const { payload, errors } = eventBody(eventFormValues(event, "es"), texts);
    expect(errors).toEqual({});
    expect(payload).toEqual(inputOfEvent(event, "published"));
    expect(eventInputSchema.safeParse(payload).success).toBe(true);
  });

  it("reads decimals typed either way as whole cents, never through a float", () => {
    const values = eventFormValues(sampleEvent(), "en");
    const typed = (price: string) => eventBody({ ...values, ticketTypes: [{ ...values.ticketTypes[0]!, priceCents: price }] }, texts);
    expect(typed("12,5").payload.ticketTypes[0]?.priceCents).toBe(1250);
    expect(typed("0.07").payload.ticketTypes[0]?.priceCents).toBe(7);
    expect(typed("19.99").payload.ticketTypes[0]?.priceCents).toBe(1999);
    expect(typed("1.234,56").errors).toEqual({ "ticketTypes.0.priceCents": "not money" });
    expect(typed("12.555").errors).toEqual({ "ticketTypes.0.priceCents": "not money" });
  });

  it("turns a new event's wall-clock times into UTC by the chosen zone", () => {
    const values = { ...eventFormValues(null, "en", { en: "General", es: "General" }, new Date("2026-05-01T12:00:00Z")), timeZone: "America/New_York" };
    expect(values.startsAt).toBe("2026-05-08T10:00");
    const { payload } = eventBody({ ...values, title: { en: "Course", es: "Curso" }, venue: "Main St 5" }, texts);
    expect(payload.startsAt).toBe("2026-05-08T14:00:00.000Z");
    expect(payload.endsAt).toBe("2026-05-08T16:00:00.000Z");
    expect(payload.ticketTypes[0]).toEqual({ name: { en: "General", es: "General" }, priceCents: 0, capacity: null, salesStart: null, salesEnd: null });
  });

  it("names what it cannot read by its path, and keeps a choice's options one a line without empties", () => {
    const values = eventFormValues(sampleEvent(), "en");
    const { payload, errors } = eventBody(
      {
        ...values,
        capacity: "ten",
        startsAt: "2026-06-0",
        ticketTypes: [{ ...values.ticketTypes[0]!, capacity: "2.5", salesStart: "tomorrow" }],
        questions: [{ ...values.questions[0]!, options: " A \n\nB\n" }],
      },
      texts,
    );
    expect(errors).toEqual({ capacity: "not whole", startsAt: "not a time", "ticketTypes.0.capacity": "not whole", "ticketTypes.0.salesStart": "not a time" });
    expect(payload.questions?.[0]?.options).toEqual(["A", "B"]);
  });
});

describe("where a message shows", () => {
  it("puts the server's paths on the editor's fields, and the rest in the dialog's alert", () => {
    expect(eventPlacement("title.es")).toBe("title.es");
    expect(eventPlacement("capacity")).toBe("capacity");
    expect(eventPlacement("ticketTypes.0.salesEnd")).toBe("ticketTypes.0.salesEnd");
    expect(eventPlacement("ticketTypes.2.name")).toBe("ticketTypes.2.name.en");
    expect(eventPlacement("questions.1.options.3")).toBe("questions.1.options");
    expect(eventPlacement("ticketTypes.0.id")).toBeNull();
    expect(eventPlacement("detail")).toBeNull();
  });

  it("nests dotted paths as react-hook-form keeps its errors", () => {
    expect(nestErrors({ "ticketTypes.1.salesEnd": "late", "title.en": "empty" })).toEqual({
      ticketTypes: [undefined, { salesEnd: { type: "validate", message: "late" } }],
      title: { en: { type: "validate", message: "empty" } },
    });
  });

  it("refuses in the editor a ticket sale that ends after the event starts, on that row's field", async () => {
    const values = eventFormValues(sampleEvent(), "en");
    const late = { ...values, ticketTypes: [{ ...values.ticketTypes[0]!, salesEnd: "2026-06-03T11:00" }] };
    const result = await eventResolver(() => texts)(late, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toMatchObject({ ticketTypes: [{ salesEnd: { message: "Ticket sales must end before the event starts." } }] });
    const fine = await eventResolver(() => texts)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(fine.errors).toEqual({});
  });

  it("asks for a venue or a link on the venue", async () => {
    const values = { ...eventFormValues(sampleEvent(), "en"), venue: "", onlineUrl: "" };
    const result = await eventResolver(() => texts)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toMatchObject({ venue: { message: "Give a venue or an online link." } });
  });
});
