import type { FormField } from "@clinic/shared";
import i18next from "i18next";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { FormView } from "./FormView.tsx";

/** Rendered to HTML (react-dom/server: the web project runs without a DOM). */
const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));

const FIELDS: FormField[] = [
  { type: "section", key: "q1", label: "About your balance", help: "The last month.", required: false },
  { type: "shortText", key: "q2", label: "Your job", help: "", required: false },
  { type: "number", key: "q3", label: "Falls this year", help: "Count them.", required: true, min: 0, max: 50, step: 1 },
  {
    type: "singleChoice",
    key: "q4",
    label: "Does looking up worsen it?",
    help: "",
    required: true,
    options: [
      { value: "o1", label: "Never", score: 0 },
      { value: "o2", label: "Sometimes", score: 2 },
      { value: "o3", label: "Always", score: 4 },
    ],
  },
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
  {
    type: "scale",
    key: "q6",
    label: "Confidence",
    help: "",
    required: false,
    min: 0,
    max: 4,
    step: 1,
    minLabel: "",
    maxLabel: "",
    pointLabels: ["None", "Low", "Some", "High", "Full"],
    scored: true,
  },
  {
    type: "scale",
    key: "q7",
    label: "Dizziness now",
    help: "",
    required: false,
    min: 0,
    max: 100,
    step: 10,
    minLabel: "None",
    maxLabel: "Worst",
    pointLabels: [],
    scored: true,
  },
  { type: "date", key: "q8", label: "First episode", help: "", required: false },
  { type: "yesNo", key: "q9", label: "Do you drive?", help: "", required: false, yesScore: null, noScore: null },
];

const render = (element: ReactElement) => renderToString(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
const textOf = (html: string) =>
  html
    .replace(/<style[^>]*>.*?<\/style>/gs, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("FormView", () => {
  it("renders each question as a labelled input, choices as labelled groups", () => {
    const html = render(<FormView fields={FIELDS} answers={{ q4: "o2", q5: ["o2"] }} onChange={() => {}} errors={{ q3: "Must be at most 50." }} />);
    expect(html).toMatch(/<h3[^>]*>About your balance<\/h3>/);
    // Single choice, yes/no and the Likert scale are radio groups inside a fieldset named by its legend.
    expect(html.match(/role="radiogroup"/g)).toHaveLength(4);
    expect(html.match(/<legend/g)?.length).toBeGreaterThanOrEqual(5);
    expect(html.match(/type="radio"/g)).toHaveLength(3 + 5 + 11 + 2);
    expect(html.match(/type="checkbox"/g)).toHaveLength(2);
    expect(html).toMatch(/type="radio"[^>]*value="o2"[^>]*checked|checked=""[^>]*value="o2"/);
    // Required marks, help and the error beside the question.
    expect(textOf(html)).toContain("Falls this year *");
    expect(textOf(html)).toContain("Count them. — Must be at most 50.");
    expect(html).toContain('aria-invalid="true"');
    expect(textOf(html)).toContain("Full");
    expect(textOf(html)).toContain("0: None");
    expect(textOf(html)).toContain("100: Worst");
  });

  it("shows a long scale as a slider that waits to be answered", () => {
    const long: FormField = { ...(FIELDS[6] as Extract<FormField, { type: "scale" }>), step: 1 };
    const html = render(<FormView fields={[long]} answers={{}} onChange={() => {}} />);
    expect(html).toContain('type="range"');
    expect(textOf(html)).toContain("Not answered yet");
  });

  it("reads answers back as text when read-only", () => {
    const html = render(<FormView fields={FIELDS} answers={{ q3: 2, q4: "o3", q5: ["o1", "o2"], q6: 3, q9: false }} readOnly />);
    expect(html).not.toContain("<input");
    const text = textOf(html);
    expect(text).toContain("Falls this year 2");
    expect(text).toContain("Does looking up worsen it? Always");
    expect(text).toContain("Where does it happen? Home and Street");
    expect(text).toContain("Confidence 3 (High)");
    expect(text).toContain("Do you drive? No");
    expect(text).toContain("Your job Not answered");
  });
});
