import type { SystemCheck } from "@clinic/shared";
import CheckCircle from "@mui/icons-material/CheckCircle";
import ErrorIcon from "@mui/icons-material/Error";
import { Box, Card, CardContent, Stack, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";

type Figure = SystemCheck["figures"][string];

/** Names of storage and transport kinds are shown in words; other strings (versions, hosts) as they are. */
const WORDED_VALUES = new Set(["disk", "s3", "smtp", "outbox", "off"]);
/** Figures that are none rather than unknown when empty (no backup taken yet). */
const NONE_WHEN_EMPTY = new Set(["lastBackupAt", "lastBackupSize", "lastBackupFile"]);

function useFigureText() {
  const { t, i18n } = useTranslation();
  return (key: string, value: Figure): string => {
    if (value === null) return t(NONE_WHEN_EMPTY.has(key) ? "systemCheck.values.none" : "systemCheck.values.unknown");
    // Moments (`…At`) are ISO strings: said in the reader's language and time zone.
    if (typeof value === "string" && key.endsWith("At") && !Number.isNaN(Date.parse(value)))
      return new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(value));
    if (typeof value === "boolean") return t(value ? "systemCheck.values.yes" : "systemCheck.values.no");
    if (typeof value === "string" && WORDED_VALUES.has(value)) return t(`systemCheck.values.${value}`);
    return String(value);
  };
}

/** What a red check says: its reason in the reader's language, the figures it needs filled in. */
function reasonText(t: ReturnType<typeof useTranslation>["t"], check: SystemCheck): string {
  if (check.ok || !check.reason) return t(`systemCheck.passedHints.${check.name}`);
  return t(`systemCheck.reasons.${check.reason}`, {
    seconds: check.figures.timeoutSeconds,
    count: Number(check.figures.pending ?? 0),
    minutes: check.figures.overdueAfterMinutes,
  });
}

/**
 * One check: green or red said by an icon and a word (never by colour alone), its reason, the
 * dependency's own message when it gave one, and its figures.
 */
export function CheckCard({ check }: { check: SystemCheck }) {
  const { t } = useTranslation();
  const figureText = useFigureText();
  const headingId = useId();
  const color = check.ok ? "success.main" : "error.main";
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ height: "100%", borderColor: check.ok ? undefined : "error.main" }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
          {check.ok ? <CheckCircle sx={{ color }} aria-hidden /> : <ErrorIcon sx={{ color }} aria-hidden />}
          <Typography id={headingId} variant="h6" component="h3" sx={{ flexGrow: 1, fontSize: "1.05rem" }}>
            {t(`systemCheck.names.${check.name}`)}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, color: check.ok ? "success.dark" : "error.dark" }} data-testid={`check-${check.name}-state`}>
            {t(check.ok ? "systemCheck.passed" : "systemCheck.failed")}
          </Typography>
        </Stack>
        <Typography variant="body2">{reasonText(t, check)}</Typography>
        {/* A timeout's own words repeat its reason; other messages are the dependency's, as it said them. */}
        {check.detail && check.reason !== "timedOut" && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, fontFamily: "monospace", overflowWrap: "anywhere" }}>
            {`${t("systemCheck.detail")}: ${check.detail}`}
          </Typography>
        )}
        <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr) auto", columnGap: 2, rowGap: 0.5, mt: 1.5, mb: 0 }}>
          {Object.entries(check.figures).map(([key, value]) => (
            <Box key={key} sx={{ display: "contents" }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(`systemCheck.figures.${key}`, { defaultValue: key })}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: "right", overflowWrap: "anywhere" }}>
                {figureText(key, value)}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 1 }}>
          {t("systemCheck.took", { ms: check.ms })}
        </Typography>
      </CardContent>
    </Card>
  );
}
