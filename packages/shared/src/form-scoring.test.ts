import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bandOf, checkAnswers, fieldScoreRange, keptAnswers, scoreAnswers, scoreRange } from "./form-scoring.ts";
import {
  FORM_MESSAGES,
  type FormAnswers,
  type FormAnswerValue,
  type FormDefinition,
  type FormField,
  type FormFieldInput,
  type FormInput,
  formDefinitionSchema,
  formInputSchema,
  isScored,
  LONG_TEXT_MAX,
  SHORT_TEXT_MAX,
} from "./forms.ts";

function definition(fields: FormFieldInput[], scoring: FormInput["scoring"] = undefined): FormDefinition {
  return formDefinitionSchema.parse({ fields, scoring });
}

const choices = (...scores: (number | null)[]) => scores.map((score, index) => ({ value: `c${index + 1}`, label: `Choice ${index + 1}`, score }));

/** One field of each type, none required but the ones named. */
const everyType = definition([
  { type: "section", key: "intro", label: "About you" },
  { type: "shortText", key: "name", label: "Name", required: true },
  { type: "longText", key: "story", label: "Story" },
  { type: "number", key: "weight", label: "Weight", min: 1, max: 10, step: 0.5 },
  { type: "number", key: "free", label: "Any number" },
  { type: "singleChoice", key: "one", label: "One", options: choices(1, 2, 3), required: true },
  { type: "multipleChoice", key: "many", label: "Many", options: choices(1, 2, 3) },
  { type: "scale", key: "pain", label: "Pain", min: 0, max: 10 },
  { type: "date", key: "since", label: "Since" },
  { type: "yesNo", key: "falls", label: "Falls", yesScore: 1, noScore: 0 },
]);

