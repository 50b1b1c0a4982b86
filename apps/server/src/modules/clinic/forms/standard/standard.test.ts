import { checkAnswers, FORM_MESSAGES, type FormAnswers, type FormDefinition, formInputSchema, scoreAnswers } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { STANDARD_FORMS } from "./index.ts";

function definition(key: string): FormDefinition {
  const form = STANDARD_FORMS.find((entry) => entry.key === key);
  if (!form) throw new Error(`No standard form ${key}`);
  return formInputSchema.parse(form.input);
}

const questionKeys = (count: number) => Array.from({ length: count }, (_, index) => `q${index + 1}`);

/** DHI answers: every item `fill`, then the listed items (1-based) overridden. */
function dhiAnswers(fill: string, overrides: Record<number, string> = {}): FormAnswers {
  return Object.fromEntries(questionKeys(25).map((key, index) => [key, overrides[index + 1] ?? fill]));
}

/** The subscales as the published DHI (Jacobson & Newman 1990) prints them. */
const PHYSICAL = [1, 4, 8, 11, 13, 17, 25];
const EMOTIONAL = [2, 9, 10, 15, 18, 20, 21, 22, 23];
const FUNCTIONAL = [3, 5, 6, 7, 12, 14, 16, 19, 24];

describe("standard questionnaires", () => {
  it("ship the DHI and ABC in English and Spanish, each a valid form", () => {
    expect(STANDARD_FORMS.map((form) => form.key)).toEqual(["dhi-en", "dhi-es", "abc-en", "abc-es"]);
    for (const form of STANDARD_FORMS) {
      const parsed = formInputSchema.safeParse(form.input);
      expect(parsed.success, `${form.key}: ${parsed.error?.message}`).toBe(true);
    }
    expect(definition("dhi-en").fields.length).toBe(26);
    expect(formInputSchema.parse(STANDARD_FORMS[1]?.input).language).toBe("es");
    expect(formInputSchema.parse(STANDARD_FORMS[3]?.input).language).toBe("es");
  });

  it("cite their sources and say how they are scored", () => {
    const descriptions = Object.fromEntries(STANDARD_FORMS.map((form) => [form.key, form.input.description]));
    expect(descriptions["dhi-en"]).toContain("Jacobson GP, Newman CW");
    expect(descriptions["dhi-en"]).toContain("1990");
    expect(descriptions["dhi-es"]).toContain("Pérez N, Garmendia I, Martín E, García-Tapia R");
    expect(descriptions["dhi-es"]).toContain("Acta Otorrinolaringol Esp. 2000;51");
    expect(descriptions["abc-en"]).toContain("Powell LE, Myers AM");
    expect(descriptions["abc-es"]).toContain("Montilla-Ibáñez A");
    expect(descriptions["abc-es"]).toContain("Disabil Rehabil. 2017;39(7):697-703");
    for (const key of ["dhi-en", "abc-en"]) expect(descriptions[key]).toMatch(/Scoring:/);
    for (const key of ["dhi-es", "abc-es"]) expect(descriptions[key]).toMatch(/Puntuación:/);
  });

  it("give the DHI 25 required yes / sometimes / no questions scored 4 / 2 / 0 in both languages", () => {
    for (const [key, labels] of [
      ["dhi-en", ["Yes", "Sometimes", "No"]],
      ["dhi-es", ["Sí", "A veces", "No"]],
    ] as const) {
      const questions = definition(key).fields.filter((field) => field.type !== "section");
      expect(questions.map((field) => field.key)).toEqual(questionKeys(25));
      for (const field of questions) {
        expect(field.type).toBe("singleChoice");
        expect(field.required).toBe(true);
        if (field.type !== "singleChoice") continue;
        expect(field.options.map((option) => [option.label, option.score])).toEqual([
          [labels[0], 4],
          [labels[1], 2],
          [labels[2], 0],
        ]);
      }
    }
  });

  it("group the DHI items into the published physical, emotional and functional subscales", () => {
    for (const key of ["dhi-en", "dhi-es"]) {
      const { subscales, total, bands } = definition(key).scoring;
      expect(total).toBe("sum");
      expect(subscales.map((subscale) => [subscale.key, subscale.fields])).toEqual([
        ["physical", PHYSICAL.map((item) => `q${item}`)],
        ["emotional", EMOTIONAL.map((item) => `q${item}`)],
        ["functional", FUNCTIONAL.map((item) => `q${item}`)],
      ]);
      expect(bands.map((band) => band.from)).toEqual([0, 31, 61]);
    }
  });

  it("give the ABC 16 required 0–100 % scales in steps of 10, averaged", () => {
    for (const key of ["abc-en", "abc-es"]) {
      const form = definition(key);
      const questions = form.fields.filter((field) => field.type !== "section");
      expect(questions.map((field) => field.key)).toEqual(questionKeys(16));
      for (const field of questions) {
        expect(field).toMatchObject({ type: "scale", min: 0, max: 100, step: 10, required: true, scored: true });
      }
      expect(form.scoring.total).toBe("mean");
      expect(form.scoring.bands.map((band) => band.from)).toEqual([0, 50, 80]);
    }
    expect(definition("abc-en").fields[1]).toMatchObject({ minLabel: "No confidence", maxLabel: "Completely confident" });
  });
});

