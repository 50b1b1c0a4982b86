import type { FormAssignment, FormScore } from "@clinic/shared";
import { describe, expect, it } from "vitest";
import { historyPoints } from "./history.ts";

const score = (total: number | null, range: { min: number; max: number } | null, band: string | null = null): FormScore => ({
  total,
  totalRange: range,
  band,
  subscales: [],
});

function submission(id: number, submittedAt: string | null, formScore: FormScore | null, version = 1): FormAssignment {
  return {
    id,
    formId: 1,
    formName: "DHI",
    language: "en",
    versionId: version,
    version,
    patient: { id: "p", name: "Pat" },
    assignedBy: null,
    assignedAt: "2026-01-01T10:00:00.000Z",
    dueDate: null,
    overdue: false,
    state: "submitted",
    submittedAt,
    submittedBy: null,
    score: formScore,
    reviewedAt: null,
    reviewedBy: null,
    reviewNote: "",
  };
}

describe("the score-over-time points", () => {
  it("keeps the submissions with a total, in the order given, and marks the one on screen", () => {
    const { points, range } = historyPoints(
      [
        submission(1, "2026-01-02T10:00:00.000Z", score(40, { min: 0, max: 100 }, "Moderate")),
        submission(2, "2026-02-02T10:00:00.000Z", score(null, null)),
        submission(3, null, score(10, { min: 0, max: 100 })),
        submission(4, "2026-03-02T10:00:00.000Z", null),
        submission(5, "2026-04-02T10:00:00.000Z", score(22, { min: 0, max: 100 }, "Mild")),
      ],
      5,
    );
    expect(points).toEqual([
      { id: 1, submittedAt: "2026-01-02T10:00:00.000Z", total: 40, band: "Moderate", version: 1, current: false },
      { id: 5, submittedAt: "2026-04-02T10:00:00.000Z", total: 22, band: "Mild", version: 1, current: true },
    ]);
    expect(range).toEqual({ min: 0, max: 100 });
  });

  it("spans every version's range, and has none without a total", () => {
    const { range } = historyPoints(
      [submission(1, "2026-01-02T10:00:00.000Z", score(4, { min: 0, max: 10 })), submission(2, "2026-02-02T10:00:00.000Z", score(-3, { min: -5, max: 8 }), 2)],
      2,
    );
    expect(range).toEqual({ min: -5, max: 10 });
    expect(historyPoints([submission(1, "2026-01-02T10:00:00.000Z", score(null, null))], 1)).toEqual({ points: [], range: null });
  });
});
