import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../../lib/test-i18n.ts";
import { renderHtml, testSession } from "../../../lib/test-render.tsx";
import { CrmExportButtons } from "./CrmExportButtons.tsx";

const en = i18next.createInstance();
const es = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(en);
  await initTestI18n(es, "es");
});
const session = testSession({ codenames: ["is_admin"], flags: { clinic: true, crm_manager: true } });

describe("CrmExportButtons", () => {
  it("offers CSV and XLSX under the entity's name, in the user's language", () => {
    const html = renderHtml(<CrmExportButtons entity="calls" filters={{ since: "2026-11-01" }} />, { i18n: es, session });
    expect(html).toContain('aria-label="Exportar las llamadas"');
    expect(html).toContain(">CSV<");
    expect(html).toContain(">XLSX<");
    expect(renderHtml(<CrmExportButtons entity="clients" />, { i18n: en, session })).toContain('aria-label="Export the clients"');
  });
});
