import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app.ts";
import { caller } from "../../../../test/people.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../../test/smtp.ts";
import { mailMessages } from "../../../platform/mail.table.ts";

/** With SMTP, appointment emails are queued in the change's transaction and sent by the `mail.deliver` job, once. */

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("appointment emails over SMTP", () => {
  it("are queued with the booking and delivered by the job with their .ics invite, once", async () => {
    const call = caller(t);
    const therapist = await t.loginAs("therapist");
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCHours(9, 0, 0, 0);
    const booked = await call("POST", "/api/appointment/", therapist, {
      name: "Session",
      description: "Therapy",
      start: start.toISOString(),
      duration: 45,
      appointmentType: 6,
      patientId: t.ids.patient,
    });
    expect(booked.statusCode).toBe(201);
    const [queued] = await t.db.select().from(mailMessages).where(eq(mailMessages.kind, "appointment.booked"));
    expect(queued?.status).toBe("queued");
    expect(smtp.messages).toHaveLength(0);

    expect(await t.app.jobs.drain("mail.deliver")).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    const [received] = smtp.messages;
    expect(received?.to).toEqual(["patient1@example.com"]);
    expect(received?.decoded).toContain("Content-Type: text/calendar; charset=utf-8; method=REQUEST");
    // The attachment travels in base64, after its part's headers.
    const part = received?.raw.split(/filename=invite\.ics\r?\n\r?\n/)[1]?.split("----")[0] ?? "";
    const ics = Buffer.from(part.replace(/\s/g, ""), "base64").toString("utf8");
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent") ?? undefined);
    expect(event.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect(event.duration.toSeconds()).toBe(45 * 60);
    expect(event.location).toBe("Zoom");
    const [sent] = await t.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, queued?.id ?? 0));
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });

    // The same delivery job again (a retry after a crash) finds the row sent and sends nothing.
    await t.app.jobs.send("mail.deliver", { id: queued?.id });
    await t.app.jobs.drain("mail.deliver");
    expect(smtp.messages).toHaveLength(1);
  });
});
