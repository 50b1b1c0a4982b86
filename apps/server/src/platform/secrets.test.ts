import { describe, expect, it } from "vitest";
import { deriveKey } from "./keys.ts";
import { openSecret, sealSecret } from "./secrets.ts";

const authSecret = deriveKey("test-auth-secret-0123456789abcdef", "sealed-secrets");
const apiKey = "sk-proj-Abc123DEF456ghi789";

/** Flips one character of a base64url part, keeping it valid base64url. */
const flip = (text: string, at: number): string => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);

describe("sealed secrets", () => {
  it("open to what was sealed, in the v1 format", () => {
    const sealed = sealSecret(authSecret, apiKey);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(openSecret(authSecret, sealed)).toBe(apiKey);
    expect(openSecret(authSecret, sealSecret(authSecret, ""))).toBe("");
    expect(openSecret(authSecret, sealSecret(authSecret, "clé ñ 🔑"))).toBe("clé ñ 🔑");
  });

  it("differ each time the same secret is sealed", () => {
    const first = sealSecret(authSecret, apiKey);
    const second = sealSecret(authSecret, apiKey);
    expect(first).not.toBe(second);
    expect(first.split(".")[1]).not.toBe(second.split(".")[1]);
  });

  it("do not contain the secret, in clear or in base64", () => {
    const sealed = sealSecret(authSecret, apiKey);
    expect(sealed).not.toContain(apiKey);
    expect(sealed).not.toContain(Buffer.from(apiKey).toString("base64url").slice(0, 12));
  });

  it("refuse to open when altered", () => {
    const sealed = sealSecret(authSecret, apiKey);
    const [version, iv, tag, cipher] = sealed.split(".") as [string, string, string, string];
    for (const altered of [
      [version, iv, tag, flip(cipher, 0)],
      [version, iv, flip(tag, 0), cipher],
      [version, flip(iv, 0), tag, cipher],
      [version, iv, tag, cipher.slice(0, -1)],
    ]) {
      expect(() => openSecret(authSecret, altered.join("."))).toThrow(/altered/);
    }
    expect(() => openSecret(authSecret, `v2.${iv}.${tag}.${cipher}`)).toThrow(/format/);
    expect(() => openSecret(authSecret, "not sealed")).toThrow(/format/);
    expect(() => openSecret(authSecret, `v1.${iv}.${tag.slice(0, 4)}.${cipher}`)).toThrow(/format/);
  });

  it("refuse to open with another auth secret", () => {
    const sealed = sealSecret(authSecret, apiKey);
    expect(() => openSecret(deriveKey("another-auth-secret-0123456789", "sealed-secrets"), sealed)).toThrow(/another AUTH_SECRET/);
  });
});
