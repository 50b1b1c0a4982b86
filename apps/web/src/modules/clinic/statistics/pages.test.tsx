import { GROUP, measureTrend, type PatientStatistics, type StatisticsSession } from "@clinic/shared";
import i18next from "i18next";
import type { ReactElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { exportButtonsOf, renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { ActivityStatisticsPage } from "./ActivityStatisticsPage.tsx";
import { STATISTICS_KEY, statisticsPath } from "./api.ts";
import { StatisticsPage } from "./StatisticsPage.tsx";

/**
 * The two screens rendered to HTML (react-dom/server: the web project runs without a DOM)
 * with the statistics already in the query cache, shaped by the shared contract. The charts
 * are lazy: here they stay behind their skeletons, and the tables carry the figures.
 */
const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));

const session = testSession({ group: GROUP.therapist, codenames: ["view_statistics"] });

const PATIENT = { id: "0b6f1c2e-8a57-4a7e-9d7c-3f4e5a6b7c8d", name: "Pablo Díaz", language: "en" as const };
const RANGE = { since: "2026-03-01", to: "2026-03-03" };

function gameSession(id: number, day: string, rt: number): StatisticsSession {
  return {
    id,
    buildId: "reactor-quick",
    startedAt: `${day}T10:00:00.000Z`,
    endedAt: `${day}T10:02:00.000Z`,
    durationMs: 120_000,
    levelStart: 2,
    levelEnd: 3,
    motion: 0.5,
    ended: "completed",
    dizzinessBefore: 4,
    dizzinessAfter: 2,
    trialCount: 40,
    metrics: { accuracy: 0.9, rt_median_ms: rt },
    receivedAt: `${day}T10:02:01.000Z`,
    family: "reactor",
    activity: { id: 7, name: "Reaction lights" },
  };
}

const rts = [
  { sessionId: 1, endedAt: "2026-03-01T10:02:00.000Z", value: 520 },
  { sessionId: 2, endedAt: "2026-03-02T10:02:00.000Z", value: 480 },
  { sessionId: 3, endedAt: "2026-03-03T10:02:00.000Z", value: 430 },
];
const reaction = { name: "rt_median_ms", unit: "ms" as const, better: "lower" as const };

function statistics(activity: PatientStatistics["activity"] = null, sessions = 3): PatientStatistics {
  const played = [gameSession(3, "2026-03-03", 430), gameSession(2, "2026-03-02", 480), gameSession(1, "2026-03-01", 520)].slice(0, sessions);
  return {
    patient: PATIENT,
    ...RANGE,
    activity,
    data: {
      totals: { assigned: 4, done: 3, adherence: 0.75, sessions, playedMs: 360_000, activeDays: 3, firstDay: "2026-02-01" },
      days: [
        { day: "2026-03-01", assigned: 2, done: 1 },
        { day: "2026-03-02", assigned: 1, done: 1 },
        { day: "2026-03-03", assigned: 1, done: 1 },
      ],
      weeks: [{ week: "2026-02-23", assigned: 4, done: 3 }],
      families: sessions ? [{ family: "reactor", sessions, measures: [{ ...reaction, points: rts, trend: measureTrend(rts, reaction) }] }] : [],
      dizziness: played.map((s) => ({ sessionId: s.id, endedAt: s.endedAt, activityName: "Reaction lights", before: 4, after: 2 })).reverse(),
      sessions: played,
    },
    activities: [
      {
        id: 7,
        name: "Reaction lights",
        type: "game",
        family: "reactor",
        buildId: "reactor-quick",
        assigned: 3,
        done: 3,
        sessions,
        playedMs: 360_000,
        lastDoneAt: "2026-03-03T10:02:00.000Z",
      },
      { id: 9, name: "Understanding dizziness", type: "text", family: null, buildId: null, assigned: 1, done: 0, sessions: 0, playedMs: 0, lastDoneAt: null },
    ],
  };
}

/** The screen's HTML with `data` cached as the statistics of PATIENT over RANGE (and `activity`, if given). */
const render = (element: ReactElement, url: string, path: string, activity: number | undefined, data: PatientStatistics) =>
  renderHtml(element, { i18n, url, path, session, cache: [[[STATISTICS_KEY, statisticsPath({ user: PATIENT.id, activity, ...RANGE })], data]] });

