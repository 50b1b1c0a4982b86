import { roleOf } from "@clinic/shared";
import { Box } from "@mui/material";
import { useSignedIn } from "../../../lib/session.ts";
import { SchedulesCard } from "./SchedulesCard.tsx";
import { ServicesCard } from "./ServicesCard.tsx";

/** The therapist's schedule (spec §2 `schedule`): their schedules, and the services patients book from them. */
export function SchedulePage() {
  const session = useSignedIn();
  const canChange = session.isAdmin || session.permission.codenames.includes("change_service");
  const role = roleOf({ isAdmin: session.isAdmin, groups: session.userData.groups });
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "repeat(2, minmax(0, 1fr))" }, alignItems: "start" }}>
      <SchedulesCard canChange={canChange} />
      <ServicesCard canChange={canChange} showProvider={role !== "therapist"} />
    </Box>
  );
}
