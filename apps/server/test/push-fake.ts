import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { PushPayload, PushSubscriptionInput } from "@clinic/shared";

/**
 * A push service on 127.0.0.1 (a random port) for tests: it takes Web Push POSTs as FCM or
 * Mozilla's would, records each (headers, body), and answers 201, or the status a test set for
 * an endpoint's path (410: the subscription is gone). Its devices hold real P-256 keys, so a
 * test can decrypt what the server sent (RFC 8291, aes128gcm) and read the payload itself.
 * Nothing leaves the machine. The app must run with PUSH_ALLOW_LOCAL_ENDPOINTS=true.
 */

export interface ReceivedPush {
  /** The endpoint's path: which device it was for. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeDevice {
  /** What the browser's `subscription.toJSON()` would give: the body of POST /api/push/subscriptions. */
  subscription: PushSubscriptionInput;
  path: string;
  /** The payload of a push this device received, decrypted with its private key. */
  read(push: ReceivedPush): PushPayload;
}

export interface PushFake {
  /** http://127.0.0.1:port */
  origin: string;
  received: ReceivedPush[];
  /** A new browser subscription whose endpoint is on this service. */
  device(name?: string): FakeDevice;
  /** Pushes received for a device. */
  pushesTo(device: FakeDevice): ReceivedPush[];
  /** From now on, answer `status` to pushes for this device (201 again with `status` 201). */
  answer(device: FakeDevice, status: number): void;
  close(): Promise<void>;
}

let counter = 0;

/** Browser-side keys of a subscription: a P-256 pair and a 16-byte auth secret, as `toJSON()` gives them (base64url). */
export function browserKeys(): { p256dh: string; auth: string; ecdh: ReturnType<typeof createECDH>; authSecret: Buffer } {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url"), ecdh, authSecret };
}

/** RFC 8291 + RFC 8188: the plain text of an aes128gcm push for the holder of `ecdh` and `authSecret`. */
export function decryptPush(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, authSecret, keyInfo, 32));
  const key = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", key, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  return padded.subarray(0, end).toString("utf8");
}

export async function startPushFake(): Promise<PushFake> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const status = statuses.get(path) ?? 201;
      if (request.method === "POST") received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status, { "content-type": "text/plain" }).end(status === 201 ? "" : "push refused");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    device(name = "device") {
      counter += 1;
      const path = `/push/${name}-${counter}-${randomBytes(6).toString("hex")}`;
      const keys = browserKeys();
      return {
        path,
        subscription: { endpoint: `${origin}${path}`, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } },
        read: (push) => JSON.parse(decryptPush(push.body, keys.ecdh, keys.authSecret)) as PushPayload,
      };
    },
    pushesTo: (device) => received.filter((push) => push.path === device.path),
    answer(device, status) {
      statuses.set(device.path, status);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