const query = `?patient=${PATIENT.id}&since=${RANGE.since}&to=${RANGE.to}`;

describe("the statistics screen", () => {
  it("shows the linked patient's range: totals, adherence per day, the family's trend, dizziness, sessions and activities", () => {
    const html = render(<StatisticsPage />, `/statistics${query}`, "/statistics", undefined, statistics());
    const text = textOf(html);
    expect(text).toContain("Statistics of Pablo Díaz");
    expect(text).toContain("Adherence 75%");
    expect(text).toContain("Activities assigned and done, per day");
    expect(text).toContain("2026-03-01 2 1 50%");
    expect(text).toContain("Median reaction time");
    expect(text).toContain("Improving: 520 ms → 430 ms over 3 sessions.");
    expect(text).toContain("On average 4 before and 2 after, over 3 sessions.");
    expect(text).toContain("Latest sessions");
    // Each chart is one image for screen readers, described by its table.
    expect(html).toMatch(/role="img" aria-label="Adherence from 2026-03-01 to 2026-03-03: 3 of 4 activities done \(75%\)/);
    // The activity opens its own statistics in the same range.
    expect(html).toContain(`href="/manager/admin/statistics/7?patient=${PATIENT.id}&amp;since=2026-03-01&amp;to=2026-03-03"`);
    // Every table exports through the one export action (lib/exports.ts): buttons, no plain links.
    expect(exportButtonsOf(html, "Export: Adherence over time")).toEqual(["CSV", "XLSX"]);
    expect(html).not.toContain("/api/statistics/export");
    expect(text).toContain("Progress report (PDF)");
  });

  it("says when the range holds nothing and offers a longer one", () => {
    const empty = statistics(null, 0);
    empty.data.totals = { ...empty.data.totals, assigned: 0, done: 0, adherence: null };
    empty.data.days = empty.data.days.map((day) => ({ ...day, assigned: 0, done: 0 }));
    const text = textOf(render(<StatisticsPage />, `/statistics${query}`, "/statistics", undefined, empty));
    expect(text).toContain("Nothing was assigned or played from 2026-03-01 to 2026-03-03. Try a longer range.");
    expect(text).toContain("Everything since 2026-02-01");
    // Said once, not in every section.
    expect(text).not.toContain("Adherence over time");
  });

  it("does not ask the server for a range it would refuse, and says why", () => {
    const text = textOf(render(<StatisticsPage />, `/statistics?patient=${PATIENT.id}&since=2026-03-05&to=2026-03-01`, "/statistics", undefined, statistics()));
    expect(text).toContain("Must be on or after the start date.");
    expect(text).not.toContain("Statistics of Pablo Díaz");
  });

  it("asks for a patient when no link or badge names one", () => {
    const text = textOf(render(<StatisticsPage />, "/statistics", "/statistics", undefined, statistics()));
    expect(text).toContain("Choose the patient whose statistics you want to see.");
  });
});

describe("an activity's statistics", () => {
  it("lists a game's sessions newest first, each opening its trials", () => {
    const game = { id: 7, name: "Reaction lights", type: "game", family: "reactor" as const };
    const text = textOf(render(<ActivityStatisticsPage />, `/statistics/7${query}`, "/statistics/:id", 7, statistics(game)));
    expect(text).toContain("Reaction lights");
    expect(text).toContain("Every session");
    expect(text.indexOf("2026-03-03")).toBeLessThan(text.lastIndexOf("2026-03-01"));
    expect(text).toContain("Trials");
    expect(text).toContain("All statistics of the patient");
  });

  it("gives an activity that is not a game its adherence only, with a sentence", () => {
    const reading = { id: 9, name: "Understanding dizziness", type: "text", family: null };
    const text = textOf(render(<ActivityStatisticsPage />, `/statistics/9${query}`, "/statistics/:id", 9, statistics(reading, 0)));
    expect(text).toContain("Understanding dizziness is not a game");
    expect(text).toContain("Adherence over time");
    expect(text).not.toContain("Every session");
  });
});
