import { describe, expect, it } from "vitest";
import { linkToken, linkTokenHash } from "./private-links.ts";

/** Private links already mailed must keep opening: the derivation of their tokens is fixed. */
const key = Buffer.alloc(32, 7);

describe("private link tokens", () => {
  it("are the same as the links already mailed, for each kind of link", () => {
    // Values made by the derivation the links were mailed with; a change here breaks those links.
    expect(linkToken(key, "event-registration", 42)).toBe("KM9Fjw3le968gTMmTBkSsOYNqts2RXFj");
    expect(linkToken(key, "insurance-quote", 42)).toBe("oFneuwlxRSpgJJmx6bB3fLNbIIYoaPGk");
    expect(linkToken(key, "product-quote", 42)).toBe("MFkul7eQAQKBshqayshDZ1HU96HcaqEE");
  });

  it("differ by purpose, id and key, and are 32 URL-safe characters", () => {
    const token = linkToken(key, "insurance-quote", 42);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(linkToken(key, "insurance-quote", 42)).toBe(token);
    expect(linkToken(key, "insurance-quote", 43)).not.toBe(token);
    expect(linkToken(key, "product-quote", 42)).not.toBe(token);
    expect(linkToken(Buffer.alloc(32, 8), "insurance-quote", 42)).not.toBe(token);
  });

  it("are stored as their SHA-256 in hex", () => {
    expect(linkTokenHash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(linkTokenHash("oFneuwlxRSpgJJmx6bB3fLNbIIYoaPGk")).toBe("4b14d77c8526aad8144843104c4da3b3c001302c7c9203dc6d15f4120c5d69c8");
  });
});
