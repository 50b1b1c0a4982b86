import {
  EVENT_LIMITS,
  EVENT_MESSAGES,
  type EventQuestion,
  type Language,
  type PaymentProviderName,
  type PublicEvent,
  type PublicTicketType,
  type RegistrationInput,
} from "@clinic/shared";
import type { TFunction } from "i18next";
import { ApiError } from "../../../lib/api.ts";
import { fieldText, ticketStatus } from "./format.ts";

/**
 * The registration form's values and what it sends (POST /api/events/public/:slug/registrations):
 * answers keyed by question id, the payment method only for a priced ticket. The server checks it
 * all again; the form checks first what it can, so a guest fixes everything in one go.
 */

export type Answers = Record<string, string | boolean>;

export interface RegistrationValues {
  ticketTypeId: number | null;
  name: string;
  email: string;
  answers: Answers;
  provider: PaymentProviderName | null;
}

/** A field's problem: a text of this page's own (`key`), or a message the server (or EVENT_MESSAGES) words. */
export type FieldProblem = { key: string } | { text: string };
export type FieldProblems = Record<string, FieldProblem>;

export const answerField = (questionId: string) => `answers.${questionId}`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The ticket a guest most likely wants: the first with places, else the first on sale (its waiting list). */
function firstChoice(tickets: PublicTicketType[]): number | null {
  const open = tickets.find((ticket) => ticketStatus(ticket) === "open") ?? tickets.find((ticket) => ticket.onSale);
  return open?.id ?? null;
}

const emptyAnswer = (question: EventQuestion) => (question.kind === "checkbox" ? false : "");

export function initialValues(event: PublicEvent): RegistrationValues {
  return {
    ticketTypeId: firstChoice(event.ticketTypes),
    name: "",
    email: "",
    answers: Object.fromEntries(event.questions.map((question) => [question.id, emptyAnswer(question)])),
    provider: event.providers[0] ?? null,
  };
}

export const chosenTicket = (event: PublicEvent, values: RegistrationValues) => event.ticketTypes.find((ticket) => ticket.id === values.ticketTypeId) ?? null;

/** A priced ticket asks how it is paid; a free one never does. */
export const needsPayment = (event: PublicEvent, values: RegistrationValues) => (chosenTicket(event, values)?.priceCents ?? 0) > 0;

function answerProblem(question: EventQuestion, answer: string | boolean | undefined): FieldProblem | null {
  if (question.kind === "checkbox") return question.required && answer !== true ? { text: EVENT_MESSAGES.answerRequired } : null;
  const text = typeof answer === "string" ? answer.trim() : "";
  if (!text) return question.required ? { text: EVENT_MESSAGES.answerRequired } : null;
  if (question.kind === "choice" && !question.options.includes(text)) return { text: EVENT_MESSAGES.answerChoice };
  if (text.length > EVENT_LIMITS.answer) return { key: "eventPublic.form.tooLong" };
  return null;
}

/** Everything the form can tell before sending, by the server's field names; empty when it may go. */
export function validateRegistration(event: PublicEvent, values: RegistrationValues): FieldProblems {
  const problems: FieldProblems = {};
  const ticket = chosenTicket(event, values);
  if (!ticket) problems.ticketTypeId = { key: "eventPublic.form.chooseTicket" };
  else if (!ticket.onSale) problems.ticketTypeId = { text: EVENT_MESSAGES.notOnSale };
  const name = values.name.trim();
  if (!name) problems.name = { key: "eventPublic.form.nameRequired" };
  else if (name.length > EVENT_LIMITS.name) problems.name = { key: "eventPublic.form.tooLong" };
  const email = values.email.trim();
  if (!email) problems.email = { key: "eventPublic.form.emailRequired" };
  else if (!EMAIL.test(email) || email.length > EVENT_LIMITS.email) problems.email = { key: "eventPublic.form.emailInvalid" };
  for (const question of event.questions) {
    const problem = answerProblem(question, values.answers[question.id]);
    if (problem) problems[answerField(question.id)] = problem;
  }
  if (ticket && ticket.priceCents > 0) {
    if (!values.provider) problems.provider = { text: EVENT_MESSAGES.providerNeeded };
    else if (!event.providers.includes(values.provider)) problems.provider = { text: EVENT_MESSAGES.providerOff };
  }
  return problems;
}

/** What the form sends: the answers of this event's questions only, empty optional ones left out. */
export function registrationBody(event: PublicEvent, values: RegistrationValues, language: Language): RegistrationInput {
  const answers: Answers = {};
  for (const question of event.questions) {
    const answer = values.answers[question.id];
    if (question.kind === "checkbox") answers[question.id] = answer === true;
    else if (typeof answer === "string" && answer.trim()) answers[question.id] = answer.trim();
  }
  const body: RegistrationInput = {
    ticketTypeId: values.ticketTypeId ?? 0,
    name: values.name.trim(),
    email: values.email.trim(),
    answers,
    language,
  };
  if (needsPayment(event, values) && values.provider) body.provider = values.provider;
  return body;
}

/**
 * A 400's field errors split into those the form shows on a field of its own and the rest (said
 * above the button): a field the form does not have must not be lost.
 */
export function placeServerErrors(event: PublicEvent, fields: Record<string, string[]>): { problems: FieldProblems; unplaced: string[] } {
  const known = new Set(["name", "email", "ticketTypeId", "provider", ...event.questions.map((question) => answerField(question.id))]);
  const problems: FieldProblems = {};
  const unplaced: string[] = [];
  for (const [field, messages] of Object.entries(fields)) {
    if (known.has(field)) problems[field] = { text: messages.join(" ") };
    else unplaced.push(...messages);
  }
  return { problems, unplaced };
}

/**
 * What a refused registration shows: field errors on their fields, anything else in the alert
 * above the button (a refusal, 409, or the payment provider's failure, 502, in the server's
 * words, which the page translates by key; any other failure as "could not be sent"), and
 * whether the event's page should be asked for again (its places or sales may have changed).
 */
export function registrationFailure(event: PublicEvent, failure: unknown): { problems: FieldProblems; refusal: FieldProblem | null; stale: boolean } {
  const failed = { key: "eventPublic.form.failed" };
  if (!(failure instanceof ApiError)) return { problems: {}, refusal: failed, stale: false };
  const detail = typeof failure.body.detail === "string" ? failure.body.detail : null;
  if (failure.status === 400) {
    const { problems, unplaced } = placeServerErrors(event, failure.fieldErrors);
    const said = [...unplaced, ...(detail ? [detail] : [])];
    const refusal = said.length > 0 ? { text: said.join(" ") } : Object.keys(problems).length > 0 ? null : failed;
    return { problems, refusal, stale: false };
  }
  const explained = (failure.status === 409 || failure.status === 502) && detail ? { text: detail } : failed;
  return { problems: {}, refusal: explained, stale: failure.status === 409 || failure.status === 404 };
}

export const problemText = (t: TFunction, problem: FieldProblem | undefined): string | undefined =>
  problem ? ("key" in problem ? t(problem.key) : fieldText(t, problem.text)) : undefined;
