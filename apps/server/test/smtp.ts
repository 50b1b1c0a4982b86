import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as a local SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as sent (headers and MIME body). */
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone, for text searches. */
  decoded: string;
}

export interface TestSmtpServer {
  /** `smtp://…` (with credentials when the server asks for them) for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** Require this login (AUTH PLAIN/LOGIN). */
  auth?: { user: string; pass: string };
  /** Refuse every recipient with 550. */
  rejectRecipients?: boolean;
  /** Hold each message's DATA until this resolves (to look at the database mid-send). */
  holdData?: () => Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** A real SMTP server on 127.0.0.1 (plain, no STARTTLS) that keeps what it receives. */
export async function startSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: options.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.auth?.user && auth.password === options.auth?.pass) return callback(null, { user: auth.username });
      return callback(new Error("Invalid username or password"));
    },
    onRcptTo(_address, _session, callback) {
      if (options.rejectRecipients) return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        await options.holdData?.();
        const raw = Buffer.concat(chunks).toString("utf8");
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        messages.push({ from, to: session.envelope.rcptTo.map((to) => to.address), raw, decoded: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : "";
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
