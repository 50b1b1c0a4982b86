import { GROUP, type FormAssignment, type FormField, formFieldSchema, type ResolvedForm } from "@clinic/shared";
import i18next from "i18next";
import type { ReactElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../../lib/test-i18n.ts";
import { exportButtonsOf, type RenderOptions, renderHtml, testSession, textOf } from "../../../../lib/test-render.tsx";
import { RESULT_KEY, RESULTS_KEY, SCORE_HISTORY_KEY } from "./api.ts";
import { FormResultPage } from "./FormResultPage.tsx";
import { FormResultsPage } from "./FormResultsPage.tsx";

/**
 * The two screens rendered to HTML (react-dom/server: the web project runs without a DOM)
 * with their server answers already in the query cache, as the shell would have fetched them.
 */
const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));

const session = testSession({ group: GROUP.therapist, codenames: ["view_form", "answer_all_forms"] });
const render = (element: ReactElement, at: Omit<RenderOptions, "i18n" | "session">) => renderHtml(element, { i18n, session, ...at });

const PATIENT = { id: "0b6f1c2e-8a57-4a7e-9d7c-3f4e5a6b7c8d", name: "Pablo Gómez" };
const THERAPIST = { id: "t1", name: "Ana Ruiz" };

function assignment(id: number, extra: Partial<FormAssignment> = {}): FormAssignment {
  return {
    id,
    formId: 3,
    formName: "Dizziness Handicap Inventory",
    language: "en",
    versionId: 5,
    version: 1,
    patient: PATIENT,
    assignedBy: THERAPIST,
    assignedAt: "2026-01-02T09:00:00.000Z",
    dueDate: null,
    overdue: false,
    state: "submitted",
    submittedAt: "2026-01-05T15:30:00.000Z",
    submittedBy: PATIENT,
    score: { total: 54, totalRange: { min: 0, max: 100 }, band: "Moderate", subscales: [] },
    reviewedAt: null,
    reviewedBy: null,
    reviewNote: "",
    ...extra,
  };
}

describe("FormResultsPage", () => {
  it("reads its filters from the address, fetches them, and shows each result with its score, band and state", () => {
    const rows = [
      assignment(11),
      assignment(12, { state: "reviewed", score: { total: 66.875, totalRange: { min: 0, max: 100 }, band: "Severe", subscales: [] } }),
    ];
    const query = `page=1&rowsPerPage=10&q=dizzy&patient=${PATIENT.id}&form=3`;
    const html = render(<FormResultsPage />, {
      url: `/manager/admin/forms/results?q=dizzy&patient=${PATIENT.id}&form=3`,
      path: "/manager/admin/forms/results",
      cache: [[[RESULTS_KEY, query], { data: rows, page: 2, total: 2 }]],
    });
    const text = textOf(html);
    expect(text).toContain("Form results");
    expect(html).toContain('value="dizzy"');
    expect(text).toContain("Pablo Gómez");
    expect(text).toMatch(/2026-01-0\d, \d\d:\d\d [ap]m/);
    expect(text).toContain("Version 1");
    expect(text).toContain("54 of 0–100");
    expect(text).toContain("66.88 of 0–100");
    expect(text).toContain("Moderate");
    expect(text).toContain("Submitted");
    expect(text).toContain("Reviewed");
    expect(html).toContain('href="/manager/admin/forms/results/11"');
    // The exports go through the one export action (lib/exports.ts): buttons, no plain links.
    expect(exportButtonsOf(html, "Export the form results")).toEqual(["CSV", "XLSX"]);
    expect(html).not.toContain("/api/forms/results/export");
  });

  it("says when nothing matches the filters, and offers to clear them", () => {
    const html = render(<FormResultsPage />, {
      url: "/manager/admin/forms/results?since=2026-02-01",
      path: "/manager/admin/forms/results",
      cache: [[[RESULTS_KEY, "page=1&rowsPerPage=10&since=2026-02-01"], { data: [], page: 0, total: 0 }]],
    });
    expect(textOf(html)).toContain("No results match these filters.");
    expect(textOf(html)).toContain("Clear the filters");
  });

  it("says there is nothing yet without filters", () => {
    const empty = textOf(
      render(<FormResultsPage />, {
        url: "/manager/admin/forms/results",
        path: "/manager/admin/forms/results",
        cache: [[[RESULTS_KEY, "page=1&rowsPerPage=10"], { data: [], page: 0, total: 0 }]],
      }),
    );
    expect(empty).toContain("No submitted forms yet.");
    expect(empty).not.toContain("Clear the filters");
  });
});

const field = (input: Record<string, unknown>): FormField => formFieldSchema.parse(input);

