/** The demo accounts README.md lists; API tests, end-to-end tests and the bench sign in with these. */
export const DEMO_ACCOUNTS = {
  admin: { email: "admin@example.com", password: "Admin-demo-2026" },
  clinic: { email: "clinic@example.com", password: "Clinic-demo-2026" },
  therapist: { email: "therapist@example.com", password: "Therapist-demo-2026" },
  patient: { email: "patient1@example.com", password: "Patient-demo-2026" },
  patient2: { email: "patient2@example.com", password: "Patient-demo-2026" },
} as const;
export type DemoRole = keyof typeof DEMO_ACCOUNTS;

/**
 * The people the demo's history adds (demo-history.ts): a second therapist and four patients of
 * the demo clinic. They have no password: nobody signs in as them, they make the clinic's figures.
 */
export const DEMO_HISTORY_PEOPLE = {
  irene: { email: "irene.castro@example.com", nombres: "Irene", apellidos: "Castro", identification: "THE-0002" },
  carmen: { email: "carmen.ortega@example.com", nombres: "Carmen", apellidos: "Ortega", identification: "PAT-0003" },
  javier: { email: "javier.navarro@example.com", nombres: "Javier", apellidos: "Navarro", identification: "PAT-0004" },
  elena: { email: "elena.soler@example.com", nombres: "Elena", apellidos: "Soler", identification: "PAT-0005" },
  andres: { email: "andres.vidal@example.com", nombres: "Andrés", apellidos: "Vidal", identification: "PAT-0006" },
} as const;
