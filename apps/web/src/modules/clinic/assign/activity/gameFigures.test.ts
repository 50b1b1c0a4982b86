import type { GameSessionFigures } from "@clinic/shared";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { localeResources } from "../../../../lib/test-texts.ts";
import { formatDuration, sessionFigures } from "./gameFigures.ts";

const resources = await localeResources();
const session: GameSessionFigures = {
  id: 1,
  buildId: "reactor-quick",
  startedAt: "2026-03-02T10:00:00.000Z",
  endedAt: "2026-03-02T10:02:05.000Z",
  durationMs: 125_400,
  levelStart: 2,
  levelEnd: 4,
  motion: 0.75,
  ended: "completed",
  dizzinessBefore: 5,
  dizzinessAfter: 3,
  trialCount: 1250,
  metrics: { trials: 1250, correct: 1125, accuracy: 0.9, rt_median_ms: 1312.4 },
  receivedAt: "2026-03-02T10:02:06.000Z",
};

async function translator(language: "en" | "es") {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: resources[language] } }, interpolation: { escapeValue: false } });
  return instance.t;
}

describe("a game session's figures", () => {
  it.each([
    [
      "en",
      [
        ["Score", "1,125 of 1,250"],
        ["Accuracy", "90%"],
        ["Median reaction time", "1,312 ms"],
        ["Level reached", "4 (from 2)"],
        ["Dizziness before → after", "5 → 3 of 10"],
        ["Played time", "2 min 5 s"],
        ["Motion", "75%"],
      ],
    ],
    [
      "es",
      [
        ["Puntuación", "1125 de 1250"],
        ["Precisión", "90 %"],
        ["Tiempo de reacción mediano", "1312 ms"],
        ["Nivel alcanzado", "4 (desde 2)"],
        ["Mareo antes → después", "5 → 3 de 10"],
        ["Tiempo jugado", "2 min 5 s"],
        ["Movimiento", "75 %"],
      ],
    ],
  ] as const)("reads in %s, numbers written as the language writes them", async (language, expected) => {
    const t = await translator(language);
    // Intl may use a no-break space before "%" in Spanish: compare with plain spaces.
    const figures = sessionFigures(session, t, language).map(([label, value]) => [label, value.replace(/\s/g, " ")]);
    expect(figures).toEqual(expected);
  });

  it("prefers a bundle's own score, and leaves out what a session could not compute", async () => {
    const t = await translator("en");
    const labels = sessionFigures({ ...session, metrics: { score: 42 } }, t, "en");
    expect(labels[0]).toEqual(["Score", "42"]);
    expect(labels.map(([label]) => label)).not.toContain("Accuracy");
    expect(labels.map(([label]) => label)).not.toContain("Median reaction time");
  });

  it("writes short times in seconds only", async () => {
    expect(formatDuration(await translator("es"), "es", 45_200)).toBe("45 s");
  });
});
