/** The demo accounts README.md lists; API tests, end-to-end tests and the bench sign in with these. */
export const DEMO_ACCOUNTS = {
  admin: { email: "admin@example.com", password: "Admin-demo-2026" },
  clinic: { email: "clinic@example.com", password: "Clinic-demo-2026" },
  therapist: { email: "therapist@example.com", password: "Therapist-demo-2026" },
  patient: { email: "patient1@example.com", password: "Patient-demo-2026" },
  patient2: { email: "patient2@example.com", password: "Patient-demo-2026" },
} as const;
export type DemoRole = keyof typeof DEMO_ACCOUNTS;
