import type { AuditTrailStatus, SystemCheckReport } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../lib/test-i18n.ts";
import { renderText } from "../../lib/test-render.tsx";
import { SystemCheckPage } from "./SystemCheckPage.tsx";

/** The page rendered to HTML (the web project runs without a DOM) with the server's report already cached. */
const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));

const REPORT: SystemCheckReport = {
  ok: false,
  checkedAt: "2026-11-27T10:00:00.000Z",
  checks: [
    { name: "database", ok: true, reason: null, detail: null, figures: { serverVersion: "17.2", poolWaiting: 0 }, ms: 3 },
    {
      name: "storage",
      ok: false,
      reason: "error",
      detail: "EACCES: permission denied",
      figures: { backend: "disk", location: "/srv/uploads" },
      ms: 4,
    },
    { name: "jobs", ok: false, reason: "jobsOverdue", detail: null, figures: { overdueAfterMinutes: 15, worker: false }, ms: 2 },
    { name: "mail", ok: false, reason: "timedOut", detail: "no answer within 5 s", figures: { transport: "smtp", timeoutSeconds: 5 }, ms: 5000 },
  ],
  auditTrail: {
    lastDay: "2026-11-26",
    intact: true,
    brokenDays: 0,
    firstBrokenDay: null,
    problem: null,
    checkedAt: "2026-11-27T00:20:00.000Z",
    sealing: { problem: null, since: null, unsealed: 0, oldestUnsealedAt: null },
  },
};

async function render(language: "en" | "es", auditTrail: AuditTrailStatus = REPORT.auditTrail) {
  await i18n.changeLanguage(language);
  return renderText(<SystemCheckPage />, { i18n, cache: [[["system-check"], { ...REPORT, auditTrail }]] });
}

const NEVER: AuditTrailStatus = {
  lastDay: null,
  intact: null,
  brokenDays: 0,
  firstBrokenDay: null,
  problem: null,
  checkedAt: null,
  sealing: { problem: null, since: null, unsealed: 0, oldestUnsealedAt: null },
};
const BROKEN: AuditTrailStatus = {
  lastDay: "2026-11-26",
  intact: false,
  brokenDays: 2,
  firstBrokenDay: "2026-11-20",
  problem: "record 41 (2026-11-20, #3): its fields do not match its hash",
  checkedAt: "2026-11-27T00:20:00.000Z",
  sealing: { problem: null, since: null, unsealed: 0, oldestUnsealedAt: null },
};
/** The sequencer stopped at a gap: new records wait unsealed. */
const STOPPED: AuditTrailStatus = {
  ...REPORT.auditTrail,
  sealing: {
    problem: "record #812, the last of batch #40, is missing (deleted)",
    since: "2026-11-27T09:15:00.000Z",
    unsealed: 37,
    oldestUnsealedAt: "2026-11-27T09:15:01.000Z",
  },
};

describe("SystemCheckPage", () => {
  it("says green and red in words, with each red check's reason, its own message and its figures", async () => {
    const text = await render("en");
    expect(text).toContain("3 of 4 checks failed.");
    expect(text).toMatch(/Database Passed The database answers\./);
    expect(text).toMatch(/File storage Failed The check failed with an error\. Details: EACCES: permission denied/);
    expect(text).toContain("Storage Local disk");
    expect(text).toContain("A job has waited more than 15 minutes past its time");
    expect(text).toContain("This server works jobs No");
    expect(text).toContain("Email Failed No answer within 5 s. Delivery SMTP");
    expect(text).toContain("Run again");
    expect(text).toContain("Send test email");
  });

  it("speaks Spanish", async () => {
    const text = await render("es");
    expect(text).toContain("Han fallado 3 de 4 comprobaciones.");
    expect(text).toMatch(/Almacenamiento de archivos Fallido La comprobación falló con un error\./);
    expect(text).toContain("Volver a comprobar");
    expect(text).toContain("Enviar correo de prueba");
  });

  it("shows the audit trail's last verification: intact, broken with the first problem, or never verified with a button", async () => {
    expect(await render("en")).toMatch(/Audit trail Every audit record is sealed into a hash chain.* Verify now Intact/);
    expect(await render("en")).toContain("Intact: every day verified, up to 2026-11-26.");
    const broken = await render("en", BROKEN);
    expect(broken).toContain("Broken: 2 verified days do not hold together (the first: 2026-11-20). Verified up to 2026-11-26.");
    expect(broken).toContain("record 41 (2026-11-20, #3): its fields do not match its hash");
    expect(await render("en", NEVER)).toContain("The audit trail has not been verified yet. Verify it now, or wait for tonight's check.");
    expect(await render("es", NEVER)).toContain("El registro de auditoría aún no se ha verificado.");
    expect(await render("es")).toContain("Íntegro: todos los días verificados, hasta el 2026-11-26.");
    expect(await render("es", BROKEN)).toContain("Alterado: 2 días verificados no son coherentes (el primero: 2026-11-20).");
    expect(await render("es")).toContain("Verificar ahora");
  });

  it("alerts when the sequencer has stopped sealing new records, with its problem and the records waiting", async () => {
    expect(await render("en")).not.toContain("Sealing has stopped");
    const en = await render("en", STOPPED);
    // The times are shown in the browser's zone, whatever it is.
    const at = String.raw`2026-11-27, \d\d:\d\d [ap]m`;
    expect(en).toMatch(new RegExp(`Sealing has stopped since ${at}: new audit records are still kept, but not sealed into the chain\\.`));
    expect(en).toContain("record #812, the last of batch #40, is missing (deleted)");
    expect(en).toMatch(new RegExp(`Records waiting to be sealed: 37, the oldest written ${at}\\.`));
    const es = await render("es", STOPPED);
    expect(es).toMatch(new RegExp(`El sellado está detenido desde el ${at}: los registros de auditoría nuevos se siguen guardando`));
    expect(es).toContain("Registros pendientes de sellar: 37");
  });
});
