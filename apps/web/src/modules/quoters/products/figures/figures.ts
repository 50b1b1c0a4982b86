import type { ProductQuoteFigure } from "@clinic/shared";

/** The figures added up: per month (every author together), per author (every month together), and overall. */

export interface FigureSum {
  sent: number;
  quotedCents: number;
  accepted: number;
  acceptedCents: number;
  converted: number;
  /** accepted / sent in basis points, as the server counts it; 0 when nothing was sent. */
  conversionBp: number;
}

const empty = (): FigureSum => ({ sent: 0, quotedCents: 0, accepted: 0, acceptedCents: 0, converted: 0, conversionBp: 0 });

function add(sum: FigureSum, row: ProductQuoteFigure): FigureSum {
  const next = {
    sent: sum.sent + row.sent,
    quotedCents: sum.quotedCents + row.quotedCents,
    accepted: sum.accepted + row.accepted,
    acceptedCents: sum.acceptedCents + row.acceptedCents,
    converted: sum.converted + row.converted,
    conversionBp: 0,
  };
  next.conversionBp = next.sent > 0 ? Math.round((next.accepted * 10_000) / next.sent) : 0;
  return next;
}

/** Rows grouped by `keyOf`, in the order each key first appears. */
function grouped(rows: readonly ProductQuoteFigure[], keyOf: (row: ProductQuoteFigure) => string): Map<string, FigureSum> {
  const groups = new Map<string, FigureSum>();
  for (const row of rows) groups.set(keyOf(row), add(groups.get(keyOf(row)) ?? empty(), row));
  return groups;
}

/** Per month, oldest first, every author together. */
export const byMonth = (rows: readonly ProductQuoteFigure[]) =>
  [...grouped(rows, (row) => row.month)].sort(([a], [b]) => a.localeCompare(b)).map(([month, sum]) => ({ month, ...sum }));

/** Per author, the largest amount quoted first; quotes whose author is gone are together under `null`. */
export function byStaff(rows: readonly ProductQuoteFigure[]) {
  const names = new Map(rows.map((row) => [row.staff?.id ?? "", row.staff?.name ?? null]));
  return [...grouped(rows, (row) => row.staff?.id ?? "")]
    .map(([id, sum]) => ({ id, name: names.get(id) ?? null, ...sum }))
    .sort((a, b) => b.quotedCents - a.quotedCents);
}

/** Everything in the range together. */
export const overall = (rows: readonly ProductQuoteFigure[]) => rows.reduce(add, empty());
