import { INSURANCE_LIMITS, type PublicQuote } from "@clinic/shared";
import PictureAsPdfOutlined from "@mui/icons-material/PictureAsPdfOutlined";
import { Alert, Box, Button, Checkbox, FormControlLabel, FormHelperText, Link, Stack, TextField, Typography } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ApiError } from "../../../../lib/api.ts";
import { Loading } from "../../../../lib/components/Loading.tsx";
import { PublicPageFrame } from "../../../../lib/components/PublicPageFrame.tsx";
import { Details, PageSection, Summary, Unavailable } from "../../../../lib/components/PublicPageParts.tsx";
import { formatDateTime } from "../../../../lib/dates.ts";
import { setLanguage } from "../../../../lib/i18n.ts";
import { chosenLanguage } from "../../../../lib/language.ts";
import { formatMoney } from "../../../../lib/money.ts";
import { useAction } from "../../../../lib/resource.ts";
import { fieldMessage } from "../format.ts";
import { RatedOptionCard } from "../RatedOptions.tsx";
import { acceptByLink, declineByLink, PUBLIC_QUOTE_KEY, publicPdfPath, publicQuote, stageOf } from "./api.ts";

/** A refusal the server will give again is not asked twice; a failure on the way may be. */
const retryOnlyFailures = (count: number, error: ApiError) => error.status !== 404 && error.status !== 400 && count < 2;

/** Accept (the name typed and the box ticked) or decline (with a reason, if any) while the quote is open. */
function Decision({ quote, token }: { quote: PublicQuote; token: string }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [agree, setAgree] = useState(false);
  const [reason, setReason] = useState("");
  const [checked, setChecked] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const settle = {
    onSuccess: (result: PublicQuote) => void client.setQueryData([PUBLIC_QUOTE_KEY, token], result),
    onFieldErrors: (errors: Record<string, string[]>) =>
      setFields(Object.fromEntries(Object.entries(errors).map(([key, messages]) => [key, messages.join(" ")]))),
    // A quote that changed meanwhile (expired, decided by phone) shows as it is now.
    onFailure: (failure: unknown) => {
      if (failure instanceof ApiError && failure.status === 409) void client.invalidateQueries({ queryKey: [PUBLIC_QUOTE_KEY, token] });
    },
  };
  const accept = useAction(() => acceptByLink(token, name), { ...settle, success: t("quoterPublic.acceptedNotice") });
  const decline = useAction(() => declineByLink(token, reason), { ...settle, success: t("quoterPublic.declinedNotice") });
  const nameError = checked && name.trim() === "" ? t("quoterPublic.nameRequired") : fieldMessage(t, fields.name);
  const agreeError = checked && !agree ? t("quoter.messages.agreeRequired") : fieldMessage(t, fields.agree);
  const onAccept = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setFields({});
    if (name.trim() !== "" && agree) accept.mutate(undefined);
  };
  const busy = accept.isPending || decline.isPending;
  return (
    <>
      <PageSection title={t("quoterPublic.acceptTitle")}>
        <Box component="form" noValidate onSubmit={onAccept}>
          <Stack spacing={2}>
            <Typography>
              {t("quoterPublic.acceptText", { premium: formatMoney(quote.option.premiumCents, quote.option.product.currency, i18n.language) })}
            </Typography>
            <TextField
              label={t("quoterPublic.typedName")}
              required
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={!!nameError}
              helperText={nameError ?? t("quoterPublic.typedNameHint", { name: quote.applicantName })}
              autoComplete="name"
              slotProps={{ htmlInput: { maxLength: INSURANCE_LIMITS.applicantName } }}
            />
            <Box>
              <FormControlLabel control={<Checkbox checked={agree} onChange={(event) => setAgree(event.target.checked)} />} label={t("quoterPublic.agree")} />
              {agreeError ? <FormHelperText error>{agreeError}</FormHelperText> : null}
            </Box>
            <Box>
              <Button type="submit" variant="contained" disabled={busy}>
                {t("quoterPublic.accept")}
              </Button>
            </Box>
          </Stack>
        </Box>
      </PageSection>
      <PageSection title={t("quoterPublic.declineTitle")}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            decline.mutate(undefined);
          }}
        >
          <Stack spacing={2}>
            <TextField
              label={t("quoterPublic.reason")}
              multiline
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={!!fields.reason}
              helperText={fieldMessage(t, fields.reason) ?? t("quoterPublic.reasonHint")}
              slotProps={{ htmlInput: { maxLength: INSURANCE_LIMITS.reason } }}
            />
            <Box>
              <Button type="submit" variant="outlined" color="error" disabled={busy}>
                {t("quoterPublic.decline")}
              </Button>
            </Box>
          </Stack>
        </Box>
      </PageSection>
    </>
  );
}

