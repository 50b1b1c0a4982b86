import type { GameSessionFigures } from "@clinic/shared";
import type { TFunction } from "i18next";
import { formatDateTime } from "../../../../lib/dates.ts";

/** A number as the reader's language writes it (decimal comma in Spanish, grouping). */
export const formatNumber = (language: string, value: number, digits = 0) => new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);

/** A played time as minutes and seconds ("2 min 5 s"), in the reader's language. */
export function formatDuration(t: TFunction, language: string, ms: number): string {
  const total = Math.round(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = formatNumber(language, total % 60);
  return minutes > 0 ? t("gameResults.minutesSeconds", { minutes: formatNumber(language, minutes), seconds }) : t("gameResults.seconds", { seconds });
}

const percent = (language: string, ratio: number) => new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 }).format(ratio);

/**
 * The main figures of a session as label and value, in the order the therapist reads them:
 * score (the bundle's own, else the correct trials of all), accuracy, median reaction time,
 * level reached, dizziness before and after, played time, motion. A figure the session could
 * not compute (no scored trial, no hit) is left out rather than shown as zero.
 */
export function sessionFigures(session: GameSessionFigures, t: TFunction, language: string): [string, string][] {
  const { metrics } = session;
  const figures: [string, string][] = [];
  const score = metrics.score ?? metrics.correct;
  if (score !== undefined)
    figures.push([
      t("gameResults.score"),
      metrics.score === undefined
        ? t("gameResults.scoreOf", { score: formatNumber(language, score), trials: formatNumber(language, metrics.trials ?? session.trialCount) })
        : formatNumber(language, score, 1),
    ]);
  if (metrics.accuracy !== undefined) figures.push([t("gameResults.accuracy"), percent(language, metrics.accuracy)]);
  if (metrics.rt_median_ms !== undefined)
    figures.push([t("gameResults.reaction"), t("gameResults.ms", { value: formatNumber(language, metrics.rt_median_ms) })]);
  figures.push([t("gameResults.level"), t("gameResults.levelRange", { start: session.levelStart, end: session.levelEnd })]);
  figures.push([t("gameResults.dizziness"), t("gameResults.dizzinessChange", { before: session.dizzinessBefore, after: session.dizzinessAfter })]);
  figures.push([t("gameResults.duration"), formatDuration(t, language, session.durationMs)]);
  figures.push([t("gameResults.motion"), percent(language, session.motion)]);
  return figures;
}

/** A result that reached the server more than this long after it was played is marked "synced later". */
export const SYNCED_LATE_MINUTES = 5;

/**
 * When a session was played (its end, by the device's clock) and when it reached the server, as
 * the screens write date-times, and whether it came late: played offline and sent once the
 * device was back online (issue 43). A device clock running ahead never counts as late.
 */
export function sessionTimes(session: Pick<GameSessionFigures, "endedAt" | "receivedAt">): { played: string; arrived: string; syncedLater: boolean } {
  const delayMs = Date.parse(session.receivedAt) - Date.parse(session.endedAt);
  return { played: formatDateTime(session.endedAt), arrived: formatDateTime(session.receivedAt), syncedLater: delayMs > SYNCED_LATE_MINUTES * 60_000 };
}
