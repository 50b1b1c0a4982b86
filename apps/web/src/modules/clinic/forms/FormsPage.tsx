import { Box, Stack } from "@mui/material";
import { useSelectedPatient, useSignedIn } from "../../../lib/session.ts";
import { FormsList } from "./FormsList.tsx";
import { MyFormsCard } from "./MyFormsCard.tsx";
import { PatientAssignmentsCard } from "./PatientAssignmentsCard.tsx";

/**
 * `forms` (spec §2): staff build, copy and assign forms, and follow those of the patient selected
 * in the top bar; a patient finds the forms assigned to them.
 */
export function FormsPage() {
  const session = useSignedIn();
  const patient = useSelectedPatient();
  if (session.permission.is_patient && !session.isAdmin) {
    return (
      <Box sx={{ maxWidth: 860 }}>
        <MyFormsCard />
      </Box>
    );
  }
  return (
    <Stack spacing={3}>
      <FormsList />
      {patient ? <PatientAssignmentsCard key={patient.id} patient={patient} /> : null}
    </Stack>
  );
}
