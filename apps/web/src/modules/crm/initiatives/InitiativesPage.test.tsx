import type { CrmInitiative, Paged } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { INITIATIVES_KEY, INITIATIVES_PATH, INITIATIVES_RESOURCE } from "./api.ts";
import { InitiativesPage } from "./InitiativesPage.tsx";

/** The initiatives screen rendered to HTML with its first page and counts in the query cache. */
const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));

const row = (id: number, title: string, salesmanId: string | null, state: CrmInitiative["state"]): CrmInitiative => ({
  id,
  clinicId: "clinic",
  title,
  description: "",
  state,
  salesman: salesmanId ? { id: salesmanId, name: salesmanId === "u1" ? "Ana Ruiz" : "Bruno Agent" } : null,
  clientCount: 12,
  documentCount: 1,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-02T10:00:00.000Z",
});
const page: Paged<CrmInitiative> = { data: [row(1, "Spring check-ups", "u1", "not_readed"), row(2, "Bruno's leads", "u2", "read")], page: 1, total: 2 };
const cache: [unknown[], unknown][] = [
  [[INITIATIVES_RESOURCE, INITIATIVES_PATH, "page=1&rowsPerPage=25"], page],
  [[INITIATIVES_KEY, "by-state", ""], { read: 1, not_readed: 1 }],
];
const flags = { clinic: true, crm_manager: true };

describe("the initiatives screen", () => {
  it("shows a CRM admin every initiative with its state, the counts by state, and add, edit and delete", () => {
    const session = testSession({ codenames: ["is_admin", "view_initiative", "add_initiative", "change_initiative", "delete_initiative"], flags });
    const html = renderHtml(<InitiativesPage />, { i18n, session, cache });
    const text = textOf(html);
    expect(text).toContain("All (2)");
    expect(text).toContain("Not read (1)");
    expect(text).toContain("Add initiative");
    expect(text).toContain("Not read");
    expect(html).toContain('aria-label="Edit Bruno&#x27;s leads"');
    expect(html).toContain('aria-label="Delete Spring check-ups"');
  });

  it("lets an agent change only their own initiative, and neither add nor delete", () => {
    const session = testSession({ codenames: ["is_crm_agent", "view_initiative", "change_initiative"], flags });
    const html = renderHtml(<InitiativesPage />, { i18n, session, cache });
    expect(textOf(html)).not.toContain("Add initiative");
    expect(html).toContain('aria-label="Edit Spring check-ups"');
    expect(html).not.toContain("Edit Bruno");
    expect(html).not.toContain("Delete ");
  });
});
