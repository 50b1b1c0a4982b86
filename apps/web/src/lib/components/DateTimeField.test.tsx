import dayjs from "dayjs";
import "dayjs/locale/es";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { fromLocalInput, toLocalInput } from "../dates.ts";
import { initTestI18n } from "../test-i18n.ts";
import { renderHtml } from "../test-render.tsx";
import { DateTimeField, parseDateTimeText, showDateTime } from "./DateTimeField.tsx";
import { DateTimePickerField } from "./DateTimePickerField.tsx";

const english = i18next.createInstance();
const spanish = i18next.createInstance();
beforeAll(async () => {
  await initTestI18n(english, "en");
  await initTestI18n(spanish, "es");
});

describe("parseDateTimeText", () => {
  it("reads §9's YYYY-MM-DD, hh:mm am, loosely typed, as a local YYYY-MM-DDTHH:mm", () => {
    expect(parseDateTimeText("2026-12-02, 03:05 pm")).toBe("2026-12-02T15:05");
    expect(parseDateTimeText(" 2026-12-2 3:05 PM ")).toBe("2026-12-02T15:05");
    expect(parseDateTimeText("2026-12-02, 12:00 am")).toBe("2026-12-02T00:00");
    expect(parseDateTimeText("2026-12-02, 12:30 p.m.")).toBe("2026-12-02T12:30");
    expect(parseDateTimeText("2026-12-02 15:05")).toBe("2026-12-02T15:05");
    expect(parseDateTimeText("2026-12-02T09:30")).toBe("2026-12-02T09:30");
  });

  it("gives nothing for unfinished, impossible or foreign-format times", () => {
    for (const text of [
      "",
      "2026-12-02",
      "2026-12-02, 3",
      "2026-12-02, 13:00 pm",
      "2026-12-02, 00:10 am",
      "2026-02-30, 10:00 am",
      "2026-12-02 24:00",
      "2026-12-02, 10:60 am",
      "02/12/2026 10:00",
    ]) {
      expect(parseDateTimeText(text), text).toBe("");
    }
  });

  it("writes a time in §9's format with am/pm whatever dayjs's locale", () => {
    expect(showDateTime(dayjs("2026-12-02T15:05"))).toBe("2026-12-02, 03:05 pm");
    expect(showDateTime(dayjs("2026-12-02T00:40").locale("es"))).toBe("2026-12-02, 12:40 am");
  });

  it("keeps typed text that is no time out of the API's instants", () => {
    expect(fromLocalInput(toLocalInput("2026-12-02T15:05:00.000Z"))).toBe("2026-12-02T15:05:00.000Z");
    expect(fromLocalInput("2026-12-0")).toBe("");
    expect(fromLocalInput("2026-02-30T10:00")).toBe("");
  });
});

// The field shows a stand-in while its picker loads (lazily); both show the same labelled value.
describe.each([
  ["DateTimeField", DateTimeField],
  ["DateTimePickerField (the picker it loads)", DateTimePickerField],
] as const)("%s", (_, Field) => {
  it.each([
    ["en", english, "Starts"],
    ["es", spanish, "Empieza"],
  ] as const)("shows its labelled value as YYYY-MM-DD, hh:mm am in %s", (_, i18n, label) => {
    const html = renderHtml(<Field label={label} value="2026-12-02T15:05" onChange={() => undefined} required />, { i18n });
    expect(html).toContain('value="2026-12-02, 03:05 pm"');
    expect(html).toMatch(new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}`));
    const id = /<label[^>]*for="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`id="${id}"`);
    expect(html).not.toContain("datetime-local");
  });

  it("shows typed text that is no time yet as nothing picked", () => {
    const html = renderHtml(<Field label="Starts" value="2026-12-0" onChange={() => undefined} />, { i18n: english });
    expect(html).toContain('value=""');
  });
});
