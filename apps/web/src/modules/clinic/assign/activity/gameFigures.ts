import type { GameSessionFigures } from "@clinic/shared";
import type { TFunction } from "i18next";

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
