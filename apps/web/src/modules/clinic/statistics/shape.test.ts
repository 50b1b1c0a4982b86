import { FAMILY_MEASURES, type FamilyMeasureSeries, measureTrend, type PatientStatistics, STATISTICS_MESSAGES } from "@clinic/shared";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { localeResources } from "../../../lib/test-texts.ts";
import { exportFilters, statisticsPath, statisticsScreen } from "./api.ts";
import { statisticsFieldErrors, translateStatisticsMessage } from "./messages.ts";
import { adherenceBuckets, dizzinessMeans, familyRows, formatChange, formatMeasure, hasAdherence, totalsTiles, trendSentence } from "./shape.ts";

const resources = await localeResources();

async function translator(language: "en" | "es") {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: resources[language] } }, interpolation: { escapeValue: false } });
  return instance.t;
}

/** Shaped as `GET /api/statistics/` answers (packages/shared/src/statistics.ts). */
function data(overrides: Partial<PatientStatistics["data"]> = {}): PatientStatistics["data"] {
  return {
    totals: { assigned: 8, done: 6, adherence: 0.75, sessions: 4, playedMs: 725_000, activeDays: 5, firstDay: "2026-02-01" },
    days: [
      { day: "2026-03-01", assigned: 2, done: 1 },
      { day: "2026-03-02", assigned: 0, done: 0 },
      { day: "2026-03-03", assigned: 1, done: 1 },
    ],
    weeks: [{ week: "2026-02-23", assigned: 3, done: 2 }],
    families: [],
    dizziness: [],
    sessions: [],
    ...overrides,
  };
}

const reaction = FAMILY_MEASURES.reactor[0] as { name: string; unit: "ms"; better: "lower" };
const points = [520, 500, 480, 460, 450, 430].map((value, index) => ({ sessionId: index + 1, endedAt: `2026-03-0${index + 1}T10:00:00.000Z`, value }));
const series: FamilyMeasureSeries = { ...reaction, points, trend: measureTrend(points, reaction) };

describe("the adherence chart's data", () => {
  it("is per day up to a month, with each day's ratio (none when nothing was assigned)", () => {
    const { per, buckets } = adherenceBuckets(data(), { since: "2026-03-01", to: "2026-03-03" });
    expect(per).toBe("day");
    expect(buckets).toEqual([
      { day: "2026-03-01", assigned: 2, done: 1, ratio: 0.5 },
      { day: "2026-03-02", assigned: 0, done: 0, ratio: null },
      { day: "2026-03-03", assigned: 1, done: 1, ratio: 1 },
    ]);
    expect(hasAdherence(buckets)).toBe(true);
  });

  it("is per week (by its Monday) beyond a month", () => {
    const { per, buckets } = adherenceBuckets(data(), { since: "2025-12-16", to: "2026-03-15" });
    expect(per).toBe("week");
    expect(buckets).toEqual([{ day: "2026-02-23", assigned: 3, done: 2, ratio: 2 / 3 }]);
  });

  it("is not drawn when nothing was assigned or done", () => {
    const { buckets } = adherenceBuckets(data({ days: [{ day: "2026-03-01", assigned: 0, done: 0 }] }), { since: "2026-03-01", to: "2026-03-01" });
    expect(hasAdherence(buckets)).toBe(false);
  });
});

