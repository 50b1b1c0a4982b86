import { type AssignedMembership, type Paged, routeById } from "@clinic/shared";
import CardMembershipOutlined from "@mui/icons-material/CardMembershipOutlined";
import { Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";
import { ASSIGNED_MEMBERSHIPS_KEY } from "./api.ts";

/**
 * The membership a patient holds today, on its home (issue 16.8): the plan and its end date,
 * with a link to its getMembership page. One request: the patient's own active periods, latest
 * started first, so the first is the one in force. Nothing shows while it holds none.
 */
export function PatientMembershipCard() {
  const { t } = useTranslation();
  const { userId } = useSignedIn();
  const { data } = useResource<Paged<AssignedMembership>>(
    [ASSIGNED_MEMBERSHIPS_KEY, "home", userId],
    "/api/assignMemberships/?active=true&holder=patient&rowsPerPage=1",
    { quiet: true },
  );
  const held = data?.data[0];
  if (!held) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="patient-membership" data-testid="patient-membership">
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
            <CardMembershipOutlined color="primary" aria-hidden />
            <div>
              <Typography id="patient-membership" variant="h6" component="h2">
                {t("memberships.patientCard.title")}
              </Typography>
              <Typography>{t("memberships.patientCard.until", { plan: held.plan, date: held.to_date })}</Typography>
            </div>
          </Stack>
          <Button component={RouterLink} to={routeById("getMembership").path} variant="outlined">
            {t("memberships.patientCard.open")}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
