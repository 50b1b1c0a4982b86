/** The e2e server's AUTH_SECRET, a test-only value: the booking app's walkthrough derives a demo client's private link from it. */
export const E2E_AUTH_SECRET = "e2e-only-auth-secret-0123456789abcdef0123456789";
