import { formatCents, type PlanOffer, type Quote } from "@clinic/shared";
import { Box, Button, Card, CardActions, CardContent, Typography } from "@mui/material";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { monthsLabel } from "../memberships/format.ts";
import { checkoutPath } from "./api.ts";

/** "Monthly", "Quarterly"… for a plan's own period, "Annual" for the year. */
export const quoteLabel = (t: TFunction, quote: Pick<Quote, "billing" | "months">) =>
  quote.billing === "annual" ? t("billing.annual") : monthsLabel(t, quote.months);

/** The plans on offer, each with its seats, its price per period and per year, and a way to buy it. */
export function PlanCards({ offers, currentMembershipId }: { offers: PlanOffer[]; currentMembershipId: number | null }) {
  const { t, i18n } = useTranslation();
  if (offers.length === 0) return <Typography color="text.secondary">{t("billing.plans.none")}</Typography>;
  return (
    <Box
      component="ul"
      sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(auto-fill, minmax(260px, 1fr))" } }}
    >
      {offers.map((offer) => {
        const current = offer.id === currentMembershipId;
        return (
          <Box component="li" key={offer.id}>
            <Card variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column", borderColor: current ? "primary.main" : undefined }}>
              <CardContent sx={{ flexGrow: 1 }}>
                <Typography variant="h6" component="h3">
                  {offer.plan}
                </Typography>
                {current ? (
                  <Typography variant="body2" color="primary" sx={{ fontWeight: 600 }}>
                    {t("billing.plans.current")}
                  </Typography>
                ) : null}
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: "pre-line" }}>
                  {offer.description}
                </Typography>
                {offer.seller === "platform" ? (
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    {t("billing.plans.seats", { therapists: offer.nUsers, patients: offer.nPatients })}
                  </Typography>
                ) : null}
                <Box component="ul" sx={{ listStyle: "none", p: 0, mt: 1.5, mb: 0 }}>
                  {offer.quotes.map((quote) => (
                    <Typography component="li" key={quote.billing} sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
                      <span>{quoteLabel(t, quote)}</span>
                      <Box component="strong" sx={{ whiteSpace: "nowrap" }}>
                        {formatCents(quote.totalCents, quote.currency, i18n.language)}
                      </Box>
                    </Typography>
                  ))}
                </Box>
                {offer.quotes.some((quote) => quote.taxCents > 0) ? (
                  <Typography variant="caption" color="text.secondary">
                    {t("billing.plans.taxIncluded")}
                  </Typography>
                ) : null}
              </CardContent>
              <CardActions>
                <Button
                  component={RouterLink}
                  to={checkoutPath(offer.id)}
                  variant={current ? "contained" : "outlined"}
                  aria-label={t(current ? "billing.plans.renewNamed" : "billing.plans.chooseNamed", { plan: offer.plan })}
                >
                  {current ? t("billing.plans.renew") : t("billing.plans.choose")}
                </Button>
              </CardActions>
            </Card>
          </Box>
        );
      })}
    </Box>
  );
}
