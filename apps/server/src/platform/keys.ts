import { createHmac } from "node:crypto";

/** A key of its own for each purpose (signed links, capabilities), from the one secret every node shares (AUTH_SECRET). */
export const deriveKey = (secret: string, purpose: string): Buffer => createHmac("sha256", secret).update(`key:${purpose}`).digest();