describe("a family's measures", () => {
  it("line up per session in one table, a session missing a measure left empty", () => {
    const accuracy: FamilyMeasureSeries = {
      name: "accuracy",
      unit: "ratio",
      better: "higher",
      points: [{ sessionId: 2, endedAt: "2026-03-02T10:00:00.000Z", value: 0.9 }],
      trend: null,
    };
    const rows = familyRows([{ ...series, points: points.slice(0, 2) }, accuracy]);
    expect(rows).toEqual([
      { sessionId: 1, endedAt: "2026-03-01T10:00:00.000Z", values: [520, null] },
      { sessionId: 2, endedAt: "2026-03-02T10:00:00.000Z", values: [500, 0.9] },
    ]);
  });

  it("read in their unit and the reader's language", async () => {
    const en = await translator("en");
    const es = await translator("es");
    expect(formatMeasure(en, "en", "ms", 1312.4)).toBe("1,312 ms");
    expect(formatMeasure(es, "es", "ms", 1312.4)).toBe("1312 ms");
    expect(formatMeasure(en, "en", "ratio", 0.856)).toBe("86%");
    expect(formatMeasure(es, "es", "ratio", 0.856)).toBe("86\u00a0%");
    expect(formatMeasure(en, "en", "level", 4.5)).toBe("level 4.5");
    expect(formatMeasure(es, "es", "deg", 2.25)).toBe("2,3°");
    expect(formatMeasure(en, "en", "logmar", 0.125)).toBe("0.13 logMAR");
    expect(formatChange(en, "en", "ms", -90)).toBe("−90 ms");
    expect(formatChange(en, "en", "ratio", 0.06)).toBe("+6 points");
  });

  it("tell their trend in words, start → end in the unit", async () => {
    const en = await translator("en");
    const es = await translator("es");
    // Six points: the first two average 510, the last two 440; lower is better.
    expect(trendSentence(en, "en", series)).toBe("Improving: 510 ms → 440 ms over 6 sessions.");
    expect(trendSentence(es, "es", series)).toBe("Mejora: 510 ms → 440 ms en 6 sesiones.");
    const two = points.slice(0, 2);
    expect(trendSentence(en, "en", { ...series, points: two, trend: measureTrend(two, reaction) })).toBe("500 ms (2 sessions: too few to call a trend).");
    expect(trendSentence(en, "en", { ...series, points: [], trend: null })).toBeNull();
  });
});

describe("the totals and dizziness", () => {
  it("show the totals as tiles, adherence as a percent and played time in minutes", async () => {
    const en = await translator("en");
    expect(totalsTiles(en, "en", data().totals)).toEqual([
      ["Assigned", "8"],
      ["Done", "6"],
      ["Adherence", "75%"],
      ["Game sessions", "4"],
      ["Played time", "12 min 5 s"],
      ["Active days", "5"],
    ]);
    expect(totalsTiles(en, "en", { ...data().totals, adherence: null })[2]).toEqual(["Adherence", "—"]);
  });

  it("average dizziness before and after, none without sessions", () => {
    expect(
      dizzinessMeans([
        { before: 4, after: 2 },
        { before: 5, after: 4 },
      ]),
    ).toEqual({ before: 4.5, after: 3 });
    expect(dizzinessMeans([])).toBeNull();
  });
});

describe("the statistics' addresses and messages", () => {
  const scope = { user: "0b5c3f5e-1c1d-4c49-9d3a-3f1f2b9d6a10", since: "2026-02-14", to: "2026-03-15" };

  it("ask for the patient, the range and the activity; exports name their table", () => {
    expect(statisticsPath(scope)).toBe(`/api/statistics/?user=${scope.user}&since=2026-02-14&to=2026-03-15`);
    expect(statisticsPath({ ...scope, activity: 7 })).toBe(`/api/statistics/?user=${scope.user}&since=2026-02-14&to=2026-03-15&activity=7`);
    expect(exportFilters({ ...scope, activity: 7 }, "sessions")).toEqual({ ...scope, activity: "7", table: "sessions" });
    expect(statisticsScreen("statistics/7", scope.user, scope)).toBe(`/manager/admin/statistics/7?patient=${scope.user}&since=2026-02-14&to=2026-03-15`);
  });

  it("translate the API's statistics messages and leave other texts alone", async () => {
    const es = await translator("es");
    expect(translateStatisticsMessage(STATISTICS_MESSAGES.sinceAfterTo, es)).toBe("Debe ser igual o posterior a la fecha de inicio.");
    expect(translateStatisticsMessage("Something else.", es)).toBe("Something else.");
    expect(statisticsFieldErrors({ note: [STATISTICS_MESSAGES.noteTooLong], to: [STATISTICS_MESSAGES.rangeTooLong] }, es)).toEqual({
      note: "La nota puede tener como máximo 4000 caracteres.",
      to: "El periodo puede abarcar como máximo 5 años.",
    });
  });
});
