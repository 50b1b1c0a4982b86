import type { SystemCheckReport } from "@clinic/shared";
import Refresh from "@mui/icons-material/Refresh";
import { Alert, Box, Button, Card, CardContent, CardHeader, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Loading } from "../../lib/components/Loading.tsx";
import { formatDateTime } from "../../lib/dates.ts";
import { useResource } from "../../lib/resource.ts";
import { AuditTrailCard, REPORT_KEY } from "./AuditTrailCard.tsx";
import { CheckCard } from "./CheckCard.tsx";
import { TestEmailCard } from "./TestEmailCard.tsx";

/**
 * §2 `test` (admins): the system check. Every check runs at once on the server, each with its
 * own time limit, so the page always answers; "Run again" asks afresh.
 */
export function SystemCheckPage() {
  const { t } = useTranslation();
  const { data: report, network, refetch } = useResource<SystemCheckReport>(REPORT_KEY, "/api/system-check/");
  const failed = report?.checks.filter((check) => !check.ok).length ?? 0;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <Card variant="outlined">
        <CardHeader
          title={t("systemCheck.title")}
          subheader={t("systemCheck.hint")}
          slotProps={{ title: { component: "h2" } }}
          action={
            <Button startIcon={<Refresh aria-hidden />} onClick={() => refetch()} disabled={network.isFetching} sx={{ whiteSpace: "nowrap" }}>
              {t(network.isFetching ? "systemCheck.running" : "systemCheck.runAgain")}
            </Button>
          }
          sx={{ flexWrap: "wrap", rowGap: 1, "& .MuiCardHeader-action": { alignSelf: "center", m: 0 } }}
        />
        <CardContent sx={{ pt: 0 }}>
          {report ? (
            <Box role="status">
              <Alert severity={failed === 0 ? "success" : "error"} variant="outlined">
                {failed === 0 ? t("systemCheck.allPassed") : t("systemCheck.someFailed", { failed, total: report.checks.length })}
              </Alert>
              <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 1 }}>
                {t("systemCheck.checkedAt", { date: formatDateTime(report.checkedAt) })}
              </Typography>
            </Box>
          ) : network.isFetching ? (
            <Loading />
          ) : null}
        </CardContent>
      </Card>
      {report && (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" } }}>
          {report.checks.map((check) => (
            <CheckCard key={check.name} check={check} />
          ))}
        </Box>
      )}
      {report ? <AuditTrailCard status={report.auditTrail} /> : null}
      <TestEmailCard />
    </Stack>
  );
}
