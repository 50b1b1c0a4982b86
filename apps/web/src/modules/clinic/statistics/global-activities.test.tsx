import { GROUP, type GlobalActivities } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { exportButtonsOf, renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { STATISTICS_KEY } from "./api.ts";
import { globalActivitiesPath } from "./GlobalActivitiesCard.tsx";
import { StatisticsPage } from "./StatisticsPage.tsx";

const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));

const RANGE = { since: "2026-03-01", to: "2026-03-31" };
const session = testSession({ group: GROUP.therapist, codenames: ["view_statistics"] });

const across: GlobalActivities = {
  dateStart: RANGE.since,
  dateEnd: RANGE.to,
  patientId: null,
  data: [
    {
      id: 7,
      name: "Reaction lights",
      type: "game",
      family: "reactor",
      buildId: "reactor-quick",
      assigned: 8,
      done: 6,
      sessions: 9,
      playedMs: 540_000,
      lastDoneAt: "2026-03-30T10:02:00.000Z",
      patients: 3,
    },
    {
      id: 9,
      name: "Breathing guide",
      type: "video",
      family: null,
      buildId: null,
      assigned: 2,
      done: 0,
      sessions: 0,
      playedMs: 0,
      lastDoneAt: null,
      patients: 2,
    },
  ],
};

function renderPage(language: "en" | "es", data: GlobalActivities = across) {
  void i18n.changeLanguage(language);
  const html = renderHtml(<StatisticsPage />, {
    i18n,
    url: `/statistics?since=${RANGE.since}&to=${RANGE.to}`,
    path: "/statistics",
    session,
    cache: [[[STATISTICS_KEY, "global", globalActivitiesPath(RANGE)], data]],
  });
  void i18n.changeLanguage("en");
  return html;
}

const render = (language: "en" | "es", data: GlobalActivities = across) => textOf(renderPage(language, data));

describe("the statistics screen before a patient is chosen", () => {
  it("asks spec §7's GET /api/global-activities/ for the range, across every patient the caller follows", () => {
    expect(globalActivitiesPath(RANGE)).toBe("/api/global-activities/?date_start=2026-03-01&date_end=2026-03-31");
  });

  it("shows each activity across the patients: how many it reached, assigned, done, played", () => {
    const text = render("en");
    expect(text).toContain("Activities across your patients");
    expect(text).toContain("Every patient you follow, from 2026-03-01 to 2026-03-31");
    for (const shown of ["Reaction lights", "Breathing guide", "Patients", "75", "2026-03-30"]) expect(text).toContain(shown);
    expect(text.indexOf("Reaction lights")).toBeLessThan(text.indexOf("Breathing guide"));
  });

  it("exports the same range through the one export action (buttons, not links)", () => {
    expect(exportButtonsOf(renderPage("en"), "Export: Activities across your patients")).toEqual(["CSV", "XLSX"]);
  });

  it("says when nothing was assigned or played, in Spanish too", () => {
    expect(render("en", { ...across, data: [] })).toContain("No activity was assigned or played in this range.");
    const spanish = render("es");
    expect(spanish).toContain("Actividades de todos tus pacientes");
    expect(spanish).toContain("Todos los pacientes que sigues, del 2026-03-01 al 2026-03-31");
  });
});
