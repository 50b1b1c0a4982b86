import type { FormFields } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { renderHtml, textOf } from "../../../lib/test-render.tsx";
import { fieldsKey, fieldsPath } from "./api.ts";
import { FormQuestionsPreview } from "./FormQuestionsPreview.tsx";

beforeAll(() => initTestI18n(i18next));

const fields: FormFields = {
  formId: 5,
  versionId: 12,
  version: 3,
  fields: [
    { type: "section", key: "about", label: "About your week", help: "", required: false },
    { type: "yesNo", key: "dizzy", label: "Were you dizzy this week?", help: "", required: true, yesScore: null, noScore: null },
    { type: "longText", key: "notes", label: "Anything else?", help: "", required: false },
  ],
};

const render = (language: "en" | "es") => {
  void i18next.changeLanguage(language);
  const html = renderHtml(<FormQuestionsPreview formId={5} />, { i18n: i18next, cache: [[fieldsKey(5), fields]] });
  void i18next.changeLanguage("en");
  return textOf(html);
};

describe("the questions shown while assigning a form", () => {
  it("come from GET /api/fields/{id}: the current version's questions in order, the required ones marked, no section headings", () => {
    expect(fieldsPath(5)).toBe("/api/fields/5");
    const text = render("en");
    expect(text).toContain("The patients will answer 2 questions (version 3):");
    expect(text.indexOf("Were you dizzy this week? (required)")).toBeLessThan(text.indexOf("Anything else?"));
    expect(text).not.toContain("Anything else? (required)");
    expect(text).not.toContain("About your week");
  });

  it("speak Spanish", () => {
    const text = render("es");
    expect(text).toContain("Los pacientes responderán 2 preguntas (versión 3):");
    expect(text).toContain("Were you dizzy this week? (obligatoria)");
  });
});
