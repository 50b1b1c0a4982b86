import { EVENT_MESSAGES } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { nextStep } from "./RegistrationForm.tsx";
import { ApiError } from "../../../lib/api.ts";
import { initialValues, placeServerErrors, type RegistrationValues, registrationBody, registrationFailure, validateRegistration } from "./registration.ts";
import { publicEventFixture, publicRegistrationFixture } from "./test-fixtures.ts";

const event = publicEventFixture();
const filled = (overrides: Partial<RegistrationValues> = {}): RegistrationValues => ({
  ...initialValues(event),
  name: "  Lucía Gómez ",
  email: " lucia@example.com ",
  answers: { diet: "  ", level: "Beginner", photos: false },
  ...overrides,
});

describe("the registration form's first values", () => {
  it("choose the first ticket with places, the first payment method, and empty answers of each kind", () => {
    expect(initialValues(event)).toEqual({
      ticketTypeId: 1,
      name: "",
      email: "",
      answers: { diet: "", level: "", photos: false },
      provider: "manual",
    });
  });

  it("fall back to a sold-out ticket on sale (its waiting list), never to one off sale", () => {
    const full = publicEventFixture({ ticketTypes: event.ticketTypes.slice(1) });
    expect(initialValues(full).ticketTypeId).toBe(2);
    expect(initialValues(publicEventFixture({ ticketTypes: event.ticketTypes.slice(2) })).ticketTypeId).toBeNull();
  });
});

describe("what the form sends", () => {
  it("maps each question's answer by its id: text trimmed, an empty optional one left out, a checkbox always as a boolean", () => {
    expect(registrationBody(event, filled(), "es")).toEqual({
      ticketTypeId: 1,
      name: "Lucía Gómez",
      email: "lucia@example.com",
      answers: { level: "Beginner", photos: false },
      provider: "manual",
      language: "es",
    });
    const answered = registrationBody(event, filled({ answers: { diet: " Vegan ", level: "Advanced", photos: true } }), "en");
    expect(answered.answers).toEqual({ diet: "Vegan", level: "Advanced", photos: true });
  });

  it("sends only the event's own questions", () => {
    const body = registrationBody(event, filled({ answers: { level: "Beginner", stale: "from another event" } }), "en");
    expect(body.answers).toEqual({ level: "Beginner", photos: false });
  });

  it("names a payment method for a priced ticket only", () => {
    expect(registrationBody(event, filled({ provider: "stripe" }), "en").provider).toBe("stripe");
    const free = registrationBody(event, filled({ ticketTypeId: 2, provider: "stripe" }), "en");
    expect(free).not.toHaveProperty("provider");
    expect(free.ticketTypeId).toBe(2);
  });
});

describe("the form's own checks", () => {
  it("pass a complete registration", () => {
    expect(validateRegistration(event, filled())).toEqual({});
  });

  it("put each problem on the field the server would name", () => {
    const problems = validateRegistration(event, { ticketTypeId: null, name: " ", email: "not-an-email", answers: { level: "" }, provider: null });
    expect(problems).toEqual({
      ticketTypeId: { key: "eventPublic.form.chooseTicket" },
      name: { key: "eventPublic.form.nameRequired" },
      email: { key: "eventPublic.form.emailInvalid" },
      "answers.level": { text: EVENT_MESSAGES.answerRequired },
    });
  });

  it("want a required checkbox ticked, a choice among its options, and a way to pay a priced ticket", () => {
    const strict = publicEventFixture({ questions: event.questions.map((question) => ({ ...question, required: true })) });
    const problems = validateRegistration(strict, filled({ answers: { diet: "x", level: "Expert", photos: false }, provider: null }));
    expect(problems).toEqual({
      "answers.level": { text: EVENT_MESSAGES.answerChoice },
      "answers.photos": { text: EVENT_MESSAGES.answerRequired },
      provider: { text: EVENT_MESSAGES.providerNeeded },
    });
    const cardOnly = publicEventFixture({ providers: ["stripe"] });
    expect(validateRegistration(cardOnly, filled({ provider: "manual" }))).toEqual({ provider: { text: EVENT_MESSAGES.providerOff } });
  });

  it("refuse a ticket outside its sales window, and ask no payment for a free one", () => {
    expect(validateRegistration(event, filled({ ticketTypeId: 3 })).ticketTypeId).toEqual({ text: EVENT_MESSAGES.notOnSale });
    expect(validateRegistration(event, filled({ ticketTypeId: 2, provider: null }))).toEqual({});
  });
});

describe("the server's answer", () => {
  it("puts field errors on the form's fields and keeps the rest for the alert", () => {
    const placed = placeServerErrors(event, {
      email: ["Invalid email address"],
      "answers.level": [EVENT_MESSAGES.answerChoice],
      "answers.unknown": ["Unknown field."],
      language: ["Invalid option"],
    });
    expect(placed.problems).toEqual({ email: { text: "Invalid email address" }, "answers.level": { text: EVENT_MESSAGES.answerChoice } });
    expect(placed.unplaced).toEqual(["Unknown field.", "Invalid option"]);
  });

  it("shows a refusal in the alert, in the server's words (translated by key), and asks for the event again", () => {
    expect(registrationFailure(event, new ApiError(409, { detail: EVENT_MESSAGES.alreadyRegistered }))).toEqual({
      problems: {},
      refusal: { text: EVENT_MESSAGES.alreadyRegistered },
      stale: true,
    });
    expect(registrationFailure(event, new ApiError(502, { detail: "The payment provider could not start the payment." })).refusal).toEqual({
      text: "The payment provider could not start the payment.",
    });
    expect(registrationFailure(event, new ApiError(404, { detail: "Not found." }))).toEqual({
      problems: {},
      refusal: { key: "eventPublic.form.failed" },
      stale: true,
    });
    expect(registrationFailure(event, new ApiError(0, { detail: "The server could not be reached." })).refusal).toEqual({ key: "eventPublic.form.failed" });
    expect(registrationFailure(event, new Error("boom")).refusal).toEqual({ key: "eventPublic.form.failed" });
  });

  it("puts a 400's fields on the fields, and never leaves a 400 unexplained", () => {
    expect(registrationFailure(event, new ApiError(400, { email: ["Invalid email address"] }))).toEqual({
      problems: { email: { text: "Invalid email address" } },
      refusal: null,
      stale: false,
    });
    expect(registrationFailure(event, new ApiError(400, { detail: "A value is too long." })).refusal).toEqual({ text: "A value is too long." });
    expect(registrationFailure(event, new ApiError(400, {})).refusal).toEqual({ key: "eventPublic.form.failed" });
  });

  it("goes to the payment page when there is one, else to the ticket page", () => {
    const registration = publicRegistrationFixture({ state: "pending_payment" });
    expect(nextStep({ registration, token: "abcDEF123_-abcDEF123_-", redirectUrl: "https://checkout.stripe.com/c/pay/cs_1" })).toEqual({
      external: "https://checkout.stripe.com/c/pay/cs_1",
    });
    expect(nextStep({ registration, token: "abcDEF123_-abcDEF123_-", redirectUrl: null })).toEqual({ path: "/events/ticket/abcDEF123_-abcDEF123_-" });
  });
});
