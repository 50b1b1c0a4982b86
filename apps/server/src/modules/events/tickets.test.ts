import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { registrationToken, ticketCode, verifyTicketCode } from "./tickets.ts";
import { linkTokenHash } from "../../platform/private-links.ts";

/** A registration's secrets (issue 37.3): the door's code names its registration and cannot be forged or altered. */
const key = randomBytes(32);

describe("ticket codes", () => {
  it("a code made with the key names its registration", () => {
    expect(ticketCode(key, 42)).toMatch(/^EVT1-42-[A-Za-z0-9_-]{22}$/);
    expect(verifyTicketCode(key, ticketCode(key, 42))).toBe(42);
    expect(verifyTicketCode(key, ` ${ticketCode(key, 7)}\n`)).toBe(7);
  });

  it("refuses forged, altered and malformed codes", () => {
    const code = ticketCode(key, 42);
    const mac = code.split("-")[2] as string;
    const flipped = `${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
    expect(verifyTicketCode(key, `EVT1-42-${flipped}`)).toBeNull();
    // Another registration's MAC under this id, and this id's MAC under another key.
    expect(verifyTicketCode(key, `EVT1-43-${mac}`)).toBeNull();
    expect(verifyTicketCode(randomBytes(32), code)).toBeNull();
    for (const bad of ["", "EVT1-42", `EVT1-42-${mac.slice(1)}`, `EVT2-42-${mac}`, `EVT1-0-${mac}`, `EVT1-99999999999-${mac}`, `EVT1--1-${mac}`])
      expect(verifyTicketCode(key, bad)).toBeNull();
  });

  it("the private link's token is another secret: the code never opens the link", () => {
    const token = registrationToken(key, 42);
    expect(token).toHaveLength(32);
    expect(token).toBe(registrationToken(key, 42));
    expect(token).not.toBe(registrationToken(key, 43));
    expect(ticketCode(key, 42)).not.toContain(token.slice(0, 22));
    expect(linkTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(linkTokenHash(token)).not.toBe(token);
  });
});