describe("checkAnswers", () => {
  it("take a full set of good answers, on submit as in a draft", () => {
    const answers: FormAnswers = {
      name: "Ana",
      story: "Dizzy since spring.",
      weight: 7.5,
      free: -3.25,
      one: "c2",
      many: ["c3", "c1"],
      pain: 4,
      since: "2024-02-29",
      falls: false,
    };
    expect(checkAnswers(everyType, answers, true)).toEqual({});
    expect(checkAnswers(everyType, answers, false)).toEqual({});
  });

  it("refuse a key that is no question of the form, answered or empty", () => {
    expect(checkAnswers(everyType, { other: "x" }, false)).toEqual({ "answers.other": [FORM_MESSAGES.notAField] });
    expect(checkAnswers(everyType, { other: null }, false)).toEqual({ "answers.other": [FORM_MESSAGES.notAField] });
  });

  it("refuse an answer to a section heading", () => {
    expect(checkAnswers(everyType, { intro: "hello" }, false)).toEqual({ "answers.intro": [FORM_MESSAGES.notAField] });
  });

  it("refuse a choice that is not the field's", () => {
    expect(checkAnswers(everyType, { one: "c4" }, false)).toEqual({ "answers.one": [FORM_MESSAGES.notAnOption] });
    expect(checkAnswers(everyType, { one: 1 }, false)).toEqual({ "answers.one": [FORM_MESSAGES.notAnOption] });
    expect(checkAnswers(everyType, { many: ["c1", "c9"] }, false)).toEqual({ "answers.many": [FORM_MESSAGES.notAnOption] });
    expect(checkAnswers(everyType, { many: "c1" }, false)).toEqual({ "answers.many": [FORM_MESSAGES.notChoices] });
  });

  it("refuse a choice picked twice", () => {
    expect(checkAnswers(everyType, { many: ["c1", "c2", "c1"] }, false)).toEqual({ "answers.many": [FORM_MESSAGES.duplicateChoice] });
  });

  it("refuse numbers below, above or off the grid, and non-numbers", () => {
    expect(checkAnswers(everyType, { weight: 0.5 }, false)).toEqual({ "answers.weight": ["Must be at least 1."] });
    expect(checkAnswers(everyType, { weight: 10.5 }, false)).toEqual({ "answers.weight": ["Must be at most 10."] });
    expect(checkAnswers(everyType, { weight: 1.25 }, false)).toEqual({ "answers.weight": ["Must be a multiple of 0.5 from 1."] });
    expect(checkAnswers(everyType, { weight: "7" }, false)).toEqual({ "answers.weight": [FORM_MESSAGES.notANumber] });
    expect(checkAnswers(everyType, { pain: 11 }, false)).toEqual({ "answers.pain": ["Must be at most 10."] });
    expect(checkAnswers(everyType, { pain: -1 }, false)).toEqual({ "answers.pain": ["Must be at least 0."] });
    expect(checkAnswers(everyType, { pain: 2.5 }, false)).toEqual({ "answers.pain": ["Must be a multiple of 1 from 0."] });
    expect(checkAnswers(everyType, { free: 1e9 }, false)).toEqual({});
  });

  it("measure a step from 0 when the number has no minimum", () => {
    const stepped = definition([{ type: "number", key: "n", label: "N", max: 100, step: 0.25 }]);
    expect(checkAnswers(stepped, { n: -0.75 }, false)).toEqual({});
    expect(checkAnswers(stepped, { n: 0.3 }, false)).toEqual({ "answers.n": ["Must be a multiple of 0.25 from 0."] });
  });

  it("take cents typed near the largest numbers, and refuse what lies between them", () => {
    // (-89654.04 + 89654.1) / 0.01 is 5.9999999995 in binary: off the grid by more than 1e-9 steps.
    const cents = definition([{ type: "number", key: "n", label: "N", min: -89654.1, step: 0.01 }]);
    expect(checkAnswers(cents, { n: -89654.04 }, false)).toEqual({});
    expect(checkAnswers(cents, { n: 99999.99 }, false)).toEqual({});
    expect(checkAnswers(cents, { n: 99999.995 }, false)).toEqual({ "answers.n": ["Must be a multiple of 0.01 from -89654.1."] });
  });

  it("refuse dates that are not real days written YYYY-MM-DD", () => {
    for (const since of ["2026-02-30", "2023-02-29", "2026/01/05", "05-01-2026", "yesterday", 20260105]) {
      expect(checkAnswers(everyType, { since }, false)).toEqual({ "answers.since": [FORM_MESSAGES.notADate] });
    }
  });

  it("refuse text of the wrong type or too long, and yes/no that is not a boolean", () => {
    expect(checkAnswers(everyType, { name: 5 }, false)).toEqual({ "answers.name": [FORM_MESSAGES.notText] });
    expect(checkAnswers(everyType, { name: "x".repeat(SHORT_TEXT_MAX + 1) }, false)).toEqual({ "answers.name": [FORM_MESSAGES.tooLong] });
    expect(checkAnswers(everyType, { name: "x".repeat(SHORT_TEXT_MAX) }, false)).toEqual({});
    expect(checkAnswers(everyType, { story: "x".repeat(LONG_TEXT_MAX) }, false)).toEqual({});
    expect(checkAnswers(everyType, { falls: "yes" }, false)).toEqual({ "answers.falls": [FORM_MESSAGES.notYesNo] });
  });

  it("ask for required answers on submit only, an empty answer counting as none", () => {
    const required = { "answers.name": [FORM_MESSAGES.required], "answers.one": [FORM_MESSAGES.required] };
    expect(checkAnswers(everyType, {}, true)).toEqual(required);
    expect(checkAnswers(everyType, { name: "", one: null }, true)).toEqual(required);
    expect(checkAnswers(everyType, {}, false)).toEqual({});
    expect(checkAnswers(everyType, { name: "", one: null, many: [] }, false)).toEqual({});
    expect(checkAnswers(everyType, { name: "Ana", one: "c1" }, true)).toEqual({});
  });

  it("ask for a required answer whose key an object inherits", () => {
    // `answers.constructor` is Object's own constructor unless the answers hold the key themselves.
    const inherited = definition([
      { type: "singleChoice", key: "constructor", label: "A", options: choices(1, 2), required: true },
      { type: "scale", key: "toString", label: "B", min: 0, max: 10, required: true },
    ]);
    expect(checkAnswers(inherited, {}, true)).toEqual({
      "answers.constructor": [FORM_MESSAGES.required],
      "answers.toString": [FORM_MESSAGES.required],
    });
  });
});

