import { type BillingPeriod, formatCents, type MembershipOverview, type PaymentProviderName, type PlanOffer } from "@clinic/shared";
import { Alert, Box, Button, Card, CardContent, FormControl, FormControlLabel, FormLabel, Link, Radio, RadioGroup, Stack, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { useAction, useResource } from "../../../lib/resource.ts";
import { useSignedIn } from "../../../lib/session.ts";
import { AdminNotice } from "./AdminNotice.tsx";
import { AmountsTable } from "./AmountsTable.tsx";
import { createOrder, MY_MEMBERSHIP_PATH, ORDERS_KEY, OVERVIEW_KEY, OVERVIEW_PATH, orderPath, PLAN_KEY, planPath } from "./api.ts";
import { BillingDetailsCard, useBillingDetails } from "./BillingDetailsCard.tsx";
import { afterOrder, chosenQuote, detailsComplete } from "./format.ts";
import { quoteLabel } from "./PlanCards.tsx";

/**
 * membershipPayment (getMembership/{membershipId}): one plan, its period or a year, the
 * server's quote, and the order. Billing details come first when incomplete; a bank transfer
 * then shows its order, Stripe takes the payer to its Checkout page.
 */
export function CheckoutPage() {
  const admin = useSignedIn().isAdmin;
  const id = Number(useParams().membershipId);
  const valid = Number.isInteger(id) && id > 0;
  const { t } = useTranslation();
  if (admin) return <AdminNotice />;
  if (!valid) return <Alert severity="warning">{t("errors.status404")}</Alert>;
  return <Checkout membershipId={id} />;
}

function Checkout({ membershipId }: { membershipId: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const headingId = useId();
  const hintId = useId();
  const { data: offer, network } = useResource<PlanOffer>([PLAN_KEY, membershipId], planPath(membershipId), { quiet: true });
  const { data: overview } = useResource<MembershipOverview>([OVERVIEW_KEY], OVERVIEW_PATH);
  const { data: details } = useBillingDetails();
  const [billing, setBilling] = useState<BillingPeriod>("period");
  const [chosenProvider, setProvider] = useState<PaymentProviderName | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]> | undefined>();

  const providers = overview?.providers ?? ["manual"];
  const provider = chosenProvider ?? providers[0] ?? "manual";
  const place = useAction((chosen: BillingPeriod) => createOrder(membershipId, chosen, provider), {
    invalidate: [[OVERVIEW_KEY], [ORDERS_KEY]],
    // Stripe leaves the app at once; a bank transfer's order page says what happens next.
    success: (order) => (order.provider === "manual" ? t("billing.checkout.placed", { number: order.number }) : ""),
    onFieldErrors: setServerErrors,
    onSuccess: (order) => {
      const next = afterOrder(order);
      if ("redirect" in next) window.location.assign(next.redirect);
      else navigate(next.navigate);
    },
  });

  if (network.error) {
    return (
      <Box sx={{ maxWidth: 640 }}>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {network.status === 404 ? t("billing.checkout.notForSale") : network.message}
        </Alert>
        <Button component={RouterLink} to={MY_MEMBERSHIP_PATH} variant="outlined">
          {t("billing.checkout.back")}
        </Button>
      </Box>
    );
  }
  if (!offer) return <Loading />;
  const quote = chosenQuote(offer, billing);
  const complete = detailsComplete(details?.details);
  const pending = overview?.pending && overview.pending.membershipId === membershipId ? overview.pending : null;

  return (
    <Box sx={{ maxWidth: 880 }}>
      <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
        <CardContent>
          <Typography id={headingId} variant="h6" component="h2">
            {offer.plan}
          </Typography>
          <Typography color="text.secondary" sx={{ whiteSpace: "pre-line" }}>
            {offer.description}
          </Typography>
          {offer.seller === "platform" ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t("billing.plans.seats", { therapists: offer.nUsers, patients: offer.nPatients })}
            </Typography>
          ) : null}
          {offer.quotes.length > 0 ? (
            <FormControl component="fieldset" sx={{ mt: 2 }}>
              <FormLabel component="legend">{t("billing.checkout.period")}</FormLabel>
              <RadioGroup name="billing" value={quote?.billing ?? billing} onChange={(event) => setBilling(event.target.value as BillingPeriod)}>
                {offer.quotes.map((option) => (
                  <FormControlLabel
                    key={option.billing}
                    value={option.billing}
                    control={<Radio />}
                    label={t("billing.checkout.option", {
                      period: quoteLabel(t, option),
                      total: formatCents(option.totalCents, option.currency, i18n.language),
                      months: option.months,
                    })}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          ) : null}
          {providers.length > 1 ? (
            <FormControl component="fieldset" sx={{ mt: 2, ml: { sm: 4 } }}>
              <FormLabel component="legend">{t("billing.checkout.method")}</FormLabel>
              <RadioGroup name="provider" value={provider} onChange={(event) => setProvider(event.target.value as PaymentProviderName)}>
                {providers.map((name) => (
                  <FormControlLabel key={name} value={name} control={<Radio />} label={t(`billing.checkout.methods.${name}`)} />
                ))}
              </RadioGroup>
            </FormControl>
          ) : null}
          {quote ? (
            <Box sx={{ mt: 2 }}>
              <AmountsTable amounts={quote} caption={t("billing.checkout.quote")} />
              <Typography sx={{ mt: 1 }}>{t("billing.checkout.gives", { from: quote.from, to: quote.to })}</Typography>
            </Box>
          ) : (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t("billing.checkout.notForSale")}
            </Alert>
          )}
        </CardContent>
      </Card>
      <BillingDetailsCard serverErrors={serverErrors} onSaved={() => setServerErrors(undefined)} />
      {pending ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t("billing.checkout.pendingExists", { number: pending.number })}{" "}
          <Link component={RouterLink} to={orderPath(pending.id)}>
            {t("billing.summary.viewOrder", { number: pending.number })}
          </Link>
        </Alert>
      ) : null}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <Button
          variant="contained"
          size="large"
          disabled={!quote || !complete || place.isPending}
          aria-describedby={hintId}
          onClick={() => quote && place.mutate(quote.billing)}
        >
          {t("billing.checkout.place")}
        </Button>
        <Typography id={hintId} variant="body2" color="text.secondary">
          {!complete ? t("billing.checkout.detailsFirst") : provider === "stripe" ? t("billing.checkout.byCard") : t("billing.checkout.byTransfer")}
        </Typography>
      </Stack>
      <Button component={RouterLink} to={MY_MEMBERSHIP_PATH} sx={{ mt: 2 }}>
        {t("billing.checkout.back")}
      </Button>
    </Box>
  );
}
