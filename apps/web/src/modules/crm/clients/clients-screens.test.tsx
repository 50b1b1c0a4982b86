import type { CrmClient, CrmClientDetail, CrmDocument, CrmTimelineEntry, Paged } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { renderHtml, testSession, textOf } from "../../../lib/test-render.tsx";
import { CLIENTS_KEY, CLIENTS_PATH, CLIENTS_RESOURCE, DOCUMENTS_KEY, NOTES_RESOURCE, TIMELINE_RESOURCE } from "./api.ts";
import { ClientPage } from "./ClientPage.tsx";
import { ClientsTab } from "./ClientsTab.tsx";

/** The clients screens rendered to HTML with their data in the query cache, as a CRM admin and as an agent. */
const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));

const client = (id: number, name: string, extra: Partial<CrmClient> = {}): CrmClient => ({
  id,
  clinicId: "clinic",
  kind: "person",
  firstName: name.split(" ")[0] ?? "",
  lastName: name.split(" ")[1] ?? "",
  organisation: "",
  name,
  email: `${id}@example.com`,
  phone: "+34 600 000 000",
  city: "Madrid",
  address: "",
  consent: true,
  consentAt: "2026-11-01T10:00:00.000Z",
  unsubscribedAt: null,
  ownerId: "u1",
  ownerName: "Marta Agent",
  userId: null,
  tags: ["vip"],
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  ...extra,
});
const page: Paged<CrmClient> = { data: [client(1, "Lucía Gómez"), client(2, "Pablo Ruiz", { unsubscribedAt: "2026-11-20T10:00:00.000Z" })], page: 1, total: 2 };
const listCache: [unknown[], unknown][] = [
  [[CLIENTS_RESOURCE, CLIENTS_PATH, "page=1&rowsPerPage=25"], page],
  [[CLIENTS_KEY, "tags"], [{ tag: "vip", count: 2 }]],
  [[CLIENTS_KEY, "lists-all"], { data: [], page: 1, total: 0 }],
];
const flags = { clinic: true, crm_manager: true };

describe("the clients tab", () => {
  it("shows a CRM admin each client with consent, selection, edit and delete", () => {
    const session = testSession({ codenames: ["is_admin"], flags });
    const html = renderHtml(<ClientsTab />, { i18n, session, cache: listCache });
    const text = textOf(html);
    expect(text).toContain("Lucía Gómez");
    expect(text).toContain("Consent given");
    expect(text).toContain("Unsubscribed");
    expect(text).toContain("Add to list (0)");
    expect(html).toContain('aria-label="Select Lucía Gómez"');
    expect(html).toContain('aria-label="Delete Pablo Ruiz"');
    expect(html).toContain('href="/crm/app/user/1"');
  });

  it("lets an agent add and edit, but neither delete nor put clients on lists", () => {
    const session = testSession({ codenames: ["is_crm_agent"], flags });
    const html = renderHtml(<ClientsTab />, { i18n, session, cache: listCache });
    expect(textOf(html)).toContain("Add client");
    expect(html).toContain('aria-label="Edit Lucía Gómez"');
    expect(html).not.toContain("Delete Lucía");
    expect(html).not.toContain("Select Lucía");
    expect(textOf(html)).not.toContain("Add to list");
  });
});

describe("the client's page", () => {
  const detail: CrmClientDetail = { ...client(7, "Lucía Gómez"), lists: [{ id: 3, title: "Spring campaign" }], initiatives: [] };
  const timeline: Paged<CrmTimelineEntry> = {
    data: [
      { id: 2, kind: "edited", summary: "city, ownerId", refId: null, actorName: "Marta Agent", at: "2026-11-02T10:00:00.000Z" },
      { id: 1, kind: "created", summary: "", refId: null, actorName: null, at: "2026-11-01T10:00:00.000Z" },
    ],
    page: 1,
    total: 2,
  };
  const documents: CrmDocument[] = [
    {
      id: 5,
      clientId: 7,
      initiativeId: null,
      name: "Consent form",
      originalName: "consent.pdf",
      mime: "application/pdf",
      size: 2048,
      downloadUrl: "/api/crm/documents/5/file",
      createdBy: "u1",
      createdByName: "Marta Agent",
      createdAt: "2026-11-02T10:00:00.000Z",
    },
  ];
  const cache: [unknown[], unknown][] = [
    [[CLIENTS_KEY, "one", 7], detail],
    [[TIMELINE_RESOURCE, `${CLIENTS_PATH}/7/timeline`, "page=1&rowsPerPage=10"], timeline],
    [[NOTES_RESOURCE, `${CLIENTS_PATH}/7/notes`, "page=1&rowsPerPage=5"], { data: [], page: 1, total: 0 }],
    [[DOCUMENTS_KEY, "clientId=7"], documents],
  ];

  it("shows the contact card, its lists, the timeline in words and the documents with their downloads", () => {
    const session = testSession({ codenames: ["is_crm_agent"], flags });
    const html = renderHtml(<ClientPage />, { i18n, session, cache, url: "/crm/app/user/7", path: "/crm/app/user/:id" });
    const text = textOf(html);
    expect(text).toContain("Lucía Gómez");
    expect(text).toContain("Spring campaign");
    expect(text).toContain("Edited: City, Owner");
    expect(text).toContain("Consent form");
    expect(html).toContain('href="/api/crm/documents/5/file"');
    expect(text).toContain("There are no notes yet.");
    // Agents edit, only CRM admins delete.
    expect(html).toMatch(/Edit<\/button>/);
    expect(html).not.toMatch(/Delete<\/button>/);
    const admin = renderHtml(<ClientPage />, {
      i18n,
      session: testSession({ codenames: ["is_admin"], flags }),
      cache,
      url: "/crm/app/user/7",
      path: "/crm/app/user/:id",
    });
    expect(admin).toMatch(/Delete<\/button>/);
  });
});