describe("DHI scoring", () => {
  const [en, es] = [definition("dhi-en"), definition("dhi-es")];
  const score = (answers: FormAnswers) => {
    expect(checkAnswers(en, answers, true)).toEqual({});
    const result = scoreAnswers(en, answers);
    // The Spanish version scores alike, item for item.
    expect(scoreAnswers(es, answers).total).toBe(result.total);
    return { total: result.total, band: result.band, subscales: result.subscales.map((subscale) => subscale.score) };
  };

  it("declare 0–100 overall, 0–28 physical, 0–36 emotional and functional", () => {
    const result = scoreAnswers(en, dhiAnswers("no"));
    expect(result.totalRange).toEqual({ min: 0, max: 100 });
    expect(result.subscales.map((subscale) => subscale.range)).toEqual([
      { min: 0, max: 28 },
      { min: 0, max: 36 },
      { min: 0, max: 36 },
    ]);
  });

  it("score all No as 0, mild", () => {
    expect(score(dhiAnswers("no"))).toEqual({ total: 0, band: "Mild handicap", subscales: [0, 0, 0] });
  });

  it("score all Sometimes as 50, moderate: P 7×2 = 14, E 9×2 = 18, F 9×2 = 18", () => {
    expect(score(dhiAnswers("sometimes"))).toEqual({ total: 50, band: "Moderate handicap", subscales: [14, 18, 18] });
  });

  it("score all Yes as 100, severe: P 7×4 = 28, E 9×4 = 36, F 9×4 = 36", () => {
    expect(score(dhiAnswers("yes"))).toEqual({ total: 100, band: "Severe handicap", subscales: [28, 36, 36] });
  });

  it("score a mixed set on either side of the mild / moderate edge", () => {
    // Yes: q1 (P), q2 (E), q3 (F), q11 (P), q21 (E), q24 (F)  → P 8, E 8, F 8
    // Sometimes: q4 (P), q9 (E), q12 (F), q25 (P)             → P 4, E 2, F 2
    // The other 15: No                                        → 0
    // P 12 + E 10 + F 10 = 32: moderate (from 31).
    const mixed = { 1: "yes", 2: "yes", 3: "yes", 11: "yes", 21: "yes", 24: "yes", 4: "sometimes", 9: "sometimes", 12: "sometimes", 25: "sometimes" };
    expect(score(dhiAnswers("no", mixed))).toEqual({ total: 32, band: "Moderate handicap", subscales: [12, 10, 10] });
    // q25 back to No: P 10, total 30: still mild.
    expect(score(dhiAnswers("no", { ...mixed, 25: "no" }))).toEqual({ total: 30, band: "Mild handicap", subscales: [10, 10, 10] });
  });

  it("score a mixed set on either side of the moderate / severe edge", () => {
    // All Sometimes (P 14, E 18, F 18) but Yes on q1 (P), q2 (E), q3 (F), q4 (P), q5 (F): each +2
    // → P 14 + 4 = 18, E 18 + 2 = 20, F 18 + 4 = 22; total 60: moderate.
    const five = { 1: "yes", 2: "yes", 3: "yes", 4: "yes", 5: "yes" };
    expect(score(dhiAnswers("sometimes", five))).toEqual({ total: 60, band: "Moderate handicap", subscales: [18, 20, 22] });
    // Also Yes on q6 (F): F 24, total 62: severe (from 61).
    expect(score(dhiAnswers("sometimes", { ...five, 6: "yes" }))).toEqual({ total: 62, band: "Severe handicap", subscales: [18, 20, 24] });
  });

  it("band the Spanish DHI in Spanish", () => {
    expect(scoreAnswers(es, dhiAnswers("sometimes")).band).toBe("Discapacidad moderada");
    expect(scoreAnswers(es, dhiAnswers("sometimes")).subscales.map((subscale) => subscale.name)).toEqual(["Física", "Emocional", "Funcional"]);
  });

  it("refuse a missing answer on submit but keep it in a draft", () => {
    const { q25: _left, ...answers } = dhiAnswers("yes");
    expect(checkAnswers(en, answers, true)).toEqual({ "answers.q25": [FORM_MESSAGES.required] });
    expect(checkAnswers(en, answers, false)).toEqual({});
    // A draft may also hold an empty answer, which a submission may not.
    expect(checkAnswers(en, { ...answers, q25: null }, false)).toEqual({});
    expect(checkAnswers(en, { ...answers, q25: null }, true)).toEqual({ "answers.q25": [FORM_MESSAGES.required] });
  });

  it("refuse an answer that is not one of the three choices, and the instructions heading", () => {
    expect(checkAnswers(en, dhiAnswers("no", { 7: "often" }), false)).toEqual({ "answers.q7": [FORM_MESSAGES.notAnOption] });
    expect(checkAnswers(en, { ...dhiAnswers("no"), instructions: "yes" }, false)).toEqual({ "answers.instructions": [FORM_MESSAGES.notAField] });
  });
});

