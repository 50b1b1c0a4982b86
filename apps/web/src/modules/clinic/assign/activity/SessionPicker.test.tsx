import type { GameSessionFigures, Paged } from "@clinic/shared";
import { InfiniteQueryObserver, QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initTestI18n } from "../../../../lib/test-i18n.ts";
import { renderText } from "../../../../lib/test-render.tsx";
import { assignmentSessionsQuery, SessionPicker, sessionsOf } from "./SessionPicker.tsx";

/** The results dialog's session picker over an assignment played 130 times: more than the server's largest page. */
beforeAll(() => initTestI18n(i18next));
afterEach(() => i18next.changeLanguage("en"));
afterAll(() => vi.unstubAllGlobals());

const TOTAL = 130;
const session = (id: number): GameSessionFigures => ({
  id,
  buildId: "reactor-quick",
  startedAt: "2026-11-01T09:00:00.000Z",
  endedAt: "2026-11-01T09:01:30.000Z",
  durationMs: 90_000,
  levelStart: 1,
  levelEnd: 3,
  motion: 0.5,
  ended: "completed",
  dizzinessBefore: 4,
  dizzinessAfter: 2,
  trialCount: 4,
  metrics: {},
  receivedAt: "2026-11-01T09:01:31.000Z",
});
/** The server's answer to `?page=&rowsPerPage=`: ids TOTAL … 1, newest first. */
function serverPage(url: string): Paged<GameSessionFigures> {
  const params = new URL(url, "http://app").searchParams;
  const page = Number(params.get("page"));
  const size = Number(params.get("rowsPerPage"));
  const ids = Array.from({ length: TOTAL }, (_, index) => TOTAL - index).slice((page - 1) * size, page * size);
  return { data: ids.map(session), page, total: TOTAL };
}

describe("the results dialog's session picker", () => {
  it("asks for the next page while sessions remain, and then holds every session once", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(serverPage(url)), { status: 200 });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(client, assignmentSessionsQuery(7, "p1"));
    await observer.refetch();
    const first = observer.getCurrentResult();
    expect(asked).toEqual(["/api/assignActivity/7/game-sessions?page=1&rowsPerPage=100"]);
    expect(first.hasNextPage).toBe(true);
    expect(sessionsOf(first.data).sessions).toHaveLength(100);

    const second = await observer.fetchNextPage();
    expect(asked.at(-1)).toBe("/api/assignActivity/7/game-sessions?page=2&rowsPerPage=100");
    expect(second.hasNextPage).toBe(false);
    const { sessions, total } = sessionsOf(second.data);
    expect(total).toBe(TOTAL);
    expect(sessions.map((row) => row.id)).toEqual(Array.from({ length: TOTAL }, (_, index) => TOTAL - index));
  });

  it("says how many sessions are loaded while older ones remain, in English and Spanish", async () => {
    const cache: [readonly unknown[], unknown][] = [
      [assignmentSessionsQuery(7, "p1").queryKey, { pages: [serverPage("/x?page=1&rowsPerPage=100")], pageParams: [1] }],
    ];
    const picker = <SessionPicker assignmentId={7} patientId="p1" value={null} onChange={() => undefined} />;
    expect(renderText(picker, { i18n: i18next, cache })).toContain("100 of 130 sessions loaded");
    await i18next.changeLanguage("es");
    expect(renderText(picker, { i18n: i18next, cache })).toContain("100 de 130 sesiones cargadas");

    const all: [readonly unknown[], unknown][] = [
      [
        assignmentSessionsQuery(7, "p1").queryKey,
        { pages: [serverPage("/x?page=1&rowsPerPage=100"), serverPage("/x?page=2&rowsPerPage=100")], pageParams: [1, 2] },
      ],
    ];
    expect(renderText(picker, { i18n: i18next, cache: all })).not.toContain("130");
  });
});
