import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Secrets the app must use again later (an AI provider's API key), stored sealed so a copy of
 * the database alone gives them to no one: AES-256-GCM with the key `deriveKey(AUTH_SECRET, "sealed-secrets")`
 * (`app.deriveKey`), which every node shares and the database never holds. GCM's tag makes an altered value, or one sealed
 * with another secret, fail to open instead of opening to garbage.
 *
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. The version is authenticated too
 * (additional data), so a later format cannot be passed off as this one.
 */
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealSecret(key: Buffer, plain: string): string {
  // A fresh IV each time: GCM with a repeated IV under one key leaks the plaintexts' XOR and the key's authenticator.
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(VERSION));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

export function openSecret(key: Buffer, sealed: string): string {
  const parts = sealed.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) throw new Error("The sealed secret is not in a known format.");
  const [, ivText, tagText, cipherText] = parts as [string, string, string, string];
  const iv = Buffer.from(ivText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error("The sealed secret is not in a known format.");
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(VERSION));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(Buffer.from(cipherText, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    // Node says only "Unsupported state or unable to authenticate data": name the two real causes.
    throw new Error("The sealed secret cannot be opened: it was altered, or sealed with another AUTH_SECRET.");
  }
}
