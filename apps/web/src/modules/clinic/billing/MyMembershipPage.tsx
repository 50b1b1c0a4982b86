import type { MembershipOverview } from "@clinic/shared";
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";
import { AdminNotice } from "./AdminNotice.tsx";
import { OVERVIEW_KEY, OVERVIEW_PATH, PAYMENT_HISTORY_PATH } from "./api.ts";
import { BillingDetailsCard } from "./BillingDetailsCard.tsx";
import { MembershipSummary } from "./MembershipSummary.tsx";
import { PlanCards } from "./PlanCards.tsx";

/**
 * getMembership (spec §2): the caller's plan, its state and seats, an order waiting for payment,
 * the billing details invoices carry, and the plans it can buy (a clinic: the platform's; a
 * patient: its clinic's).
 */
export function MyMembershipPage() {
  const { t } = useTranslation();
  const admin = useSignedIn().isAdmin;
  const plansId = useId();
  const { data, network } = useResource<MembershipOverview>([OVERVIEW_KEY], admin ? null : OVERVIEW_PATH);
  if (admin) return <AdminNotice />;
  if (!data && network.error) return <Alert severity="warning">{network.message}</Alert>;
  if (!data) return <Loading />;
  return (
    <Box>
      <MembershipSummary overview={data} />
      <Card variant="outlined" component="section" aria-labelledby={plansId} sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}>
            <Typography id={plansId} variant="h6" component="h2">
              {t("billing.plans.title")}
            </Typography>
            <Button component={RouterLink} to={PAYMENT_HISTORY_PATH}>
              {t("billing.history.title")}
            </Button>
          </Stack>
          <PlanCards offers={data.offers} currentMembershipId={data.current?.membershipId ?? null} />
        </CardContent>
      </Card>
      <BillingDetailsCard />
    </Box>
  );
}
