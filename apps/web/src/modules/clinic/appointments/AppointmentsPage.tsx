import { useSignedIn } from "../../../lib/session.ts";
import { PatientAppointments } from "./PatientAppointments.tsx";
import { StaffAppointments } from "./StaffAppointments.tsx";

/** Appointments (spec §2 `appointments`): patients request them, staff book and answer them. */
export function AppointmentsPage() {
  const session = useSignedIn();
  return session.permission.is_patient && !session.isAdmin ? <PatientAppointments /> : <StaffAppointments />;
}