function resolved(extra: Partial<ResolvedForm> = {}): ResolvedForm {
  return {
    ...assignment(12),
    description: "Source: Jacobson & Newman, 1990.",
    fields: [
      field({ type: "section", key: "s1", label: "Physical" }),
      field({
        type: "singleChoice",
        key: "p1",
        label: "Does looking up increase your problem?",
        options: [
          { value: "no", label: "No", score: 0 },
          { value: "sometimes", label: "Sometimes", score: 2 },
          { value: "yes", label: "Yes", score: 4 },
        ],
      }),
      field({ type: "yesNo", key: "y1", label: "Do you fall?", yesScore: 4, noScore: 0 }),
      field({ type: "scale", key: "sc", label: "Dizziness today", min: 0, max: 10, minLabel: "None", maxLabel: "Worst" }),
      field({ type: "date", key: "d1", label: "When did it start?" }),
      field({ type: "longText", key: "t1", label: "Anything else?" }),
    ],
    scoring: { total: "sum", subscales: [{ key: "physical", name: "Physical", fields: ["p1", "y1"] }], bands: [] },
    answers: { p1: "sometimes", y1: true, sc: 10, d1: "2025-12-20" },
    answerable: false,
    formVersion: "12.0123456789abcdef",
    submittedBy: THERAPIST,
    score: {
      total: 16,
      totalRange: { min: 0, max: 18 },
      band: "Moderate",
      subscales: [{ key: "physical", name: "Physical", score: 6, range: { min: 0, max: 8 } }],
    },
    ...extra,
  };
}

describe("FormResultPage", () => {
  const history = [
    assignment(10, { submittedAt: "2025-12-01T10:00:00.000Z", score: { total: 20, totalRange: { min: 0, max: 18 }, band: null, subscales: [] } }),
    assignment(12),
  ];

  it("shows who answered, each answer as text with its points, the score with its subscales, and the review form", () => {
    const html = render(<FormResultPage />, {
      url: "/manager/admin/forms/results/12",
      path: "/manager/admin/forms/results/:assignmentId",
      cache: [
        [[RESULT_KEY, 12], resolved()],
        [[SCORE_HISTORY_KEY, PATIENT.id, 3], history],
      ],
    });
    const text = textOf(html);
    expect(text).toContain("Dizziness Handicap Inventory: Pablo Gómez");
    expect(text).toContain("Version 1");
    expect(text).toContain("Ana Ruiz on Pablo Gómez's behalf");
    expect(text).toContain("Question 1 Does looking up increase your problem? Sometimes Points: 2 (range 0–4)");
    expect(text).toContain("Do you fall? Yes Points: 4 (range 0–4)");
    expect(text).toContain("Dizziness today 10 (Worst)");
    expect(text).toContain("When did it start? 2025-12-20");
    expect(text).toContain("Anything else? No answer");
    expect(text).toContain("16 of 0–18");
    expect(text).toContain("Band: Moderate");
    expect(text).toContain("Physical 6 0–8");
    expect(text).toContain("Mark reviewed");
    // The chart's title and its text alternative: every point, the one on screen marked.
    expect(text).toContain("Pablo Gómez's Dizziness Handicap Inventory score over time");
    expect(html).toContain('role="img"');
    expect(text).toContain("(this result)");
    expect(html).toContain('href="/manager/admin/forms/results/10"');
    expect(html).toContain(`href="/manager/admin/forms/results?patient=${PATIENT.id}"`);
  });

  it("shows who reviewed it and the note, editable again; a single submission still charts, with a sentence", () => {
    const html = render(<FormResultPage />, {
      url: "/manager/admin/forms/results/12",
      path: "/manager/admin/forms/results/:assignmentId",
      cache: [
        [
          [RESULT_KEY, 12],
          resolved({ state: "reviewed", reviewedBy: THERAPIST, reviewedAt: "2026-01-06T08:00:00.000Z", reviewNote: "Better than last month." }),
        ],
        [[SCORE_HISTORY_KEY, PATIENT.id, 3], [assignment(12)]],
      ],
    });
    const text = textOf(html);
    expect(text).toContain("Reviewed by Ana Ruiz on 2026-01-06");
    expect(text).toContain("Better than last month.");
    expect(text).toContain("Edit note");
    expect(text).not.toContain("Mark reviewed");
    expect(text).toContain("Only one submission so far");
  });

  it("shows a draft without score or review, and a missing result as not found", () => {
    const draft = textOf(
      render(<FormResultPage />, {
        url: "/manager/admin/forms/results/12",
        path: "/manager/admin/forms/results/:assignmentId",
        cache: [[[RESULT_KEY, 12], resolved({ state: "inProgress", submittedAt: null, submittedBy: null, score: null })]],
      }),
    );
    expect(draft).toContain("has not been submitted yet");
    expect(draft).not.toContain("Mark reviewed");
    expect(draft).not.toContain("score over time");
    const bad = textOf(render(<FormResultPage />, { url: "/manager/admin/forms/results/abc", path: "/manager/admin/forms/results/:assignmentId", cache: [] }));
    expect(bad).toContain("This result was not found.");
  });
});