describe("scoreAnswers", () => {
  it("leave out a question keyed like a member every object inherits when it is not answered", () => {
    const inherited = definition(
      [
        { type: "multipleChoice", key: "hasOwnProperty", label: "A", options: choices(1, 2) },
        { type: "scale", key: "valueOf", label: "B", min: 0, max: 10 },
        { type: "singleChoice", key: "c", label: "C", options: choices(4, 6), required: true },
      ],
      { total: "mean", subscales: [{ key: "all", name: "All", fields: ["hasOwnProperty", "valueOf", "c"] }], bands: [] },
    );
    // Only c is answered: a mean of 6 over one question, not a crash or a string.
    const result = scoreAnswers(inherited, { c: "c2" });
    expect(result.total).toBe(6);
    expect(result.subscales[0]?.score).toBe(6);
  });
});

describe("keptAnswers", () => {
  it("drop empty answers and keep zeros, false and text", () => {
    expect(keptAnswers({ a: "", b: null, c: [], d: 0, e: false, f: "x", g: ["c1"] })).toEqual({ d: 0, e: false, f: "x", g: ["c1"] });
  });
});

describe("scoreRange", () => {
  const field = (input: FormFieldInput): FormField => definition([input]).fields[0] as FormField;

  it("add up required fields' ranges and let optional ones add nothing", () => {
    const required = field({ type: "singleChoice", key: "a", label: "A", options: choices(2, 5), required: true });
    const optional = field({ type: "singleChoice", key: "b", label: "B", options: choices(2, 5) });
    const negative = field({ type: "yesNo", key: "c", label: "C", yesScore: -3, noScore: 1 });
    // Required: 2..5. Optional: empty adds 0, so 0..5. Optional yes/no: -3..1 and 0 both inside.
    expect(scoreRange([required, optional, negative], "sum")).toEqual({ min: 2 + 0 - 3, max: 5 + 5 + 1 });
  });

  it("keep a mean between the lowest and highest any one field adds", () => {
    const low = field({ type: "scale", key: "a", label: "A", min: -5, max: 5 });
    const high = field({ type: "singleChoice", key: "b", label: "B", options: choices(10, 20) });
    expect(scoreRange([low, high], "mean")).toEqual({ min: -5, max: 20 });
  });

  it("have no range over unscored fields", () => {
    expect(scoreRange([field({ type: "shortText", key: "a", label: "A" })], "sum")).toBeNull();
    expect(scoreRange([field({ type: "singleChoice", key: "a", label: "A", options: choices(null, null) })], "mean")).toBeNull();
    expect(scoreRange([field({ type: "scale", key: "a", label: "A", min: 0, max: 4, scored: false })], "sum")).toBeNull();
  });

  it("let several choices add all the negatives or all the positives", () => {
    expect(fieldScoreRange(field({ type: "multipleChoice", key: "a", label: "A", options: choices(-2, 3, null, -1.5, 4) }))).toEqual({ min: -3.5, max: 7 });
    // All positive: at least one pick, so the lowest single one.
    expect(fieldScoreRange(field({ type: "multipleChoice", key: "a", label: "A", options: choices(2, 3) }))).toEqual({ min: 2, max: 5 });
    // All negative: the highest single one at best.
    expect(fieldScoreRange(field({ type: "multipleChoice", key: "a", label: "A", options: choices(-2, -3) }))).toEqual({ min: -5, max: -2 });
  });

  it("end a scale at its last point on the grid", () => {
    expect(fieldScoreRange(field({ type: "scale", key: "a", label: "A", min: 1, max: 10, step: 3 }))).toEqual({ min: 1, max: 10 });
    expect(fieldScoreRange(field({ type: "scale", key: "a", label: "A", min: 0, max: 10, step: 3 }))).toEqual({ min: 0, max: 9 });
  });
});

