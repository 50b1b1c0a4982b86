import { BOOKING_MESSAGES, BOOKING_REFUSALS } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { bookingText, formatZoned, formatZonedTime } from "./format.ts";
import { zonedDay } from "../../../lib/zoned-time.ts";
import { formatMoney } from "../../../lib/money.ts";

beforeAll(async () => {
  await initTestI18n(i18next, "es");
});

describe("the booking app's shared formats", () => {
  it("writes an instant as spec §9's date-time in the given zone, with the weekday in the interface language", () => {
    const instant = "2026-06-03T08:00:00Z";
    expect(formatZoned(instant, "Europe/Madrid", "en")).toBe("Wed 2026-06-03, 10:00 AM");
    expect(formatZoned(instant, "America/Mexico_City", "es")).toBe("mié 2026-06-03, 02:00 AM");
    expect(formatZonedTime("2026-06-03T13:30:00Z", "Europe/Madrid")).toBe("03:30 PM");
    // Late in the evening in Mexico is already the next day in Madrid.
    expect(zonedDay("2026-06-03T23:30:00Z", "Europe/Madrid")).toBe("2026-06-04");
    expect(zonedDay("2026-06-03T23:30:00Z", "America/Mexico_City")).toBe("2026-06-03");
    expect(formatMoney(9000, "EUR", "es")).toMatch(/^90,00\s€$/);
  });

  it("translates every refusal and message of the server, placeholders included, and leaves other texts alone", () => {
    const t = i18next.t.bind(i18next);
    expect(bookingText(t, BOOKING_REFUSALS.providerTaken)).toBe("El profesional acaba de ser reservado a esta hora: elija otra.");
    expect(bookingText(t, BOOKING_REFUSALS.minNotice.replace("{notice}", "2 hours"))).toBe(
      "Esta hora es demasiado pronto: reserve con al menos 2 horas de antelación.",
    );
    expect(bookingText(t, BOOKING_REFUSALS.cancelWindow.replace("{hours}", "24"))).toContain("menos de 24 horas");
    expect(bookingText(t, BOOKING_MESSAGES.score)).toBe("Califique de 1 a 5.");
    for (const text of Object.values(BOOKING_REFUSALS)) expect(bookingText(t, text)).not.toBe(text);
    expect(bookingText(t, "Something else.")).toBe("Something else.");
  });
});