/** The quote as the applicant reads it: how it stands, the option offered, its validity, and the decision while open. */
export function PublicQuoteView({ quote, token }: { quote: PublicQuote; token: string }) {
  const { t } = useTranslation();
  const stage = stageOf(quote);
  const decidedAt = quote.decidedAt ? formatDateTime(quote.decidedAt) : "";
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
          {t(`quoterPublic.headline.${stage}`)}
        </Typography>
        <Typography sx={{ mt: 0.5, color: "text.secondary" }}>{t("quoterPublic.forYou", { name: quote.applicantName, number: quote.number })}</Typography>
      </Box>
      {stage === "accepted" ? (
        <Alert severity="success" role="status">
          {t("quoterPublic.acceptedState", { when: decidedAt, name: quote.acceptedName ?? quote.applicantName })}
        </Alert>
      ) : null}
      {stage === "declined" ? (
        <Alert severity="info" role="status">
          {t("quoterPublic.declinedState", { when: decidedAt })}
        </Alert>
      ) : null}
      {stage === "expired" ? (
        <Alert severity="warning" role="status">
          {t("quoterPublic.expiredState", { day: quote.validUntil, agent: quote.agentName })}
        </Alert>
      ) : null}
      <PageSection title={t("quoterPublic.facts")}>
        <Details>
          <Summary label={t("quoterPublic.number")} value={quote.number} />
          <Summary label={t("quoterPublic.validUntil")} value={quote.validUntil} />
          <Summary label={t("quoterPublic.agent")} value={quote.agentName} />
        </Details>
        <Link href={publicPdfPath(token)} download sx={{ display: "inline-flex", alignItems: "center", gap: 1, mt: 2 }}>
          <PictureAsPdfOutlined fontSize="small" aria-hidden />
          {t("quoterPublic.pdf")}
        </Link>
      </PageSection>
      <RatedOptionCard option={quote.option} headingLevel="h2" />
      {stage === "decide" ? <Decision quote={quote} token={token} /> : null}
    </Stack>
  );
}

/**
 * /quoter/quote/:token (public, by the private link of the quote's email): the option the agent
 * chose, its coverage, premium and how it was reached, the validity day, and accepting or
 * declining while the quote is open. An expired, declined or accepted quote says so; a link that
 * is not one (forged, mistyped) says it is not valid.
 */
export function PublicQuotePage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const quote = useQuery<PublicQuote, ApiError>({
    queryKey: [PUBLIC_QUOTE_KEY, token],
    queryFn: ({ signal }) => publicQuote(token, signal),
    retry: retryOnlyFailures,
  });
  const invalid = quote.error && (quote.error.status === 404 || quote.error.status === 400);
  const quoteLanguage = quote.data?.language;
  // The quote speaks the language the agent chose for the applicant, unless this browser chose one itself.
  useEffect(() => {
    if ((quoteLanguage === "en" || quoteLanguage === "es") && chosenLanguage() === null) void setLanguage(quoteLanguage);
  }, [quoteLanguage]);
  const heading = t("quoterPublic.appName");
  return (
    <PublicPageFrame
      heading={heading}
      documentTitle={quote.data ? `${quote.data.number} · ${heading}` : heading}
      languageLabel={t("quoterPublic.language")}
      languageNames={{ en: t("quoterPublic.languages.en"), es: t("quoterPublic.languages.es") }}
      width="md"
    >
      {quote.data ? (
        <PublicQuoteView quote={quote.data} token={token} />
      ) : invalid ? (
        <Unavailable title={t("quoterPublic.invalidTitle")} text={t("quoterPublic.invalid")} />
      ) : quote.error ? (
        <Unavailable title={t("quoterPublic.failedTitle")} text={t("quoterPublic.failed")} onRetry={() => void quote.refetch()} />
      ) : (
        <Loading />
      )}
    </PublicPageFrame>
  );
}
