import type { MeasureUnit, MyProgress } from "@clinic/shared";
import EmojiEventsOutlined from "@mui/icons-material/EmojiEventsOutlined";
import { Box, Card, CardContent, CardHeader, Skeleton, Stack, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useResource } from "../../../lib/resource.ts";

export const MY_PROGRESS_KEY = "myProgress";

/** A measure's value as the patient reads it: a ratio as a percent, times in ms, levels as numbers. */
export function formatMeasure(value: number, unit: MeasureUnit, language: string): string {
  const locale = language === "es" ? "es-ES" : "en-US";
  const number = (digits: number) => value.toLocaleString(locale, { maximumFractionDigits: digits });
  switch (unit) {
    case "ratio":
      return `${Math.round(value * 100).toLocaleString(locale)} %`;
    case "ms":
      return `${Math.round(value).toLocaleString(locale)} ms`;
    case "px":
      return `${number(0)} px`;
    case "deg":
      return `${number(1)}°`;
    case "bpm":
      return `${number(0)} bpm`;
    case "logmar":
      return `${number(2)} logMAR`;
    default:
      return number(1);
  }
}

/**
 * The patient's own progress on their home (issue 18.5, `GET /api/statistics/me`): this week's
 * sessions and activities, the streak of days, and one measure that improved, in plain words.
 * Encouragement only: no clinical bands, nothing that got worse.
 */
export function ProgressCard() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  // Quiet: the home stays useful if this card cannot load; it then simply does not show.
  const { data, network } = useResource<MyProgress>([MY_PROGRESS_KEY], "/api/statistics/me", { quiet: true });
  if (network.error) return null;
  const nothingYet = data && data.sessionsThisWeek === 0 && data.doneThisWeek === 0 && data.streakDays === 0 && data.highlight === null;
  const highlight = data?.highlight;
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardHeader title={t("progressCard.title")} slotProps={{ title: { component: "h2", id: titleId, variant: "h6" } }} />
      <CardContent sx={{ pt: 0 }}>
        {!data ? (
          <Skeleton variant="rounded" height={72} aria-hidden />
        ) : nothingYet ? (
          <Typography>{t("progressCard.empty")}</Typography>
        ) : (
          <Stack spacing={2}>
            <Box component="dl" sx={{ m: 0, display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(3, minmax(0, 1fr))" } }}>
              <Figure name={t("progressCard.sessions")} value={data.sessionsThisWeek.toLocaleString(i18n.language)} />
              <Figure name={t("progressCard.done")} value={t("progressCard.doneOf", { done: data.doneThisWeek, assigned: data.assignedThisWeek })} />
              <Figure name={t("progressCard.streak")} value={t("progressCard.days", { count: data.streakDays })} />
            </Box>
            {data.streakDays === 0 ? <Typography color="text.secondary">{t("progressCard.startStreak")}</Typography> : null}
            {highlight ? (
              <Stack direction="row" spacing={1.5} sx={{ alignItems: "flex-start" }}>
                <EmojiEventsOutlined color="primary" aria-hidden />
                <Typography data-testid="progress-highlight">
                  {t("progressCard.highlight", {
                    activity: highlight.activityName,
                    measure: t(`progressCard.measures.${highlight.measure}`, { defaultValue: t("progressCard.measures.score") }),
                    start: formatMeasure(highlight.start, highlight.unit, i18n.language),
                    end: formatMeasure(highlight.end, highlight.unit, i18n.language),
                  })}
                </Typography>
              </Stack>
            ) : null}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function Figure({ name, value }: { name: string; value: string }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column-reverse", justifyContent: "flex-end" }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {name}
      </Typography>
      <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}
