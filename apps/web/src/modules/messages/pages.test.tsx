import type { Message, MessageFailedRecipient, Paged } from "@clinic/shared";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../../lib/test-i18n.ts";
import { renderHtml, testSession, textOf } from "../../lib/test-render.tsx";
import { failedPath, MESSAGES_KEY, MESSAGES_PATH } from "./api.ts";
import { FailedRecipients } from "./FailedRecipients.tsx";
import { MessagesPage } from "./MessagesPage.tsx";

beforeAll(() => initTestI18n(i18next));

const page = <T,>(data: T[], total = data.length): Paged<T> => ({ data, page: 1, total });

const sent = (id: number, emailsFailed: number): Message => ({
  id,
  subject: `Holiday hours ${id}`,
  body: "<p>Closed on Monday.</p>",
  roles: ["patient"],
  clinics: [],
  groups: [],
  users: [],
  email: true,
  state: "sent",
  sendAt: "2026-11-30T09:00:00.000Z",
  sentAt: "2026-11-30T09:01:00.000Z",
  sentBy: { id: "u1", name: "Ana Ruiz" },
  createdAt: "2026-11-30T09:00:00.000Z",
  recipients: 3,
  delivered: 3,
  emailsSent: 3 - emailsFailed,
  emailsQueued: 0,
  emailsFailed,
});

const failed: MessageFailedRecipient[] = [
  { id: "p1", name: "Luis Paz", email: "luis@example.com", error: "550 mailbox unavailable", attempts: 5 },
  { id: "p2", name: "Eva Sol", email: "eva@example.com", error: null, attempts: 1 },
];

function renderFailed(language: "en" | "es") {
  void i18next.changeLanguage(language);
  return textOf(
    renderHtml(<FailedRecipients messageId={7} />, {
      i18n: i18next,
      cache: [[[MESSAGES_KEY, failedPath(7), "page=1&rowsPerPage=5"], page(failed, 12)]],
    }),
  );
}

describe("a message's failed recipients", () => {
  it("are listed by name and address, with the server's reason or a word that it gave none, in pages", () => {
    const text = renderFailed("en");
    for (const shown of ["Emails that failed", "Luis Paz", "luis@example.com", "550 mailbox unavailable", "5 attempts", "Eva Sol", "eva@example.com"])
      expect(text).toContain(shown);
    expect(text).toContain("The mail server gave no reason.");
    expect(text).toContain("1 attempt");
    // Twelve failed: the first page of five, and the pages beyond.
    expect(text).toMatch(/1–5 of 12/);
  });

  it("speak Spanish", () => {
    const text = renderFailed("es");
    for (const shown of ["Correos que fallaron", "Motivo", "El servidor de correo no dio ningún motivo.", "5 intentos", "1 intento"])
      expect(text).toContain(shown);
    void i18next.changeLanguage("en");
  });

  it("are offered on a message card only when some email failed", () => {
    const html = renderHtml(<MessagesPage />, {
      i18n: i18next,
      session: testSession({ isAdmin: true }),
      cache: [[[MESSAGES_KEY, MESSAGES_PATH, "page=1&rowsPerPage=10"], page([sent(1, 2), sent(2, 0)])]],
    });
    const text = textOf(html);
    expect(text.split("Show who failed").length - 1).toBe(1);
    expect(text).toContain("Show who failed (2)");
    expect(html).toContain('aria-expanded="false"');
  });
});
