import type { MembershipSeats } from "@clinic/shared";
import { Alert, Box, Card, CardContent, LinearProgress, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useResource } from "../../../lib/resource.ts";
import { MEMBERSHIP_SEATS_KEY } from "./api.ts";

function SeatLine({ label, used, limit }: { label: string; used: number; limit: number }) {
  const ratio = limit > 0 ? Math.min(100, (used / limit) * 100) : 100;
  return (
    <Box>
      <Typography variant="body2">{label}</Typography>
      <LinearProgress
        variant="determinate"
        value={ratio}
        color={used >= limit ? "warning" : "primary"}
        aria-label={label}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}

/**
 * "Your membership": the plan a clinic holds today, until when, and the seats it uses of
 * those the plan gives (therapists: nUsers, patients: nPatients).
 */
export function MembershipCard() {
  const { t } = useTranslation();
  const { data } = useResource<MembershipSeats>([MEMBERSHIP_SEATS_KEY, "own"], "/api/membership-seats/");
  if (!data) return null;
  if (!data.membership || !data.assignment) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t("memberships.card.none")}
      </Alert>
    );
  }
  const therapists = t("memberships.card.therapists", { used: data.therapists.used, limit: data.therapists.limit });
  const patients = t("memberships.card.patients", { used: data.patients.used, limit: data.patients.limit });
  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-labelledby="your-membership">
      <CardContent>
        <Typography id="your-membership" variant="h6" component="h2">
          {t("memberships.card.title")}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t("memberships.card.until", { plan: data.membership.plan, date: data.assignment.to_date })}</Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 1.5, sm: 4 }} sx={{ "& > *": { flex: 1, maxWidth: { sm: 320 } } }}>
          <SeatLine label={therapists} used={data.therapists.used} limit={data.therapists.limit ?? 0} />
          <SeatLine label={patients} used={data.patients.used} limit={data.patients.limit ?? 0} />
        </Stack>
      </CardContent>
    </Card>
  );
}
