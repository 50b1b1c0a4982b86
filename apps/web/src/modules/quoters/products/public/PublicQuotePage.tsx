import type { PublicProductQuote } from "@clinic/shared";
import PictureAsPdf from "@mui/icons-material/PictureAsPdf";
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { ApiError } from "../../../../lib/api.ts";
import { Loading } from "../../../../lib/components/Loading.tsx";
import { PublicPageFrame } from "../../../../lib/components/PublicPageFrame.tsx";
import { Details, PageSection, Summary, Unavailable } from "../../../../lib/components/PublicPageParts.tsx";
import { formatDateTime } from "../../../../lib/dates.ts";
import { chosenLanguage } from "../../../../lib/language.ts";
import { quoteMessageKey } from "../format.ts";
import { AcceptForm, DeclineForm } from "./AnswerForms.tsx";
import { PUBLIC_QUOTE_KEY, publicPdfPath, publicQuote } from "./api.ts";
import { QuoteLinesTable, QuoteTotalsList } from "./QuoteParts.tsx";

/** A refusal the server will give again is not asked twice; a failure on the way may be. */
const retryOnlyFailures = (count: number, error: ApiError) => ![400, 404, 409].includes(error.status) && count < 2;

/** Why the link opens no quote: forged or unknown (404, or a token of the wrong shape), replaced by a newer revision (409), or a failure. */
export function linkProblem(error: ApiError): "unknown" | "revised" | "failed" {
  if (error.status === 404 || error.status === 400) return "unknown";
  if (error.status === 409) return quoteMessageKey(error.message)?.key === "linkRevised" ? "revised" : "failed";
  return "failed";
}

/**
 * /quotes/:token (no account): the quote its client was emailed, in the language the clinic
 * chose for them (switchable): who quotes, the lines and totals, until when it holds, the terms
 * in the page's language, its PDF; accept (name and ticked box) or decline while it is open,
 * and what became of it once it is not.
 */
export function PublicQuotePage() {
  const { t, i18n } = useTranslation();
  const { token = "" } = useParams();
  const quote = useQuery<PublicProductQuote, ApiError>({
    queryKey: [PUBLIC_QUOTE_KEY, token],
    queryFn: ({ signal }) => publicQuote(token, signal),
    retry: retryOnlyFailures,
  });
  // The page opens in the language the clinic chose for its client, unless this browser has a choice of its own; the switch is theirs after that.
  const languageSet = useRef(false);
  const language = quote.data?.language;
  useEffect(() => {
    if (languageSet.current || !language) return;
    languageSet.current = true;
    if ((language !== "en" && language !== "es") || chosenLanguage() !== null) return;
    document.documentElement.lang = language;
    void i18n.changeLanguage(language);
  }, [language, i18n]);
  const problem = quote.error ? linkProblem(quote.error) : null;
  const heading = quote.data?.clinicName || t("productQuotePublic.appName");
  return (
    <PublicPageFrame
      heading={heading}
      documentTitle={quote.data ? `${quote.data.label} · ${heading}` : heading}
      languageLabel={t("productQuotePublic.language")}
      languageNames={{ en: t("productQuotePublic.languages.en"), es: t("productQuotePublic.languages.es") }}
      width="md"
    >
      {quote.data ? (
        <QuoteView quote={quote.data} token={token} />
      ) : problem === "unknown" ? (
        <Unavailable title={t("productQuotePublic.unknownTitle")} text={t("productQuotePublic.unknown")} />
      ) : problem === "revised" ? (
        <Unavailable title={t("productQuotePublic.revisedTitle")} text={t("productQuotePublic.revised")} />
      ) : problem === "failed" ? (
        <Unavailable title={t("productQuotePublic.failedTitle")} text={t("productQuotePublic.failed")} onRetry={() => void quote.refetch()} />
      ) : (
        <Loading />
      )}
    </PublicPageFrame>
  );
}

/** What a quote that can no longer be answered says, by its state. */
function Outcome({ quote }: { quote: PublicProductQuote }) {
  const { t } = useTranslation();
  const at = quote.decidedAt ? formatDateTime(quote.decidedAt) : "";
  switch (quote.state) {
    case "accepted":
    case "converted":
      return (
        <Alert severity="success" role="status">
          {quote.acceptedName ? t("productQuotePublic.outcome.acceptedBy", { name: quote.acceptedName, at }) : t("productQuotePublic.outcome.accepted")}
        </Alert>
      );
    case "declined":
      return (
        <Alert severity="info" role="status">
          {at ? t("productQuotePublic.outcome.declinedAt", { at }) : t("productQuotePublic.outcome.declined")}
        </Alert>
      );
    case "expired":
      return (
        <Alert severity="warning" role="status">
          {t("productQuotePublic.outcome.expired", { day: quote.validUntil })}
        </Alert>
      );
    default:
      return (
        <Alert severity="info" role="status">
          {t("productQuotePublic.outcome.closed")}
        </Alert>
      );
  }
}

export function QuoteView({ quote, token }: { quote: PublicProductQuote; token: string }) {
  const { t, i18n } = useTranslation();
  const spanish = i18n.language === "es";
  // The terms in the page's language, the other one's when the clinic wrote only that.
  const terms = (spanish ? quote.termsEs || quote.termsEn : quote.termsEn || quote.termsEs).trim();
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, overflowWrap: "anywhere", fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
          {t("productQuotePublic.title", { label: quote.label })}
        </Typography>
        <Typography color="text.secondary">{t("productQuotePublic.forClient", { name: quote.clientName, clinic: quote.clinicName })}</Typography>
      </Box>
      {quote.open ? null : <Outcome quote={quote} />}
      <PageSection title={t("productQuotePublic.linesTitle")}>
        <Stack spacing={2}>
          <QuoteLinesTable lines={quote.lines} currency={quote.currency} caption={t("productQuotePublic.linesCaption", { label: quote.label })} />
          <QuoteTotalsList totals={quote} currency={quote.currency} label={t("productQuotePublic.totalsLabel")} />
        </Stack>
      </PageSection>
      <PageSection title={t("productQuotePublic.conditions")}>
        <Stack spacing={2}>
          <Details>
            <Summary label={t("productQuotePublic.validUntil")} value={quote.validUntil} />
            <Summary label={t("productQuotePublic.quotedBy")} value={quote.clinicName} />
          </Details>
          {terms ? (
            <Typography sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{terms}</Typography>
          ) : (
            <Typography color="text.secondary">{t("productQuotePublic.noTerms")}</Typography>
          )}
          <div>
            <Button variant="outlined" component="a" href={publicPdfPath(token)} download={`${quote.label}.pdf`} startIcon={<PictureAsPdf />}>
              {t("productQuotePublic.pdf")}
            </Button>
          </div>
        </Stack>
      </PageSection>
      {quote.open ? (
        <>
          <AcceptForm key={`accept-${quote.label}`} token={token} />
          <DeclineForm key={`decline-${quote.label}`} token={token} />
        </>
      ) : null}
    </Stack>
  );
}
