import { type DynamicForm, type FormField, formInputSchema } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { blankField, canMove, highestKeyNumber, inputOf, keyMaker, scalePoints, splitBuilderErrors, valuesOf } from "./builder-model.ts";

describe("question keys", () => {
  it("count on from the highest qN, ignoring other keys", () => {
    expect(highestKeyNumber(["q1", "q7", "q3", "dhi_e1", "q", "q2x"], "q")).toBe(7);
    expect(highestKeyNumber([], "q")).toBe(0);
  });

  it("are never handed out twice, even after the highest one is removed", () => {
    const keys = keyMaker("q", ["q1", "q2"]);
    expect(keys.next()).toBe("q3");
    // q3 removed from the form: the next question still gets a new key.
    expect(keys.next()).toBe("q4");
    keys.see(["q10"]);
    expect(keys.next()).toBe("q11");
    keys.see(["q2"]);
    expect(keys.next()).toBe("q12");
  });
});

describe("blank questions", () => {
  it("carry every setting of their type, valid once labelled", () => {
    for (const type of ["shortText", "longText", "number", "singleChoice", "multipleChoice", "scale", "date", "yesNo", "section"] as const) {
      const field = blankField(type, "q1");
      expect(field.type).toBe(type);
      const labelled = {
        ...field,
        label: "How?",
        ...("options" in field ? { options: field.options.map((option, index) => ({ ...option, label: `Choice ${index}` })) } : {}),
      };
      const parsed = formInputSchema.safeParse({
        name: "N",
        description: "D",
        language: "en",
        fields: [labelled, ...(type === "section" ? [blankField("date", "q2", { label: "When?" })] : [])],
      });
      expect(parsed.success, `${type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it("keep label, help and required across a type change, but a heading is never required", () => {
    const kept = { label: "Pain today", help: "0 is none", required: true };
    expect(blankField("scale", "q4", kept)).toMatchObject({ type: "scale", key: "q4", ...kept, min: 0, max: 10, step: 1 });
    expect(blankField("section", "q4", kept).required).toBe(false);
  });
});

describe("reordering", () => {
  it("moves within the list only", () => {
    expect(canMove(0, 3, "up")).toBe(false);
    expect(canMove(0, 3, "down")).toBe(true);
    expect(canMove(2, 3, "down")).toBe(false);
    expect(canMove(2, 3, "up")).toBe(true);
    expect(canMove(0, 1, "down")).toBe(false);
  });
});

describe("scale points", () => {
  it("run from min by step, the last at or below max", () => {
    expect(scalePoints({ min: 0, max: 4, step: 1 })).toEqual([0, 1, 2, 3, 4]);
    expect(scalePoints({ min: 0, max: 10, step: 3 })).toEqual([0, 3, 6, 9]);
    expect(scalePoints({ min: 0, max: 100, step: 1 })).toHaveLength(101);
  });

  it("are none while the settings cannot make a scale", () => {
    expect(scalePoints({ min: 5, max: 5, step: 1 })).toEqual([]);
    expect(scalePoints({ min: 0, max: 200, step: 1 })).toEqual([]);
    expect(scalePoints({ min: 0, max: 10, step: 0 })).toEqual([]);
    expect(scalePoints({ min: null as unknown as number, max: 10, step: 1 })).toEqual([]);
  });
});

describe("what the builder sends", () => {
  const scale: FormField = {
    ...(blankField("scale", "q2", { label: "Pain" }) as Extract<FormField, { type: "scale" }>),
    max: 2,
    pointLabels: ["None", "", "Worst", "stale"],
  };
  const choice: FormField = {
    type: "singleChoice",
    key: "q1",
    label: "Mood",
    help: "",
    required: true,
    options: [
      { value: "o1", label: "Good", score: 0 },
      { value: "o2", label: "Bad", score: 2 },
    ],
  };
  const text = blankField("shortText", "q3", { label: "Notes" });

  it("has one Likert label per point, or none when all are empty", () => {
    const input = inputOf({ name: "N", description: "D", language: "en", fields: [scale], scoring: { total: "sum", subscales: [], bands: [] } });
    expect((input.fields[0] as Extract<FormField, { type: "scale" }>).pointLabels).toEqual(["None", "", "Worst"]);
    const blank = inputOf({
      name: "N",
      description: "D",
      language: "en",
      fields: [{ ...scale, pointLabels: ["", " "] } as FormField],
      scoring: { total: null, subscales: [], bands: [] },
    });
    expect((blank.fields[0] as Extract<FormField, { type: "scale" }>).pointLabels).toEqual([]);
  });

  it("keeps in subscales only questions that exist and are scored", () => {
    const input = inputOf({
      name: "N",
      description: "D",
      language: "en",
      fields: [choice, text],
      scoring: { total: "sum", subscales: [{ key: "s1", name: "Mood", fields: ["q1", "q3", "q9"] }], bands: [] },
    });
    expect(input.scoring?.subscales?.[0]?.fields).toEqual(["q1"]);
    expect(formInputSchema.safeParse(input).success).toBe(true);
  });

  it("starts a copy from the form with the copy's name", () => {
    const form = {
      id: 3,
      name: "DHI",
      description: "Source",
      language: "es",
      fields: [choice],
      scoring: { total: "sum", subscales: [], bands: [] },
    } as unknown as DynamicForm;
    const values = valuesOf(form, "DHI (copy)");
    expect(values).toMatchObject({ name: "DHI (copy)", description: "Source", language: "es" });
    // Edited freely without touching the cached form.
    values.fields[0] = text;
    expect(form.fields[0]).toBe(choice);
  });
});

describe("a 400's field errors", () => {
  it("go onto the builder's fields by path, the rest above the form", () => {
    expect(
      splitBuilderErrors({
        name: ["Required."],
        "fields.2.options.1.value": ["Two choices share this value."],
        "scoring.bands.0.from": ["Bands must start at rising scores."],
        detail: ["Something else."],
        clinicId: ["Unknown field."],
      }),
    ).toEqual({
      placed: [
        ["name", ["Required."]],
        ["fields.2.options.1.value", ["Two choices share this value."]],
        ["scoring.bands.0.from", ["Bands must start at rising scores."]],
      ],
      other: ["Something else.", "Unknown field."],
    });
  });
});
