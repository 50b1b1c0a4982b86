import { formatCents, type MembershipOverview } from "@clinic/shared";
import { Alert, Box, Card, CardContent, LinearProgress, Link, Stack, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { orderPath } from "./api.ts";
import { membershipStateWording, seatRatio } from "./format.ts";
import { MembershipStateChip } from "./StateChips.tsx";

function SeatMeter({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const { t } = useTranslation();
  const text = limit === null ? t("billing.seats.unlimited", { label, used }) : t("billing.seats.usedOf", { label, used, limit });
  const full = limit !== null && used >= limit;
  return (
    <Box sx={{ flex: 1, maxWidth: { sm: 320 } }}>
      <Typography variant="body2">
        {text}
        {full ? ` · ${t("billing.seats.full")}` : ""}
      </Typography>
      {limit === null ? null : (
        <LinearProgress
          variant="determinate"
          value={seatRatio(used, limit)}
          color={full ? "warning" : "primary"}
          aria-label={text}
          sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
        />
      )}
    </Box>
  );
}

/** "Your membership": the plan held, its state in words, its period and the next one already paid, its seats, and an order waiting for payment. */
export function MembershipSummary({ overview }: { overview: MembershipOverview }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const { current, next, seats, pending } = overview;
  const wording = membershipStateWording(overview);
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {overview.holder.kind === "clinic" ? t("billing.summary.titleClinic") : t("billing.summary.titlePatient")}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1, mb: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{current ? current.plan : t("billing.summary.noPlan")}</Typography>
          <MembershipStateChip state={overview.state} />
        </Stack>
        <Typography>{t(wording.key, wording.values ?? {})}</Typography>
        {current ? (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t("billing.summary.period", { from: current.from, to: current.to })}
          </Typography>
        ) : null}
        {next ? (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t("billing.summary.nextPeriod", { plan: next.plan, from: next.from, to: next.to })}
          </Typography>
        ) : null}
        {seats ? (
          <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 1.5, sm: 4 }} sx={{ mt: 2 }}>
            <SeatMeter label={t("billing.seats.therapists")} used={seats.therapists.used} limit={seats.therapists.limit} />
            <SeatMeter label={t("billing.seats.patients")} used={seats.patients.used} limit={seats.patients.limit} />
          </Stack>
        ) : null}
        {pending ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t("billing.summary.pending", {
              number: pending.number,
              plan: pending.plan,
              total: formatCents(pending.totalCents, pending.currency, i18n.language),
            })}{" "}
            <Link component={RouterLink} to={orderPath(pending.id)}>
              {t("billing.summary.viewOrder", { number: pending.number })}
            </Link>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
