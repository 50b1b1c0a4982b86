import { type AccessLogEntry, type AuditRecord, GROUP, type Paged } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../lib/test-i18n.ts";
import { exportButtonsOf, renderHtml, renderText, testSession, textOf } from "../../lib/test-render.tsx";
import { AccessLogCard } from "./AccessLogCard.tsx";
import { AuditPage } from "./AuditPage.tsx";
import { ACCESS_LOG_KEY, ACCESS_LOG_PATH, AUDIT_KEY, AUDIT_PATH, rangeFilters, WHAT_KEYS, whatKey } from "./api.ts";
import en from "./locales/en.json" with { type: "json" };
import es from "./locales/es.json" with { type: "json" };

const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));

const RECORDS: Paged<AuditRecord> = {
  page: 1,
  total: 2,
  data: [
    {
      id: 2,
      at: "2026-11-27T10:05:00.000Z",
      action: "patient.statistics.read",
      outcome: "ok",
      actor: { id: "t1", name: "Tomás Terapeuta", role: "therapist" },
      subject: { id: "p1", name: "Paula Paciente" },
      ip: "10.0.0.7",
      detail: { since: "2026-11-01" },
    },
    { id: 1, at: "2026-11-27T03:00:00.000Z", action: "billing.renewals", outcome: "refused", actor: null, subject: null, ip: null, detail: null },
  ],
};

/** Times of the fixtures at local midnight-safe hours, so the test holds in any time zone within ±9 h. */
const LOG: Paged<AccessLogEntry> = {
  page: 1,
  total: 3,
  data: [
    { id: 3, at: "2026-11-27T12:41:00.000Z", action: "patient.statistics.read", actor: { name: "Tomás Terapeuta", role: "therapist" } },
    { id: 2, at: "2026-11-27T12:30:00.000Z", action: "patient.update", actor: { name: "Clínica Sol", role: "clinic" } },
    { id: 1, at: "2026-11-25T12:00:00.000Z", action: "something.new", actor: { name: null, role: null } },
  ],
};

async function renderAudit(language: "en" | "es", data: Paged<AuditRecord> = RECORDS) {
  await i18n.changeLanguage(language);
  return renderHtml(<AuditPage />, {
    i18n,
    session: testSession({ isAdmin: true, language }),
    cache: [[[AUDIT_KEY, AUDIT_PATH, "page=1&rowsPerPage=25"], data]],
  });
}

async function renderLog(language: "en" | "es", data: Paged<AccessLogEntry> = LOG) {
  await i18n.changeLanguage(language);
  return renderText(<AccessLogCard />, {
    i18n,
    session: testSession({ group: GROUP.patient, language }),
    cache: [[[ACCESS_LOG_KEY, ACCESS_LOG_PATH, "page=1&rowsPerPage=25"], data]],
  });
}

describe("AuditPage", () => {
  it("shows each record with the actor's name and role, the person, action, outcome, address and detail; a job as the system", async () => {
    const html = await renderAudit("en");
    const text = textOf(html);
    expect(text).toContain("Audit trail");
    expect(text).toMatch(/Tomás Terapeuta Therapist Paula Paciente patient\.statistics\.read Done 10\.0\.0\.7 since: 2026-11-01/);
    expect(text).toMatch(/System \(job\) — billing\.renewals Refused —/);
    expect(text).toMatch(/2026-11-27, \d\d:\d\d (am|pm)/);
    for (const label of ["Actor", "Person concerned", "Action", "Outcome", "From", "To"]) expect(text).toContain(label);
    expect(exportButtonsOf(html, "Export the audit trail")).toEqual(["CSV", "XLSX"]);
  });

  it("speaks Spanish, and says when nothing is recorded", async () => {
    const text = textOf(await renderAudit("es"));
    expect(text).toContain("Registro de auditoría");
    expect(text).toMatch(/Tomás Terapeuta Terapeuta Paula Paciente patient\.statistics\.read Hecho/);
    expect(text).toContain("Sistema (tarea)");
    expect(text).toContain("Persona afectada");
    expect(textOf(await renderAudit("es", { page: 1, total: 0, data: [] }))).toContain("Aún no hay registros.");
  });

  it("keeps an end before the start, or a range over a year, out of the query and says why", () => {
    expect(rangeFilters("2026-11-10", "2026-11-01")).toEqual({ since: "2026-11-10", to: undefined, toError: "toBeforeSince" });
    expect(rangeFilters("2025-01-01", "2026-01-02")).toEqual({ since: "2025-01-01", to: undefined, toError: "rangeTooLong" });
    expect(rangeFilters("2025-01-01", "2026-01-01")).toEqual({ since: "2025-01-01", to: "2026-01-01", toError: null });
    expect(rangeFilters("", "")).toEqual({ since: undefined, to: undefined, toError: null });
  });
});

describe("AccessLogCard: who has looked at my record", () => {
  it("lists each access by day, to the minute, as 'hh:mm a — name (role) — what'", async () => {
    const text = await renderLog("en");
    expect(text).toContain("Who has looked at my record");
    expect(text).toMatch(
      /2026-11-27 \d\d:41 (am|pm) — Tomás Terapeuta \(Therapist\) — viewed your statistics \d\d:30 (am|pm) — Clínica Sol \(Clinic\) — changed your record/,
    );
    expect(text).toMatch(/2026-11-25 \d\d:00 (am|pm) — A former user \(no longer a user\) — worked with your data/);
  });

  it("speaks Spanish, and says when nobody has looked", async () => {
    const text = await renderLog("es");
    expect(text).toContain("Quién ha consultado mi ficha");
    expect(text).toMatch(/— Tomás Terapeuta \(Terapeuta\) — consultó tus estadísticas/);
    expect(text).toMatch(/— Clínica Sol \(Clínica\) — modificó tu ficha/);
    expect(await renderLog("es", { page: 1, total: 0, data: [] })).toContain("Nadie más ha consultado tu ficha en los últimos 90 días.");
    expect(await renderLog("en", { page: 1, total: 0, data: [] })).toContain("Nobody else has looked at your record in the last 90 days.");
  });

  it("words every kind of access in both languages", () => {
    const what = (tree: typeof en) => tree.audit.accessLog.what as Record<string, string>;
    for (const key of WHAT_KEYS) {
      expect(typeof what(en)[key], key).toBe("string");
      expect(typeof what(es)[key], key).toBe("string");
    }
    expect(whatKey("patient.statistics.export")).toBe("statisticsExported");
    expect(whatKey("patient.game-sessions.list")).toBe("games");
    expect(whatKey("patient.activities.assign")).toBe("activitiesChanged");
    expect(whatKey("patient.read")).toBe("record");
  });
});
