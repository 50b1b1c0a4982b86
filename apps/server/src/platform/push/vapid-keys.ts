import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../../db/client.ts";
import { openSecret, sealSecret } from "../secrets.ts";
import { pushVapidKeys } from "./push.table.ts";

export interface VapidKeys {
  /** base64url, as browsers take it for `applicationServerKey`. */
  publicKey: string;
  privateKey: string;
}

export interface VapidKeyStore {
  /** The server's key pair: made and stored on the very first call of any node, read (and kept in memory) after. */
  keys(): Promise<VapidKeys>;
}

/**
 * The one row of push_vapid_keys, made if missing. Two nodes starting at once both generate a
 * pair, but only the first insert lands (`on conflict do nothing`) and both read that one back.
 */
export async function loadOrCreateVapidKeys(db: Db, sealKey: Buffer): Promise<VapidKeys> {
  let [row] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1));
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    await db
      .insert(pushVapidKeys)
      .values({ id: 1, publicKey: made.publicKey, privateKeySealed: sealSecret(sealKey, made.privateKey) })
      .onConflictDoNothing();
    [row] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1));
  }
  if (!row) throw new Error("The VAPID keys could not be stored.");
  // Opened with another AUTH_SECRET this throws, and push stays off until the secret is put back:
  // making a new pair instead would silently cut every subscribed device off.
  return { publicKey: row.publicKey, privateKey: openSecret(sealKey, row.privateKeySealed) };
}

export function createVapidKeyStore(db: Db, sealKey: Buffer): VapidKeyStore {
  let loading: Promise<VapidKeys> | null = null;
  return {
    keys() {
      if (!loading) {
        loading = loadOrCreateVapidKeys(db, sealKey);
        // A failed read (database away at start-up) is tried again on the next call.
        loading.catch(() => {
          loading = null;
        });
      }
      return loading;
    },
  };
}
