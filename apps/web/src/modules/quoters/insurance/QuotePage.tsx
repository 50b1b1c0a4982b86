import { inLanguage, type PolicyDetail, type QuoteDetail, type RatingAnswers } from "@clinic/shared";
import { Alert, Box, Paper, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Details, PageSection, Summary } from "../../../lib/components/PublicPageParts.tsx";
import { RecordFrame, usePathId } from "../../../lib/components/RecordFrame.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { QUOTES_PAGE, usePolicy, useQuote } from "./api.ts";
import { QuoteActions } from "./QuoteActions.tsx";
import { QuotePanel } from "./QuotePanel.tsx";
import { RatedOptions } from "./RatedOptions.tsx";
import { QuoteStateChip } from "./StateChips.tsx";

/** The applicant's answers by the factors' names (from the options' breakdowns), the key where no option names it. */
export function answerLines(quote: Pick<QuoteDetail, "answers" | "options">, language: string): { key: string; name: string; value: string }[] {
  const names = new Map<string, string>();
  const values = new Map<string, string>();
  for (const option of quote.options)
    for (const step of option.breakdown)
      if (step.kind === "factor") {
        names.set(step.key, inLanguage(step.name, language));
        if ("value" in step.match) values.set(`${step.key}:${step.match.value}`, inLanguage(step.match.name, language));
      }
  return Object.entries(quote.answers as RatingAnswers).map(([key, value]) => ({
    key,
    name: names.get(key) ?? key,
    value: values.get(`${key}:${value}`) ?? String(value),
  }));
}

/** The policy a bound quote became: its number and, once loaded, the period it covers. */
function PolicyFacts({ number, policy }: { number: string; policy: Pick<PolicyDetail, "startsOn" | "endsOn"> | null }) {
  const { t } = useTranslation();
  return (
    <Alert severity="success" role="status">
      {policy ? t("quoter.quote.policyIs", { number, from: policy.startsOn, to: policy.endsOn }) : t("quoter.quote.policyNumber", { number })}
    </Alert>
  );
}

function QuoteView({ quote }: { quote: QuoteDetail }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [bound, setBound] = useState<PolicyDetail | null>(null);
  const policy = usePolicy(bound ? null : (quote.policy?.id ?? null));
  const shownPolicy = bound ?? policy.data ?? null;
  const answers = answerLines(quote, i18n.language);
  if (editing)
    return (
      <PageSection title={t("quoter.quote.editing", { number: quote.number })}>
        <QuotePanel quote={quote} onDone={() => setEditing(false)} />
      </PageSection>
    );
  const dated = (label: string, iso: string | null) => (iso ? <Summary label={label} value={formatDateTime(iso)} /> : null);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {quote.number}
            </Typography>
            <QuoteStateChip state={quote.state} />
          </Stack>
          {shownPolicy || quote.policy ? <PolicyFacts number={shownPolicy?.number ?? quote.policy?.number ?? ""} policy={shownPolicy} /> : null}
          <QuoteActions quote={quote} onEdit={() => setEditing(true)} onBound={setBound} />
        </Stack>
      </Paper>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" } }}>
        <PageSection title={t("quoter.quote.applicant")}>
          <Details>
            <Summary label={t("quoter.fields.applicantName")} value={quote.applicantName} />
            <Summary label={t("quoter.fields.applicantEmail")} value={quote.applicantEmail} />
            <Summary label={t("quoter.fields.language")} value={t(`quoter.languages.${quote.language === "es" ? "es" : "en"}`)} />
            {answers.map((answer) => (
              <Summary key={answer.key} label={answer.name} value={answer.value} />
            ))}
          </Details>
        </PageSection>
        <PageSection title={t("quoter.quote.stateAndDates")}>
          <Details>
            <Summary label={t("quoter.fields.agent")} value={quote.agent.name} />
            <Summary label={t("quoter.fields.validUntil")} value={quote.validUntil} />
            {dated(t("quoter.fields.created"), quote.createdAt)}
            {dated(t("quoter.fields.sentAt"), quote.sentAt)}
            {dated(t("quoter.fields.decidedAt"), quote.decidedAt)}
            {quote.acceptedName ? <Summary label={t("quoter.fields.acceptedName")} value={quote.acceptedName} /> : null}
            {quote.declineReason ? <Summary label={t("quoter.fields.declineReason")} value={quote.declineReason} /> : null}
            {dated(t("quoter.fields.boundAt"), quote.boundAt)}
          </Details>
        </PageSection>
      </Box>
      <Box component="section" aria-labelledby="quote-options-heading">
        <Typography id="quote-options-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t("quoter.quote.options")}
        </Typography>
        <RatedOptions options={quote.options} chosen={quote.chosenOption} />
      </Box>
    </Stack>
  );
}

/**
 * One quote (`/quoter/app/quotes/:quoteId`, where the decision emails link): its number and state,
 * its actions by state, the applicant and their answers, the dates, and the options compared side
 * by side with their breakdowns. Another agent's quote answers 404: "not found".
 */
export function QuotePage() {
  const { t } = useTranslation();
  const id = usePathId("quoteId");
  const quote = useQuote(id);
  return (
    <RecordFrame
      id={id}
      record={quote}
      back={{ to: QUOTES_PAGE, label: t("quoter.quote.back") }}
      texts={{ notFound: t("quoter.quote.notFound"), loadError: t("quoter.quote.loadError") }}
    >
      {(shown) => <QuoteView key={shown.id} quote={shown} />}
    </RecordFrame>
  );
}
