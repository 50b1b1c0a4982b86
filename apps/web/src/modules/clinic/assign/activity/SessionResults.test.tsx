import type { GameSessionFigures } from "@clinic/shared";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "../../../../lib/dates.ts";
import { initTestI18n } from "../../../../lib/test-i18n.ts";
import { renderText } from "../../../../lib/test-render.tsx";
import { SYNCED_LATE_MINUTES, sessionTimes } from "./gameFigures.ts";
import { SessionTimes } from "./SessionResults.tsx";

/** When a result was played and when it reached the clinic (issue 43: the patient app plays offline). */
const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));
afterEach(() => i18n.changeLanguage("en"));

const endedAt = "2026-03-02T10:02:05.000Z";
/** The rendered text without its spaces: the renderer spaces text nodes apart. */
const squashed = (text: string) => text.replace(/\s+/g, "");
const arriving = (minutesLater: number): Pick<GameSessionFigures, "endedAt" | "receivedAt"> => ({
  endedAt,
  receivedAt: new Date(Date.parse(endedAt) + minutesLater * 60_000).toISOString(),
});

describe("a session's played and arrival times", () => {
  it("are written as the screens write date-times, and marked synced later past a few minutes", () => {
    expect(sessionTimes(arriving(0.1))).toEqual({ played: formatDateTime(endedAt), arrived: formatDateTime(arriving(0.1).receivedAt), syncedLater: false });
    expect(formatDateTime(endedAt)).toMatch(/^\d{4}-\d{2}-\d{2}, \d{2}:\d{2} (am|pm)$/);
    expect(sessionTimes(arriving(SYNCED_LATE_MINUTES)).syncedLater).toBe(false);
    expect(sessionTimes(arriving(SYNCED_LATE_MINUTES + 1)).syncedLater).toBe(true);
    // A device clock running ahead makes the arrival look earlier: never "late".
    expect(sessionTimes(arriving(-90)).syncedLater).toBe(false);
  });

  it("show both times, and the synced-later mark with its reason, in English and Spanish", async () => {
    const late = { ...arriving(180) } as GameSessionFigures;
    const english = renderText(<SessionTimes session={late} />, { i18n });
    expect(squashed(english)).toContain(squashed(`Played: ${formatDateTime(late.endedAt)}`));
    expect(squashed(english)).toContain(squashed(`Arrived: ${formatDateTime(late.receivedAt)}`));
    expect(english).toContain("Synced later");
    expect(english).toContain("Played while offline");
    await i18n.changeLanguage("es");
    const spanish = renderText(<SessionTimes session={late} />, { i18n });
    expect(squashed(spanish)).toContain(squashed(`Jugada: ${formatDateTime(late.endedAt)}`));
    expect(squashed(spanish)).toContain(squashed(`Recibida: ${formatDateTime(late.receivedAt)}`));
    expect(spanish).toContain("Sincronizada más tarde");
  });

  it("leave the mark out when the result arrived at once", () => {
    const text = renderText(<SessionTimes session={arriving(1) as GameSessionFigures} />, { i18n });
    expect(text).toContain("Arrived");
    expect(text).not.toContain("Synced later");
  });
});
