import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { makeUser } from "../../test/factories.ts";
import { startSmtpServer } from "../../test/smtp.ts";
import { createMailer, listMail, type OutgoingMail, registerMailDelivery, sendMail, smtpTransport } from "./mail.ts";
import { mailMessages } from "./mail.table.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

const FROM = "Therapy platform <no-reply@clinic.test>";
const message = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  to: "ana@example.com",
  subject: "Your account",
  text: "Hello Ana,\nchoose your password.",
  html: "<p>Hello Ana,</p>",
  kind: "invitation",
  ...overrides,
});
const rowOf = async (id: number) => {
  const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.id, id));
  if (!row) throw new Error(`No mail row ${id}`);
  return row;
};

/** A port nothing listens on: bound, read, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("sendMail without SMTP (the outbox)", () => {
  it("writes the message as an outbox row: the row is the message", async () => {
    const user = await makeUser(t.db);
    const outcome = await sendMail(t.db, message({ to: user.email, userId: user.id }));
    expect(outcome).toEqual({ id: expect.any(Number), status: "outbox", error: null });
    expect(await rowOf(outcome.id)).toMatchObject({
      to: user.email,
      subject: "Your account",
      text: "Hello Ana,\nchoose your password.",
      html: "<p>Hello Ana,</p>",
      kind: "invitation",
      status: "outbox",
      attempts: 0,
      error: null,
      userId: user.id,
      sentAt: null,
    });
  });

  it("is what a mailer without SMTP_URL does", async () => {
    const mailer = createMailer(t.db, { smtpUrl: undefined, from: FROM, publicUrl: "https://clinic.test" });
    const outcome = await mailer.send(message({ html: undefined }));
    expect(outcome.status).toBe("outbox");
    expect((await rowOf(outcome.id)).html).toBeNull();
    expect(mailer.link("/accounts/set-password/?token=abc")).toBe("https://clinic.test/accounts/set-password/?token=abc");
    mailer.close();
  });
});

describe("sendMail over SMTP", () => {
  it("delivers to the SMTP server and records it as sent", async () => {
    const smtp = await startSmtpServer();
    const transport = smtpTransport(smtp.url, FROM);
    try {
      const outcome = await sendMail(t.db, message({ subject: "Welcome aboard" }), transport);
      expect(outcome).toEqual({ id: expect.any(Number), status: "sent", error: null });
      const row = await rowOf(outcome.id);
      expect(row).toMatchObject({ status: "sent", attempts: 1, error: null });
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(smtp.messages).toHaveLength(1);
      const [received] = smtp.messages;
      expect(received?.from).toBe("no-reply@clinic.test");
      expect(received?.to).toEqual(["ana@example.com"]);
      expect(received?.raw).toMatch(/^Subject: Welcome aboard$/m);
      expect(received?.decoded).toContain("choose your password.");
      expect(received?.decoded).toContain("<p>Hello Ana,</p>");
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it("sends a message's own sender, Reply-To and headers (a CRM mass email's), stored on its row, now or by the delivery job", async () => {
    const smtp = await startSmtpServer();
    const transport = smtpTransport(smtp.url, FROM);
    const own = {
      from: '"Clinic news" <news@clinic.test>',
      replyTo: "desk@clinic.test",
      headers: { "List-Unsubscribe": "<https://clinic.test/api/crm/unsubscribe/1.x>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    };
    try {
      const outcome = await sendMail(t.db, message({ subject: "Spring news", kind: "crm.campaign", ...own }), transport);
      expect(outcome.status).toBe("sent");
      expect(await rowOf(outcome.id)).toMatchObject({ from: own.from, replyTo: own.replyTo, headers: own.headers });
      // The delivery job reads the row back: the same sender and headers go out.
      const jobs = { handlers: new Map<string, (data: { id: number }, job: { retryCount: number }) => Promise<void>>() };
      const queue = {
        handle: (name: string, handler: (data: { id: number }, job: { retryCount: number }) => Promise<void>) => jobs.handlers.set(name, handler),
      };
      const [queued] = await t.db
        .insert(mailMessages)
        .values({ to: "eva@example.com", subject: "Queued news", text: "Hi", kind: "crm.campaign", status: "queued", ...own })
        .returning({ id: mailMessages.id });
      registerMailDelivery(t.db, { ...createMailer(t.db, { smtpUrl: undefined, from: FROM, publicUrl: "http://localhost" }), transport }, queue as never);
      await jobs.handlers.get("mail.deliver")?.({ id: queued?.id as number }, { retryCount: 0 });
      expect(smtp.messages).toHaveLength(2);
      for (const received of smtp.messages) {
        expect(received.from).toBe("news@clinic.test");
        expect(received.raw).toMatch(/^From: "?Clinic news"? <news@clinic\.test>$/m);
        expect(received.raw).toMatch(/^Reply-To: desk@clinic\.test$/m);
        expect(received.raw).toMatch(/^List-Unsubscribe: <https:\/\/clinic\.test\/api\/crm\/unsubscribe\/1\.x>$/m);
        expect(received.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      }
      expect((await rowOf(queued?.id as number)).status).toBe("sent");
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it("signs in with the credentials of the SMTP URL", async () => {
    const smtp = await startSmtpServer({ auth: { user: "mailer", pass: "s3cret/pass" } });
    const transport = smtpTransport(smtp.url, FROM);
    try {
      expect((await sendMail(t.db, message(), transport)).status).toBe("sent");
      expect(smtp.messages).toHaveLength(1);
      const wrong = smtpTransport(smtp.url.replace("s3cret", "wrong"), FROM);
      const refused = await sendMail(t.db, message(), wrong);
      wrong.close();
      expect(refused.status).toBe("failed");
      expect((await rowOf(refused.id)).error).toMatch(/Invalid username or password/);
      expect(smtp.messages).toHaveLength(1);
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it("records a refused delivery as failed, with the server's error, and does not throw", async () => {
    const smtp = await startSmtpServer({ rejectRecipients: true });
    const transport = smtpTransport(smtp.url, FROM);
    try {
      const outcome = await sendMail(t.db, message(), transport);
      expect(outcome.status).toBe("failed");
      expect(outcome.error).toMatch(/Mailbox unavailable/);
      expect(await rowOf(outcome.id)).toMatchObject({ status: "failed", attempts: 1, error: outcome.error, sentAt: null });
      expect(smtp.messages).toHaveLength(0);
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it("records an unreachable server as failed", async () => {
    const transport = smtpTransport(`smtp://127.0.0.1:${await closedPort()}`, FROM);
    const outcome = await sendMail(t.db, message(), transport);
    transport.close();
    expect(outcome.status).toBe("failed");
    expect((await rowOf(outcome.id)).error).toMatch(/ECONNREFUSED/);
  });

  it("holds no transaction while the server answers: the queued row is already committed", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = () => {};
    const dataArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const smtp = await startSmtpServer({
      holdData: () => {
        arrived();
        return held;
      },
    });
    const transport = smtpTransport(smtp.url, FROM);
    try {
      const sending = sendMail(t.db, message({ subject: "Held" }), transport);
      await dataArrived;
      // Another connection sees the row mid-send, and can even write to it: nothing is locked.
      const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.subject, "Held"));
      expect(row?.status).toBe("queued");
      await t.db
        .update(mailMessages)
        .set({ kind: "invitation" })
        .where(eq(mailMessages.id, row?.id ?? 0));
      release();
      expect((await sending).status).toBe("sent");
      expect((await rowOf(row?.id ?? 0)).status).toBe("sent");
    } finally {
      release();
      transport.close();
      await smtp.close();
    }
  });
});

describe("listMail", () => {
  it("pages the log newest first, searches address and subject, filters status and kind", async () => {
    await t.db.delete(mailMessages);
    for (const n of [1, 2, 3])
      await sendMail(t.db, message({ to: `person${n}@example.com`, subject: `Message ${n}`, kind: n === 3 ? "appointment.reminder" : "invitation" }));
    const first = await listMail(t.db, { page: 1, rowsPerPage: 2 });
    expect(first.total).toBe(3);
    expect(first.data.map((row) => row.subject)).toEqual(["Message 3", "Message 2"]);
    expect((await listMail(t.db, { page: 2, rowsPerPage: 2 })).data.map((row) => row.subject)).toEqual(["Message 1"]);
    expect((await listMail(t.db, { page: 1, rowsPerPage: 10, q: "PERSON2" })).data.map((row) => row.to)).toEqual(["person2@example.com"]);
    expect((await listMail(t.db, { page: 1, rowsPerPage: 10, kind: "appointment.reminder" })).total).toBe(1);
    expect((await listMail(t.db, { page: 1, rowsPerPage: 10, status: "sent" })).total).toBe(0);
    expect(first.data[0]).toMatchObject({ status: "outbox", attempts: 0, sentAt: null, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });
});
