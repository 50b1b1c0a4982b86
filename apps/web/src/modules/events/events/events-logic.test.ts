import { EVENT_MESSAGES } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api.ts";
import { refusalText } from "../../../lib/refusals.ts";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { cameraProblemOf, RESULT_HOLD_MS, refusalOf, SAME_CODE_MS, ScanGate } from "./check-in.ts";
import { amountText, eventMessage, eventWhen, fieldMessage } from "./format.ts";
import en from "./locales/en.json" with { type: "json" };
import es from "./locales/es.json" with { type: "json" };
import { refundAmount, registrationActions } from "./registration-actions.ts";

const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));

describe("the server's messages in the reader's language", () => {
  it("has every EVENT_MESSAGES key in English and Spanish, with the same placeholders", () => {
    for (const [key, text] of Object.entries(EVENT_MESSAGES)) {
      const names = [...text.matchAll(/\{(\w+)\}/g)].map((match) => `{{${match[1]}}}`);
      for (const [language, tree] of [
        ["en", en],
        ["es", es],
      ] as const) {
        const translated = (tree.events.messages as Record<string, string>)[key];
        expect(translated, `${language}: ${key}`).toBeTypeOf("string");
        for (const name of names) expect(translated, `${language}: ${key}`).toContain(name);
      }
    }
  });

  it("translates a refusal by its key, its placeholders filled, and leaves any other text as it came", async () => {
    await i18n.changeLanguage("es");
    expect(eventMessage(i18n.t, EVENT_MESSAGES.otherEvent)).toBe("Esta entrada es de otro evento.");
    expect(eventMessage(i18n.t, "The capacity cannot be below the places already taken (12).")).toBe(
      "Las plazas no pueden ser menos que las ya ocupadas (12).",
    );
    expect(eventMessage(i18n.t, "Something else.")).toBe("Something else.");
    // Every module's refusals go through one registry (lib/refusals.ts): the notices translate these too.
    expect(refusalText(i18n.t, EVENT_MESSAGES.refundTooMuch)).toBe("Un reembolso no puede superar lo pagado y aún no reembolsado.");
    await i18n.changeLanguage("en");
    expect(eventMessage(i18n.t, "Already checked in at 2026-06-03T08:05:00.000Z.")).toMatch(/^Already checked in at 2026-06-03, \d\d:05 (am|pm)\.$/);
    expect(fieldMessage(i18n.t, "Sales must end after they start.")).toBe("Sales must end after they start.");
    expect(fieldMessage(i18n.t, undefined)).toBeUndefined();
  });

  it("words a refused scan by the server's reason, or by the status when it gave none", () => {
    expect(refusalOf(new ApiError(409, { detail: EVENT_MESSAGES.ticketCancelled }), i18n.t)).toBe(
      "This registration is cancelled or refunded: do not let them in.",
    );
    expect(refusalOf(new ApiError(400, { code: [EVENT_MESSAGES.ticketUnknown] }), i18n.t)).toBe("This code is not a ticket.");
    expect(refusalOf(new ApiError(404, {}), i18n.t)).toMatch(/\(404\)$/);
  });
});

describe("the door's scanner", () => {
  it("sends one code at a time, waits while the answer is read, and does not send the same ticket again at once", () => {
    const gate = new ScanGate();
    expect(gate.accept("A", 0)).toBe(true);
    // While the first is on its way, nothing else goes.
    expect(gate.accept("B", 100)).toBe(false);
    gate.done(500);
    expect(gate.accept("B", 500 + RESULT_HOLD_MS - 1)).toBe(false);
    expect(gate.accept("A", 500 + RESULT_HOLD_MS)).toBe(false);
    expect(gate.accept("B", 500 + RESULT_HOLD_MS)).toBe(true);
    gate.done(3000);
    expect(gate.accept("B", 3000 + SAME_CODE_MS - 1)).toBe(false);
    expect(gate.accept("B", 3000 + SAME_CODE_MS)).toBe(true);
  });

  it("tells a refused camera from a missing one", () => {
    expect(cameraProblemOf(new DOMException("no", "NotAllowedError"))).toBe("denied");
    expect(cameraProblemOf(new DOMException("none", "NotFoundError"))).toBe("missing");
    expect(cameraProblemOf(new Error("boom"))).toBe("failed");
  });
});

describe("a registration's actions and money", () => {
  const facts = (state: Parameters<typeof registrationActions>[0]["state"], paidCents = 0, refundedCents = 0) => ({ state, paidCents, refundedCents });

  it("offers what its state allows", () => {
    expect(registrationActions(facts("pending_payment"))).toEqual(["confirm", "cancel", "resend"]);
    expect(registrationActions(facts("confirmed", 2000))).toEqual(["checkIn", "refund", "cancel", "resend"]);
    expect(registrationActions(facts("confirmed"))).toEqual(["checkIn", "cancel", "resend"]);
    expect(registrationActions(facts("waiting"))).toEqual(["cancel", "resend"]);
    expect(registrationActions(facts("checked_in", 2000, 500))).toEqual(["refund", "resend"]);
    expect(registrationActions(facts("cancelled", 2000, 2000))).toEqual([]);
    expect(registrationActions(facts("cancelled", 2000, 0))).toEqual(["refund"]);
    expect(registrationActions(facts("expired"))).toEqual([]);
  });

  it("reads a refund as cents up to what was paid and not given back", () => {
    expect(refundAmount("12,50", "EUR", 2000)).toEqual({ cents: 1250, problem: null });
    expect(refundAmount("20", "EUR", 2000)).toEqual({ cents: 2000, problem: null });
    expect(refundAmount("20.01", "EUR", 2000)).toEqual({ cents: null, problem: "tooMuch" });
    expect(refundAmount("0", "EUR", 2000)).toEqual({ cents: null, problem: "amount" });
    expect(refundAmount("ten", "EUR", 2000)).toEqual({ cents: null, problem: "amount" });
  });

  it("says what is owed, paid and refunded", () => {
    const row = { amountCents: 2550, paidCents: 2550, refundedCents: 0, currency: "EUR" };
    expect(amountText(row, "en", i18n.t)).toBe("€25.50");
    expect(amountText({ ...row, paidCents: 0 }, "en", i18n.t)).toBe("€25.50 (€0.00 paid)");
    expect(amountText({ ...row, refundedCents: 1000 }, "en", i18n.t)).toBe("€25.50 (€10.00 refunded)");
    expect(amountText({ ...row, amountCents: 0, paidCents: 0 }, "en", i18n.t)).toBe("Free");
  });

  it("shows an event's span in its own zone, the end's date only when it is another day", () => {
    const event = { startsAt: "2026-06-03T08:00:00.000Z", endsAt: "2026-06-03T11:30:00.000Z", timeZone: "Europe/Madrid" };
    expect(eventWhen(event)).toBe("2026-06-03, 10:00 am – 01:30 pm");
    expect(eventWhen({ ...event, endsAt: "2026-06-04T16:00:00.000Z" })).toBe("2026-06-03, 10:00 am – 2026-06-04, 06:00 pm");
  });
});
