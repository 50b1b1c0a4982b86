import { MAIL_KINDS, NOTIFICATION_KINDS } from "@clinic/shared";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { allTranslations } from "../../lib/test-texts.ts";
import { mailKindLabel } from "./OutboxTab.tsx";

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: allTranslations.en }, es: { translation: allTranslations.es } },
  lng: "en",
  interpolation: { escapeValue: false },
});

describe("the outbox's kind column", () => {
  // MAIL_KINDS types the server's outgoing mail: a kind the server can write is in it, or the server does not compile.
  it.each(["en", "es"] as const)("words every kind the server can write, in %s", (language) => {
    const t = i18n.getFixedT(language);
    const raw = MAIL_KINDS.filter((kind) => {
      const label = mailKindLabel(t, kind);
      return label === kind || label.startsWith("people.");
    });
    expect(raw).toEqual([]);
  });

  it("names a notification's email in each language, not by its key", () => {
    expect(NOTIFICATION_KINDS.every((kind) => MAIL_KINDS.includes(`notice.${kind}`))).toBe(true);
    expect(mailKindLabel(i18n.getFixedT("en"), "notice.activityResult")).toBe("Notice: activity result");
    expect(mailKindLabel(i18n.getFixedT("es"), "notice.activityResult")).toBe("Aviso: resultado de una actividad");
    // A row of a kind this screen does not know shows as stored.
    expect(mailKindLabel(i18n.getFixedT("es"), "notice.retired")).toBe("notice.retired");
  });
});
