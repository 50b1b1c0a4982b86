import type { FormAssignment, ScoreRange } from "@clinic/shared";

/** One submission on the score-over-time chart. */
export interface HistoryPoint {
  id: number;
  submittedAt: string;
  total: number;
  band: string | null;
  version: number;
  /** The result on screen, marked on the chart and in its table. */
  current: boolean;
}

/**
 * The chart's points, oldest first as the API gives them: submissions with a total only (a
 * version without a total has nothing to draw). The y axis spans every version's range, so a
 * version that changed the range still fits.
 */
export function historyPoints(assignments: FormAssignment[], currentId: number): { points: HistoryPoint[]; range: ScoreRange | null } {
  const points: HistoryPoint[] = [];
  let range: ScoreRange | null = null;
  for (const assignment of assignments) {
    const total = assignment.score?.total;
    if (total === null || total === undefined || !assignment.submittedAt) continue;
    points.push({
      id: assignment.id,
      submittedAt: assignment.submittedAt,
      total,
      band: assignment.score?.band ?? null,
      version: assignment.version,
      current: assignment.id === currentId,
    });
    const own = assignment.score?.totalRange;
    if (own) range = range ? { min: Math.min(range.min, own.min), max: Math.max(range.max, own.max) } : { ...own };
  }
  return { points, range };
}
