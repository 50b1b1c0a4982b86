import { type ClinicRow, GROUP, type Paged, type PatientRow, type StaffRow } from "@clinic/shared";
import { QueryClient, type QueryKey } from "@tanstack/react-query";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { applyListChanges } from "../../lib/resource.ts";
import { initTestI18n } from "../../lib/test-i18n.ts";
import { renderHtml, testSession, textOf } from "../../lib/test-render.tsx";
import { CLINICS_KEY, PATIENTS_KEY, STAFF_KEY } from "./api.ts";
import { ClinicsPage } from "./ClinicsPage.tsx";
import { PatientsPage } from "./PatientsPage.tsx";
import { personInList } from "./PersonDialog.tsx";
import { TeamPanel } from "./TeamPanel.tsx";

/**
 * Spec §4 on the people screens: a person created in the dialog shows first in its list, and
 * once the refetched page holds it too, only once. The dialog's own list change goes through
 * the same cache update as useAction's, then the screen is rendered from that cache.
 */
beforeAll(() => initTestI18n(i18next));

const person = (id: string, nombres: string) => ({
  id,
  email: `${id}@example.com`,
  nombres,
  apellidos: "Paz",
  identification: "",
  language: "en" as const,
  isActive: true,
  invitationPending: true,
  createdAt: "2026-11-01T09:00:00.000Z",
});
const invitation = { status: "outbox" as const, error: null };
const page = <T,>(data: T[]): Paged<T> => ({ data, page: 1, total: data.length });

/** The cache after the dialog created `created` in `list`, with the server's page (which may hold it too). */
function cacheAfterCreate(list: string, created: object, pageKey: QueryKey, serverPage: Paged<unknown>): [QueryKey, unknown][] {
  const client = new QueryClient();
  client.setQueryData(pageKey, serverPage);
  applyListChanges(client, { added: personInList(list, { ...created, invitation }), changed: [], removed: [] });
  return client
    .getQueryCache()
    .getAll()
    .map((query) => [query.queryKey, query.state.data]);
}

/** Where each of `emails` first shows in the page, and how often. */
function placesOf(html: string, emails: string[]) {
  const text = textOf(html);
  return emails.map((email) => ({ at: text.indexOf(email), times: text.split(email).length - 1 }));
}

describe("a person created in the people dialogs", () => {
  const clinic = (id: string, name: string): ClinicRow => ({ ...person(id, ""), name, membership: null, therapists: 0, patients: 0 });
  const staff = (id: string, nombres: string): StaffRow => ({ ...person(id, nombres), clinicId: "c1", clinicName: "Centro", patients: 0 });
  const patient = (id: string, nombres: string): PatientRow => ({ ...person(id, nombres), clinicId: "c1", clinicName: "Centro", therapists: [], phone: null });

  it("comes first in the clinics list, and once when the server's page holds it too", () => {
    const key = [CLINICS_KEY, "/api/clinics/", "page=1&rowsPerPage=10"];
    for (const server of [
      [clinic("a", "Alfa"), clinic("b", "Beta")],
      [clinic("a", "Alfa"), clinic("new", "Nueva"), clinic("b", "Beta")],
    ]) {
      const html = renderHtml(<ClinicsPage />, {
        i18n: i18next,
        session: testSession({ isAdmin: true }),
        cache: cacheAfterCreate(CLINICS_KEY, clinic("new", "Nueva"), key, page(server)),
      });
      const [created, first, second] = placesOf(html, ["new@example.com", "a@example.com", "b@example.com"]);
      expect(created?.times).toBe(1);
      expect(created?.at).toBeGreaterThan(-1);
      expect(created?.at).toBeLessThan(first?.at ?? -1);
      expect(first?.at).toBeLessThan(second?.at ?? -1);
    }
  });

  it("comes first in the clinic's team list, and not in another clinic's", () => {
    const key = (clinicId: string) => [STAFF_KEY, "/api/staff/", `page=1&rowsPerPage=10&clinic=${clinicId}`];
    const cache = cacheAfterCreate(STAFF_KEY, staff("new", "Nuevo"), key("c1"), page([staff("a", "Alba"), staff("new", "Nuevo")]));
    const html = renderHtml(<TeamPanel clinicId="c1" canManage />, { i18n: i18next, session: testSession({ group: GROUP.clinic }), cache });
    const [created, other] = placesOf(html, ["new@example.com", "a@example.com"]);
    expect(created?.times).toBe(1);
    expect(created?.at).toBeLessThan(other?.at ?? -1);

    const elsewhere = cacheAfterCreate(STAFF_KEY, staff("new", "Nuevo"), key("c2"), page([{ ...staff("z", "Zoe"), clinicId: "c2" }]));
    const otherClinic = renderHtml(<TeamPanel clinicId="c2" canManage />, { i18n: i18next, session: testSession({ isAdmin: true }), cache: elsewhere });
    expect(textOf(otherClinic)).not.toContain("new@example.com");
  });

  it("comes first in the patients list", () => {
    const key = [PATIENTS_KEY, "/api/user-patients/", "page=1&rowsPerPage=10"];
    const html = renderHtml(<PatientsPage />, {
      i18n: i18next,
      session: testSession({ group: GROUP.clinic, codenames: ["view_patient", "change_patient"] }),
      cache: cacheAfterCreate(PATIENTS_KEY, patient("new", "Nuria"), key, page([patient("a", "Alba"), patient("b", "Bruno"), patient("new", "Nuria")])),
    });
    const [created, first] = placesOf(html, ["new@example.com", "a@example.com"]);
    expect(created?.times).toBe(1);
    expect(created?.at).toBeGreaterThan(-1);
    expect(created?.at).toBeLessThan(first?.at ?? -1);
  });
});
