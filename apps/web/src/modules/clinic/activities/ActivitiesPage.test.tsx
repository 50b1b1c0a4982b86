import { type Activity, GROUP, type Paged } from "@clinic/shared";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { renderText, testSession } from "../../../lib/test-render.tsx";
import { ActivitiesPage } from "./ActivitiesPage.tsx";
import { ACTIVITIES_KEY } from "./api.ts";

/** The activities list (a therapist's) rendered with the server's answer to its first page in the cache. */
beforeAll(() => initTestI18n(i18next));
afterEach(() => i18next.changeLanguage("en"));

const none: Paged<Activity> = { data: [], page: 1, total: 0 };
const render = (url: string, query: string) =>
  renderText(<ActivitiesPage />, {
    i18n: i18next,
    url,
    path: "/manager/admin/activities",
    session: testSession({ group: GROUP.therapist, codenames: ["change_activity"] }),
    cache: [[[ACTIVITIES_KEY, "/api/activities/", query], none]],
  });

describe("ActivitiesPage", () => {
  it("answers a search that finds nothing with that search, never with an empty catalogue", () => {
    const text = render("/manager/admin/activities?q=xyz", "page=1&rowsPerPage=10&name=name&value=xyz");
    expect(text).toContain("No activities match “xyz”.");
    expect(text).not.toContain("No activities yet.");
  });

  it("says there are no activities yet only without a search, in English and Spanish", async () => {
    expect(render("/manager/admin/activities", "page=1&rowsPerPage=10&name=name")).toContain("No activities yet.");
    await i18next.changeLanguage("es");
    expect(render("/manager/admin/activities?q=xyz", "page=1&rowsPerPage=10&name=name&value=xyz")).toContain("Ninguna actividad coincide con «xyz».");
  });
});
