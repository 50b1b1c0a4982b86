// Signing in as a demo account, for the bench and its browser steps.
import { DEMO_ACCOUNTS, type DemoRole } from "../src/demo-accounts.ts";

/** Signs in as a demo account the way the web app does; answers the Cookie header to send. */
export async function signIn(baseUrl: string, role: DemoRole): Promise<string> {
  const { email, password } = DEMO_ACCOUNTS[role];
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} answered ${response.status}: ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (!cookies.some((cookie) => cookie.startsWith("clinic.session_token="))) {
    throw new Error(`sign-in as ${email} set no clinic.session_token cookie (got: ${cookies.map((c) => c.split("=")[0]).join(", ") || "none"})`);
  }
  return cookies.join("; ");
}
