import { Stack } from "@mui/material";
import { useSignedIn } from "../../lib/session.ts";
import { DashboardSummary } from "./DashboardSummary.tsx";
import { PatientPicker } from "./PatientPicker.tsx";
import { WelcomeCard } from "./WelcomeCard.tsx";

/** Staff home (admin, clinic and therapist homes of spec §2): who is signed in, the role's figures, and the patients to pick from. */
export function AdminDashboardPage() {
  const session = useSignedIn();
  const canListPatients = session.isAdmin || session.permission.codenames.some((codename) => codename === "view_user" || codename === "change_user");
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <WelcomeCard />
      <DashboardSummary />
      {canListPatients ? <PatientPicker /> : null}
    </Stack>
  );
}
