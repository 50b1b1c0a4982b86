import type { ChatConversation, ChatMessage } from "@clinic/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../test/app.ts";
import { seedDemoHistory } from "../../demo-history.ts";
import { DEMO_UNKNOWN_CONTACT, seedDemoChat } from "./chat-demo.ts";

/** The chat's demo (issue 41): seeded once; the inbox shows it as the API's own writes would have made it. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { FEATURE_FLAGS: "clinic,chat_whatsapp" } });
  await seedDemoHistory(t.db);
});
afterAll(() => t?.close());

describe("seedDemoChat", () => {
  it("seeds a lived-in inbox once: unread, assigned, closed, a matched WhatsApp patient, a closed window and a failure", async () => {
    expect(await seedDemoChat(t.db)).toBe(true);
    expect(await seedDemoChat(t.db)).toBe(false);
    const therapist = await t.loginAs("therapist");
    const get = async (url: string) => {
      const answer = await t.app.inject({ method: "GET", url, headers: { cookie: therapist, origin: TEST_PUBLIC_URL } });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };
    const open = (await get("/api/chat/conversations?filter=all")).data as ChatConversation[];
    expect(open).toHaveLength(4);
    expect(open.filter((c) => c.unread > 0).length).toBeGreaterThanOrEqual(2);
    expect((await get("/api/chat/conversations?filter=closed")).total).toBe(1);
    expect((await get("/api/chat/conversations?filter=mine")).total).toBe(2);

    const matched = open.find((c) => c.channel === "whatsapp" && c.patient !== null);
    expect(matched?.contactName).toBe("Javier Navarro");
    expect(Date.parse(matched?.windowClosesAt ?? "")).toBeGreaterThan(Date.now());
    const stranger = open.find((c) => c.contactPhone === DEMO_UNKNOWN_CONTACT.phone) as ChatConversation;
    expect(stranger.patient).toBeNull();
    expect(Date.parse(stranger.windowClosesAt ?? "")).toBeLessThan(Date.now());
    const history = (await get(`/api/chat/conversations/${stranger.id}/messages`)).data as ChatMessage[];
    expect(history.find((m) => m.kind === "template")?.template?.name).toBe("appointment_reminder");
    expect(history.find((m) => m.status === "failed")?.failureReason).toMatch(/131047/);

    const settings = await t.db.execute<{ templates: number; canned: number }>(sql`
      select (select count(*)::int from chat_templates) as templates, (select count(*)::int from chat_canned_replies) as canned`);
    expect(settings.rows[0]).toEqual({ templates: 3, canned: 3 });
  });
});
