import { isIP } from "node:net";
import { isPushEndpointAddress, PUSH_MESSAGES } from "@clinic/shared";

/**
 * Which endpoints this server POSTs to. A subscription's endpoint comes from the user's browser,
 * so a forged one could aim the server at an address on its own network. Real push services
 * (FCM, Mozilla's, Apple's, Windows') are public names over https; an IP literal, a name with no
 * dot, or a name of a local zone is refused unless PUSH_ALLOW_LOCAL_ENDPOINTS lets a fake push
 * service on this machine be used (development and tests).
 */
const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".localdomain", ".home.arpa", ".lan"];

function isLocalHost(hostname: string): boolean {
  const name = hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  if (isIP(name) !== 0) return true;
  if (!name.includes(".")) return true;
  return LOCAL_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

/** Why the server will not send to `endpoint`, or null when it will. */
export function endpointRefusal(endpoint: string, allowLocal: boolean): string | null {
  if (!isPushEndpointAddress(endpoint)) return PUSH_MESSAGES.endpoint;
  if (allowLocal) return null;
  const url = new URL(endpoint);
  if (url.protocol !== "https:" || isLocalHost(url.hostname)) return PUSH_MESSAGES.localEndpoint;
  return null;
}
