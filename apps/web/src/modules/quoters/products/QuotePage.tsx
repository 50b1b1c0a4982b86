import type { ProductQuoteDetail } from "@clinic/shared";
import ArrowBack from "@mui/icons-material/ArrowBack";
import { Alert, Button, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router";
import { Loading } from "../../../lib/components/Loading.tsx";
import { QUOTES_HOME, quotePagePath, useQuote } from "./api.ts";
import { QuoteLinesTable, QuoteTotalsList } from "./public/QuoteParts.tsx";
import { PageSection } from "../../../lib/components/PublicPageParts.tsx";
import { QuoteHeader } from "./QuoteHeader.tsx";
import { RevisionsCard } from "./RevisionsCard.tsx";

/** The newest revision of the quote's number, when this one has been replaced. */
const latestOf = (quote: ProductQuoteDetail) => quote.revisions.reduce((latest, one) => (one.revision > latest.revision ? one : latest), quote.revisions[0]);

/**
 * One quote (`/product-quoter/app/quotes/:quoteId`): its header (state, client, dates, the
 * client's link, the actions its state allows), its lines and totals, its terms in both
 * languages and the internal note, then its revisions and history.
 */
export function QuotePage() {
  const { t } = useTranslation();
  const id = Number(useParams().quoteId);
  const valid = Number.isInteger(id) && id > 0;
  const quote = useQuote(valid ? id : null);
  const back = (
    <div>
      <Button component={RouterLink} to={QUOTES_HOME} startIcon={<ArrowBack />}>
        {t("productQuoter.page.back")}
      </Button>
    </div>
  );
  if (!valid || quote.network.status === 404)
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="warning">{t("productQuoter.page.notFound")}</Alert>
      </Stack>
    );
  if (!quote.data)
    return quote.network.error ? (
      <Stack spacing={2}>
        {back}
        <Alert severity="error">{t("productQuoter.page.loadError")}</Alert>
      </Stack>
    ) : (
      <Loading />
    );
  const shown = quote.data;
  const latest = shown.state === "revised" ? latestOf(shown) : undefined;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {back}
      {latest && latest.id !== shown.id ? (
        <Alert severity="info">
          {t("productQuoter.page.replaced")}{" "}
          <RouterLink to={quotePagePath(latest.id)}>{t("productQuoter.page.openLatest", { revision: latest.revision })}</RouterLink>
        </Alert>
      ) : null}
      <QuoteHeader quote={shown} />
      <PageSection title={t("productQuoter.page.lines")}>
        <Stack spacing={2}>
          <QuoteLinesTable lines={shown.lines} currency={shown.currency} caption={t("productQuoter.page.linesCaption", { label: shown.label })} />
          <QuoteTotalsList totals={shown} currency={shown.currency} label={t("productQuoter.page.totals")} />
        </Stack>
      </PageSection>
      <PageSection title={t("productQuoter.page.terms")}>
        <Stack spacing={2}>
          {(["En", "Es"] as const).map((language) => (
            <div key={language}>
              <Typography component="h3" variant="subtitle2">
                {t(`productQuoter.fields.terms${language}`)}
              </Typography>
              <Typography
                variant="body2"
                sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}
                color={shown[`terms${language}`] ? undefined : "text.secondary"}
              >
                {shown[`terms${language}`] || t("productQuoter.page.noTerms")}
              </Typography>
            </div>
          ))}
          {shown.note ? (
            <div>
              <Typography component="h3" variant="subtitle2">
                {t("productQuoter.fields.note")}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                {shown.note}
              </Typography>
            </div>
          ) : null}
        </Stack>
      </PageSection>
      <RevisionsCard quote={shown} />
    </Stack>
  );
}
