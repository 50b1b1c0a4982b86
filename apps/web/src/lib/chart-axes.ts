import { formatDate } from "./dates.ts";

/**
 * Settings the charts share (MUI X Charts), kept apart from the library so that importing them
 * does not pull the charts' chunk into a screen's own.
 */

/** The legend above the chart, its entries side by side: at a phone's 390 px it does not cover the lines. */
export const LEGEND_ON_TOP = { legend: { direction: "horizontal", position: { vertical: "top", horizontal: "center" } } } as const;

/** An x axis of dates: a time scale, or a single point (a time scale of one date has no width). */
export function dateAxis(dates: Date[], tickNumber: number, format: (value: Date) => string = formatDate) {
  return { data: dates, scaleType: dates.length > 1 ? ("time" as const) : ("point" as const), valueFormatter: format, tickNumber };
}