describe("bandOf", () => {
  const bands = [
    { from: 0, label: "mild" },
    { from: 31, label: "moderate" },
    { from: 61, label: "severe" },
  ];

  it("read a total as the last band starting at or below it", () => {
    expect(bandOf(bands, 0)).toBe("mild");
    expect(bandOf(bands, 30.99)).toBe("mild");
    expect(bandOf(bands, 31)).toBe("moderate");
    expect(bandOf(bands, 60)).toBe("moderate");
    expect(bandOf(bands, 61)).toBe("severe");
    expect(bandOf(bands, 1000)).toBe("severe");
  });

  it("have no band below the first, without a total, or without bands", () => {
    expect(bandOf(bands, -1)).toBeNull();
    expect(bandOf(bands, null)).toBeNull();
    expect(bandOf([], 10)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Property: any valid form and any valid answers to it pass the checks and score inside the
// declared ranges.

/** Keys include names every object inherits, which must not pass for answers. */
const keyArb = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/) },
  { weight: 1, arbitrary: fc.constantFrom("constructor", "toString", "valueOf", "hasOwnProperty", "__proto__", "isPrototypeOf") },
);
/** Cents from -100 000 to 100 000: negatives and decimals. */
const scoreArb = fc.integer({ min: -10_000_000, max: 10_000_000 }).map((cents) => cents / 100);
const optionsArb = fc
  .uniqueArray(keyArb, { minLength: 2, maxLength: 6 })
  .chain((values) => fc.tuple(...values.map((value) => fc.option(scoreArb, { freq: 4 }).map((score) => ({ value, label: `Choice ${value}`, score })))));

function fieldArb(key: string): fc.Arbitrary<FormFieldInput> {
  const base = fc.record({ label: fc.constant(`Question ${key}`), required: fc.boolean() }).map((common) => ({ key, ...common }));
  const scale = fc
    .record({
      min: fc.integer({ min: -100_000, max: 99_000 }),
      step: fc.integer({ min: 1, max: 1000 }),
      points: fc.integer({ min: 1, max: 101 }),
      spare: fc.nat(999),
      scored: fc.boolean(),
    })
    .map(({ min, step, points, spare, scored }) => {
      const tightStep = Math.max(1, Math.min(step, Math.floor((100_000 - min) / Math.max(1, points))));
      const max = Math.min(100_000, min + (points - 1) * tightStep + (spare % tightStep) + (points === 1 ? 1 : 0));
      return { type: "scale" as const, min, max, step: tightStep, scored };
    });
  const number = fc
    .record({ min: fc.option(scoreArb), max: fc.option(scoreArb), step: fc.option(fc.constantFrom(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 100)) })
    .map(({ min, max, step }) => ({ type: "number" as const, ...(min !== null && max !== null && min > max ? { min: max, max: min } : { min, max }), step }));
  const typed = fc.oneof(
    fc.constant({ type: "section" as const }),
    fc.constant({ type: "shortText" as const }),
    fc.constant({ type: "longText" as const }),
    fc.constant({ type: "date" as const }),
    number,
    optionsArb.map((options) => ({ type: "singleChoice" as const, options })),
    optionsArb.map((options) => ({ type: "multipleChoice" as const, options })),
    scale,
    fc.record({ yesScore: fc.option(scoreArb), noScore: fc.option(scoreArb) }).map((scores) => ({ type: "yesNo" as const, ...scores })),
  );
  return fc.tuple(base, typed).map(([common, field]) => ({ ...common, ...field }) as FormFieldInput);
}

const formArb: fc.Arbitrary<FormDefinition> = fc
  .uniqueArray(keyArb, { minLength: 1, maxLength: 12 })
  .chain((keys) => fc.tuple(...keys.map(fieldArb)))
  .filter((fields) => fields.some((field) => field.type !== "section"))
  .chain((fieldInputs) => {
    const fields = definition(fieldInputs).fields;
    const scoredKeys = fields.filter(isScored).map((field) => field.key);
    const subscales =
      scoredKeys.length === 0
        ? fc.constant([])
        : fc
            .array(fc.subarray(scoredKeys, { minLength: 1 }), { maxLength: 3 })
            .map((groups) => groups.map((group, index) => ({ key: `s${index}`, name: `Subscale ${index}`, fields: group })));
    const total = fc.constantFrom("sum" as const, "mean" as const, null);
    return fc.record({ total, subscales }).chain(({ total, subscales: groups }) => {
      const bands =
        total === null
          ? fc.constant([])
          : fc.uniqueArray(scoreArb, { maxLength: 4 }).map((starts) => [...starts].sort((a, b) => a - b).map((from) => ({ from, label: `From ${from}` })));
      return bands.map((bandList) => {
        const parsed = formInputSchema.safeParse({
          name: "Random",
          description: "Random form",
          language: "en",
          fields: fieldInputs,
          scoring: { total, subscales: groups, bands: bandList },
        });
        if (!parsed.success) throw new Error(`The generator made an invalid form: ${parsed.error.message}`);
        return { fields: parsed.data.fields, scoring: parsed.data.scoring };
      });
    });
  });

/** Decimals as a person types them: a grid point written with at most two decimals. */
const typed = (value: number) => Number(value.toFixed(2));

function answerArb(field: FormField): fc.Arbitrary<FormAnswerValue> {
  switch (field.type) {
    case "section":
      return fc.constant(null);
    case "shortText":
      return fc.string({ minLength: 1, maxLength: SHORT_TEXT_MAX });
    case "longText":
      return fc.string({ minLength: 1, maxLength: 2000 });
    case "date":
      return fc
        .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2199-12-31T00:00:00Z"), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case "yesNo":
      return fc.boolean();
    case "singleChoice":
      return fc.constantFrom(...field.options.map((option) => option.value));
    case "multipleChoice":
      return fc.shuffledSubarray(
        field.options.map((option) => option.value),
        { minLength: 1 },
      );
    case "scale": {
      const points = Math.floor((field.max - field.min) / field.step);
      return fc.integer({ min: 0, max: points }).map((index) => field.min + index * field.step);
    }
    case "number": {
      const { min, max, step } = field;
      if (step === null) return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
      const base = min ?? 0;
      let high = max === null ? 2000 : Math.floor((max - base) / step);
      while (max !== null && typed(base + high * step) > max) high -= 1;
      const low = min !== null ? 0 : high - 2000;
      return fc.integer({ min: low, max: high }).map((index) => typed(base + index * step));
    }
  }
}

/** A valid answer for every required question; optional ones answered, left out or left empty. */
function answersArb(form: FormDefinition): fc.Arbitrary<FormAnswers> {
  const questions = form.fields.filter((field) => field.type !== "section");
  return fc
    .tuple(
      ...questions.map((field) =>
        field.required
          ? answerArb(field).map((value) => ({ value, kept: true }))
          : fc.oneof(
              answerArb(field).map((value) => ({ value, kept: true })),
              fc.constantFrom({ value: null, kept: true }, { value: null, kept: false }),
            ),
      ),
    )
    .map((values) => Object.fromEntries(questions.flatMap((field, index) => (values[index]?.kept ? [[field.key, values[index]?.value ?? null]] : []))));
}

/** The points each answered scored question adds, worked out apart from form-scoring.ts. */
function pointsOf(fields: FormField[], answers: FormAnswers): number[] {
  const points: number[] = [];
  for (const field of fields) {
    if (!Object.hasOwn(answers, field.key) || !isScored(field)) continue;
    const value = answers[field.key];
    if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    const scoreOf = (picked: unknown) =>
      field.type === "singleChoice" || field.type === "multipleChoice" ? (field.options.find((option) => option.value === picked)?.score ?? 0) : 0;
    if (field.type === "singleChoice") points.push(scoreOf(value));
    if (field.type === "multipleChoice") points.push((value as string[]).reduce((sum, picked) => sum + scoreOf(picked), 0));
    if (field.type === "scale") points.push(value as number);
    if (field.type === "yesNo") points.push((value ? field.yesScore : field.noScore) ?? 0);
  }
  return points;
}

/** Sums of up to a dozen cent values carry float error far below a cent. */
const EPSILON = 1e-6;

function expectScoreInside(score: number | null, exact: number | null, range: { min: number; max: number } | null) {
  if (exact === null) {
    expect(score).toBeNull();
    return;
  }
  expect(range).not.toBeNull();
  if (score === null || range === null) return;
  // The range must hold the exact score, not only the stored one (which is kept inside it).
  expect(exact).toBeGreaterThanOrEqual(range.min - EPSILON);
  expect(exact).toBeLessThanOrEqual(range.max + EPSILON);
  expect(score).toBeGreaterThanOrEqual(range.min);
  expect(score).toBeLessThanOrEqual(range.max);
  // Stored to the cent.
  expect(Math.abs(score - exact)).toBeLessThanOrEqual(0.005 + EPSILON);
}

const exactScore = (points: number[], method: "sum" | "mean") => {
  if (points.length === 0) return null;
  const sum = points.reduce((total, point) => total + point, 0);
  return method === "mean" ? sum / points.length : sum;
};

describe("scoring any form (property)", () => {
  it("accepts every valid set of answers on submit and scores it inside the declared ranges", () => {
    fc.assert(
      fc.property(
        formArb.chain((form) => fc.tuple(fc.constant(form), answersArb(form))),
        ([form, answers]) => {
          expect(checkAnswers(form, answers, true)).toEqual({});
          expect(checkAnswers(form, answers, false)).toEqual({});
          const result = scoreAnswers(form, answers);
          const scored = form.fields.filter(isScored);
          const method = form.scoring.total ?? "sum";
          if (form.scoring.total === null) {
            expect(result.total).toBeNull();
            expect(result.totalRange).toBeNull();
            expect(result.band).toBeNull();
          } else {
            expect(result.totalRange).toEqual(scoreRange(scored, method));
            expectScoreInside(result.total, exactScore(pointsOf(scored, answers), method), result.totalRange);
            expect(result.band).toBe(bandOf(form.scoring.bands, result.total));
          }
          expect(result.subscales.map((subscale) => subscale.key)).toEqual(form.scoring.subscales.map((subscale) => subscale.key));
          form.scoring.subscales.forEach((subscale, index) => {
            const fields = scored.filter((field) => subscale.fields.includes(field.key));
            const got = result.subscales[index];
            expect(got?.range).toEqual(scoreRange(fields, method));
            expectScoreInside(got?.score ?? null, exactScore(pointsOf(fields, answers), method), got?.range ?? null);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("asks on submit for every required question left out or empty, and for nothing else", () => {
    fc.assert(
      fc.property(
        formArb.chain((form) => fc.tuple(fc.constant(form), answersArb(form), fc.boolean())),
        ([form, answers, emptyRatherThanAbsent]) => {
          const required = form.fields.filter((field) => field.required && field.type !== "section").map((field) => field.key);
          // Built with fromEntries: assigning `__proto__` would set the prototype, not a key.
          const kept = Object.entries(answers).filter(([key]) => !required.includes(key));
          const withoutRequired = Object.fromEntries(emptyRatherThanAbsent ? [...kept, ...required.map((key) => [key, null])] : kept);
          expect(checkAnswers(form, withoutRequired, true)).toEqual(Object.fromEntries(required.map((key) => [`answers.${key}`, [FORM_MESSAGES.required]])));
          expect(checkAnswers(form, withoutRequired, false)).toEqual({});
        },
      ),
      { numRuns: 200 },
    );
  });
});
