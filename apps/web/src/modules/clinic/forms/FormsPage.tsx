import { Box } from "@mui/material";
import { useSignedIn } from "../../../lib/session.ts";
import { FormsList } from "./FormsList.tsx";
import { MyFormsCard } from "./MyFormsCard.tsx";

/** `forms` (spec §2): staff build, copy and assign forms; a patient finds the forms assigned to them. */
export function FormsPage() {
  const session = useSignedIn();
  if (session.permission.is_patient && !session.isAdmin) {
    return (
      <Box sx={{ maxWidth: 860 }}>
        <MyFormsCard />
      </Box>
    );
  }
  return <FormsList />;
}
