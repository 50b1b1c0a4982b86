import { EVENT_MESSAGES } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { publicEventFixture } from "./test-fixtures.ts";
import { eventPublicText, priceText, ticketStatus } from "./format.ts";
import { zonedDateTime, zonedRange } from "../../../lib/zoned-time.ts";
import { formatMoney } from "../../../lib/money.ts";

const en = i18next.createInstance();
const es = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(en, "en");
  await initTestI18n(es, "es");
});

describe("prices", () => {
  it("show the event's currency in the page's language, from cents", () => {
    expect(formatMoney(2500, "EUR", "en")).toBe("€25.00");
    expect(formatMoney(2500, "EUR", "es").replace(/\s/g, " ")).toBe("25,00 €");
    expect(formatMoney(199_999, "USD", "en")).toBe("US$1,999.99");
    expect(formatMoney(5, "EUR", "en")).toBe("€0.05");
  });

  it("say Free for a ticket with nothing to pay", () => {
    expect(priceText(en.t, 0, "EUR", "en")).toBe("Free");
    expect(priceText(es.t, 0, "EUR", "es")).toBe("Gratis");
    expect(priceText(en.t, 1500, "EUR", "en")).toBe("€15.00");
  });
});

describe("event times", () => {
  it("are the wall-clock time of the event's own zone, as YYYY-MM-DD, hh:mm a", () => {
    expect(zonedDateTime("2026-12-10T09:00:00.000Z", "Europe/Madrid")).toBe("2026-12-10, 10:00 am");
    expect(zonedDateTime("2026-07-10T09:00:00.000Z", "Europe/Madrid")).toBe("2026-07-10, 11:00 am");
    // The same instant is still the day before in New York.
    expect(zonedDateTime("2026-12-10T02:30:00.000Z", "America/New_York")).toBe("2026-12-09, 09:30 pm");
  });

  it("name the end's date only when the event ends on another day", () => {
    expect(zonedRange("2026-12-10T09:00:00.000Z", "2026-12-10T11:00:00.000Z", "Europe/Madrid")).toBe("2026-12-10, 10:00 am – 12:00 pm");
    expect(zonedRange("2026-12-10T09:00:00.000Z", "2026-12-11T16:00:00.000Z", "Europe/Madrid")).toBe("2026-12-10, 10:00 am – 2026-12-11, 05:00 pm");
  });
});

describe("tickets", () => {
  it("are open with places, sold out (the waiting list) without, or not on sale outside their window", () => {
    const [standard, patients, early] = publicEventFixture().ticketTypes;
    expect(standard && ticketStatus(standard)).toBe("open");
    expect(patients && ticketStatus(patients)).toBe("soldOut");
    expect(early && ticketStatus(early)).toBe("notOnSale");
  });
});

describe("the server's refusals", () => {
  it("are said in the page's language, by their key", () => {
    expect(eventPublicText(es.t, EVENT_MESSAGES.alreadyRegistered)).toMatch(/^Este correo ya está inscrito/);
    expect(eventPublicText(en.t, EVENT_MESSAGES.cancelWindowClosed)).toBe("The cancellation period for this event has ended.");
    expect(eventPublicText(es.t, EVENT_MESSAGES.notOnSale)).toBe("Esta entrada no está a la venta ahora.");
  });

  it("leave any other text as it came", () => {
    expect(eventPublicText(es.t, "Something else.")).toBe("Something else.");
    // A staff-only message is not the public pages' to word.
    expect(eventPublicText(es.t, EVENT_MESSAGES.refundTooMuch)).toBe(EVENT_MESSAGES.refundTooMuch);
  });
});