describe("ABC scoring", () => {
  const [en, es] = [definition("abc-en"), definition("abc-es")];
  const abcAnswers = (values: number[]): FormAnswers => Object.fromEntries(values.map((value, index) => [`q${index + 1}`, value]));
  const score = (values: number[]) => {
    const answers = abcAnswers(values);
    expect(checkAnswers(en, answers, true)).toEqual({});
    const result = scoreAnswers(en, answers);
    expect(scoreAnswers(es, answers).total).toBe(result.total);
    return { total: result.total, band: result.band };
  };

  it("declare a 0–100 % total with no subscales", () => {
    const result = scoreAnswers(en, abcAnswers(Array(16).fill(0)));
    expect(result.totalRange).toEqual({ min: 0, max: 100 });
    expect(result.subscales).toEqual([]);
  });

  it("average a spread of ratings: 950 / 16 = 59.375, kept as 59.38, moderate", () => {
    // 100+90+80+70+60+50+40+30+20+10+0 = 550; + 100+90+80+70+60 = 400; 550 + 400 = 950.
    expect(score([100, 90, 80, 70, 60, 50, 40, 30, 20, 10, 0, 100, 90, 80, 70, 60])).toEqual({ total: 59.38, band: "Moderate level of functioning" });
  });

  it("band just below 50 as low: (15×50 + 40) / 16 = 790 / 16 = 49.375 → 49.38", () => {
    expect(score([...Array(15).fill(50), 40])).toEqual({ total: 49.38, band: "Low level of functioning" });
  });

  it("band exactly 80 as high and 0 and 100 at the ends", () => {
    expect(score(Array(16).fill(80))).toEqual({ total: 80, band: "High level of functioning" });
    // (15×80 + 70) / 16 = 1270 / 16 = 79.375 → 79.38: still moderate.
    expect(score([...Array(15).fill(80), 70])).toEqual({ total: 79.38, band: "Moderate level of functioning" });
    expect(score(Array(16).fill(0))).toEqual({ total: 0, band: "Low level of functioning" });
    expect(score(Array(16).fill(100))).toEqual({ total: 100, band: "High level of functioning" });
  });

  it("band the Spanish ABC in Spanish", () => {
    expect(scoreAnswers(es, abcAnswers(Array(16).fill(100))).band).toBe("Nivel de funcionamiento alto");
  });

  it("refuse ratings off the 10 % grid or outside 0–100, and a missing one on submit only", () => {
    const ratings = Array(16).fill(50);
    expect(checkAnswers(en, abcAnswers([...ratings.slice(0, 15), 55]), false)).toEqual({ "answers.q16": ["Must be a multiple of 10 from 0."] });
    expect(checkAnswers(en, abcAnswers([110, ...ratings.slice(1)]), false)).toEqual({ "answers.q1": ["Must be at most 100."] });
    expect(checkAnswers(en, abcAnswers([-10, ...ratings.slice(1)]), false)).toEqual({ "answers.q1": ["Must be at least 0."] });
    const missing = abcAnswers(ratings.slice(0, 15));
    expect(checkAnswers(en, missing, true)).toEqual({ "answers.q16": [FORM_MESSAGES.required] });
    expect(checkAnswers(en, missing, false)).toEqual({});
  });
});
