import type { ProductQuoteDetail } from "@clinic/shared";
import { Alert, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { RecordFrame, usePathId } from "../../../lib/components/RecordFrame.tsx";
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
  const id = usePathId("quoteId");
  const quote = useQuote(id);
  return (
    <RecordFrame
      id={id}
      record={quote}
      back={{ to: QUOTES_HOME, label: t("productQuoter.page.back") }}
      texts={{ notFound: t("productQuoter.page.notFound"), loadError: t("productQuoter.page.loadError") }}
    >
      {(shown) => <QuoteView quote={shown} />}
    </RecordFrame>
  );
}

/** The quote loaded: a notice when a later revision replaced it, then its parts. */
function QuoteView({ quote: shown }: { quote: ProductQuoteDetail }) {
  const { t } = useTranslation();
  const latest = shown.state === "revised" ? latestOf(shown) : undefined;
  return (
    <>
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
    </>
  );
}
