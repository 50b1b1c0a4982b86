import { FORM_MESSAGES, formMessage } from "@clinic/shared";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api.ts";
import { translatedFailure } from "../../../lib/refusals.ts";
// The forms module registers its refusals where every forms screen calls the API.
import "./api.ts";
import { answerErrorsOf, errorAt, messageValues, translateFormMessage } from "./messages.ts";

/** A stand-in `t` that shows which key and values it was asked for. */
const t = ((key: string, values?: Record<string, unknown>) =>
  `${key}${values && Object.keys(values).length ? JSON.stringify(values) : ""}`) as unknown as TFunction;

describe("the API's form messages", () => {
  it("are translated by key, with their values", () => {
    expect(translateFormMessage(FORM_MESSAGES.required, t)).toBe("dynamicForms.messages.required");
    expect(translateFormMessage(formMessage("belowMin", { min: -2.5 }), t)).toBe('dynamicForms.messages.belowMin{"min":"-2.5"}');
    expect(translateFormMessage(formMessage("offStep", { step: 5, min: 0 }), t)).toBe('dynamicForms.messages.offStep{"step":"5","min":"0"}');
  });

  it("leave any other text as it is", () => {
    expect(translateFormMessage("Too small: expected string to have >=1 characters", t)).toBe("Too small: expected string to have >=1 characters");
  });

  it("read their placeholders back", () => {
    expect(messageValues("aboveMax", "Must be at most 10.")).toEqual({ max: "10" });
    expect(messageValues("required", FORM_MESSAGES.required)).toEqual({});
  });
});

describe("answer errors of a 400", () => {
  it("go onto the form's questions by key; the rest are told apart", () => {
    const split = answerErrorsOf(
      {
        "answers.q1": [FORM_MESSAGES.required],
        "answers.q2": [formMessage("aboveMax", { max: 4 })],
        "answers.old": [FORM_MESSAGES.notAField],
        assignment: ["Not found."],
      },
      ["q1", "q2"],
      t,
    );
    expect(split.byQuestion).toEqual({ q1: "dynamicForms.messages.required", q2: 'dynamicForms.messages.aboveMax{"max":"4"}' });
    expect(split.other).toEqual(["dynamicForms.messages.notAField", "Not found."]);
  });
});

describe("errorAt", () => {
  const errors = {
    name: { message: "Required.", type: "server" },
    fields: Object.assign([undefined, { label: { message: "Required." }, options: { root: { message: FORM_MESSAGES.needsOptions } } }], {
      root: { message: FORM_MESSAGES.noQuestions },
    }),
    scoring: { subscales: [{ fields: [undefined, { message: FORM_MESSAGES.unknownField }] }] },
  };

  it("finds a field's message, a list's root message, and a list entry's", () => {
    expect(errorAt(errors, "name")).toBe("Required.");
    expect(errorAt(errors, "fields.1.label")).toBe("Required.");
    expect(errorAt(errors, "fields.1.options")).toBe(FORM_MESSAGES.needsOptions);
    expect(errorAt(errors, "fields")).toBe(FORM_MESSAGES.noQuestions);
    expect(errorAt(errors, "scoring.subscales.0.fields")).toBe(FORM_MESSAGES.unknownField);
  });

  it("finds nothing where there is no error", () => {
    expect(errorAt(errors, "description")).toBeUndefined();
    expect(errorAt(errors, "fields.0.label")).toBeUndefined();
    expect(errorAt(undefined, "name")).toBeUndefined();
  });
});

describe("the forms' refusals in the one action hook (lib/refusals.ts)", () => {
  it("words a refusal's notice in the interface language, keeping the status", () => {
    const error = translatedFailure(new ApiError(409, { detail: FORM_MESSAGES.formHasAnswers }), t);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).message).toBe("dynamicForms.messages.formHasAnswers");
    expect((translatedFailure(new ApiError(403, { detail: "Other words." }), t) as ApiError).message).toBe("Other words.");
  });
});

describe("the review's refusals and the results' messages (one translator for the forms module)", () => {
  it("finds the values a message filled in", () => {
    expect(messageValues("belowMin", formMessage("belowMin", { min: 3 }))).toEqual({ min: "3" });
    expect(messageValues("offStep", formMessage("offStep", { step: 0.5, min: -1 }))).toEqual({ step: "0.5", min: "-1" });
    expect(messageValues("notSubmitted", FORM_MESSAGES.notSubmitted)).toEqual({});
  });

  it("translates a known message by its key, and leaves any other as written", () => {
    expect(translateFormMessage(formMessage("aboveMax", { max: 10 }), t)).toBe('dynamicForms.messages.aboveMax{"max":"10"}');
    expect(translateFormMessage("Something else.", t)).toBe("Something else.");
  });
});
