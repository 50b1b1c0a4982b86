import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import type { OutboxEntry } from "../../lib/offline/device-db.ts";
import { initTestI18n } from "../../lib/test-i18n.ts";
import { renderHtml, textOf } from "../../lib/test-render.tsx";
import { OutboxView } from "./OutboxList.tsx";

const i18n = i18next.createInstance();
beforeAll(() => initTestI18n(i18n));

const entry = (key: string, action: OutboxEntry["action"], label: string, refusal?: OutboxEntry["refusal"]): OutboxEntry => ({
  key,
  owner: "p",
  action,
  label,
  createdAt: "2026-12-04T10:00:00.000Z",
  seq: Number(key),
  attempts: 1,
  state: refusal ? "refused" : "waiting",
  refusal,
});

const entries = [
  entry("1", { kind: "reply", body: { id: 1, result: {}, game: { sessionId: "s" } } }, "Reaction lights"),
  entry("2", { kind: "assignment", id: 2, body: { favorite: true } }, "Balance reading"),
  entry("3", { kind: "form", body: { assignment: 3, answers: {} } }, "DHI"),
  entry("4", { kind: "reply", body: { id: 4, result: { note: "ok" } } }, "Gaze video", {
    status: 409,
    code: "assignmentInactive",
    detail: "Your therapist has paused this activity, so this was not saved.",
    body: {},
  }),
  entry("5", { kind: "assignment", id: 5, body: { done: false } }, "Walk", { status: 404, code: null, detail: "Not found.", body: {} }),
];

describe("the outbox on the patient's home", () => {
  it("lists what waits and, apart, what the server refused with its reason in plain words", () => {
    const html = renderHtml(<OutboxView entries={entries} online={true} />, { i18n });
    const text = textOf(html);
    expect(text).toContain("3 actions are kept on this device and will be sent as soon as you are online.");
    expect(text).toContain("Game played: Reaction lights");
    expect(text).toContain("Favourite: Balance reading");
    expect(text).toContain("Form answers: DHI");
    expect(text).toContain("Send now");
    expect(text).toContain("Activity done: Gaze video");
    expect(text).toContain("Your therapist deactivated this activity while you were offline.");
    expect(text).toContain("It no longer exists: it was removed while you were offline.");
    expect(html.match(/data-testid="outbox-refused"/g)).toHaveLength(2);
  });

  it("offers no send while offline, and says it in Spanish", async () => {
    await i18n.changeLanguage("es");
    try {
      const text = textOf(renderHtml(<OutboxView entries={entries.slice(0, 1)} online={false} />, { i18n }));
      expect(text).toContain("1 acción está guardada en este dispositivo y se enviará en cuanto tengas conexión.");
      expect(text).toContain("Juego jugado: Reaction lights");
      expect(text).not.toContain("Enviar ahora");
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("shows nothing when nothing waits", () => {
    expect(textOf(renderHtml(<OutboxView entries={[]} online={true} />, { i18n }))).toBe("");
  });
});
