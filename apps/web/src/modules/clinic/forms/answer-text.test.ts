import { type FormField, formFieldSchema } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { answerText } from "./answer-text.ts";

/** The one answer-as-text of the forms (the patient's read-only form and the staff's results both show it). */
const field = (input: Record<string, unknown>): FormField => formFieldSchema.parse({ key: "q1", label: "Question", ...input });
const en = { yes: "Yes", no: "No", language: "en" };
const es = { yes: "Sí", no: "No", language: "es" };

const choices = [
  { value: "never", label: "Never", score: 0 },
  { value: "sometimes", label: "Sometimes", score: 2 },
  { value: "always", label: "Always", score: 4 },
];

describe("an answer as text", () => {
  it("says nothing for an unanswered question or a heading", () => {
    const text = field({ type: "shortText" });
    for (const empty of [undefined, null, "", []]) expect(answerText(text, empty, en)).toBeNull();
    expect(answerText(field({ type: "section" }), "x", en)).toBeNull();
  });

  it("shows choices by their labels, several joined as the language joins them", () => {
    expect(answerText(field({ type: "singleChoice", options: choices }), "sometimes", en)).toBe("Sometimes");
    const multiple = field({ type: "multipleChoice", options: choices });
    expect(answerText(multiple, ["never", "always"], en)).toBe("Never and Always");
    expect(answerText(multiple, ["never", "sometimes", "always"], es)).toBe("Never, Sometimes y Always");
    // A choice the question no longer has still shows, as stored.
    expect(answerText(multiple, ["gone"], en)).toBe("gone");
  });

  it("says yes or no in the interface's language", () => {
    const yesNo = field({ type: "yesNo", yesScore: 1, noScore: 0 });
    expect(answerText(yesNo, true, es)).toBe("Sí");
    expect(answerText(yesNo, false, en)).toBe("No");
  });

  it("shows a scale point with its own label, or the end labels at the ends", () => {
    const likert = field({ type: "scale", min: 1, max: 5, pointLabels: ["None", "Mild", "Moderate", "Severe", "Extreme"] });
    expect(answerText(likert, 3, en)).toBe("3 (Moderate)");
    const ends = field({ type: "scale", min: 0, max: 10, step: 5, minLabel: "No pain", maxLabel: "Worst pain" });
    expect(answerText(ends, 0, en)).toBe("0 (No pain)");
    expect(answerText(ends, 5, en)).toBe("5");
    expect(answerText(ends, 10, en)).toBe("10 (Worst pain)");
    const plain = field({ type: "scale", min: 0, max: 100 });
    expect(answerText(plain, 40, en)).toBe("40");
  });

  it("writes numbers in the language's digits and keeps dates and text as given", () => {
    expect(answerText(field({ type: "number" }), 1234.5, en)).toBe("1,234.5");
    expect(answerText(field({ type: "number" }), 1234.5, es)).toBe("1234,5");
    expect(answerText(field({ type: "date" }), "2026-03-04", es)).toBe("2026-03-04");
    expect(answerText(field({ type: "longText" }), "Line one\nLine two", en)).toBe("Line one\nLine two");
  });
});

describe("an answer as the patient's read-only form shows it", () => {
  const form: FormField[] = [
    { type: "shortText", key: "q2", label: "Your job", help: "", required: false },
    {
      type: "multipleChoice",
      key: "q5",
      label: "Where does it happen?",
      help: "",
      required: false,
      options: [
        { value: "o1", label: "Home", score: null },
        { value: "o2", label: "Street", score: null },
      ],
    },
    { type: "number", key: "q3", label: "Falls this year", help: "", required: true, min: 0, max: 50, step: 1 },
  ];
  it("names choices by label in the order picked and leaves unanswered questions empty", () => {
    expect(answerText(form[1] as FormField, ["o2", "o1"], en)).toBe("Street and Home");
    expect(answerText(form[2] as FormField, 40, en)).toBe("40");
    expect(answerText(form[0] as FormField, "", en)).toBeNull();
    expect(answerText(form[1] as FormField, [], en)).toBeNull();
  });
});
