import type { AuditTrailStatus, SystemCheckReport } from "@clinic/shared";
import VerifiedUser from "@mui/icons-material/VerifiedUser";
import { Alert, Button, Card, CardContent, CardHeader, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { post } from "../../lib/api.ts";
import { formatDate, formatDateTime } from "../../lib/dates.ts";
import { useAction } from "../../lib/resource.ts";

export const REPORT_KEY = ["system-check"];

/** What the stored verification says, as the page's alert: green, red, or never verified yet. */
function Verdict({ status }: { status: AuditTrailStatus }) {
  const { t } = useTranslation();
  if (status.lastDay === null) return <Alert severity="info">{t("systemCheck.auditTrail.never")}</Alert>;
  if (status.intact)
    return (
      <Alert severity="success" variant="outlined">
        {t("systemCheck.auditTrail.intact", { day: formatDate(status.lastDay) })}
      </Alert>
    );
  return (
    <Alert severity="error" variant="outlined">
      {t(status.brokenDays === 1 ? "systemCheck.auditTrail.brokenOne" : "systemCheck.auditTrail.brokenMany", {
        count: status.brokenDays,
        day: formatDate(status.lastDay),
        first: formatDate(status.firstBrokenDay),
      })}
      {status.problem ? (
        <Typography variant="body2" component="p" sx={{ mt: 1, fontFamily: "monospace", wordBreak: "break-word" }}>
          {status.problem}
        </Typography>
      ) : null}
    </Alert>
  );
}

/**
 * The sequencer that seals new records into the chain (issue 34.1), when it has stopped: since
 * when, why, and how many records wait. Nothing is shown while it seals.
 */
function Sealing({ sealing }: { sealing: AuditTrailStatus["sealing"] }) {
  const { t } = useTranslation();
  if (sealing.problem === null) return null;
  return (
    <Alert severity="error" sx={{ mt: 1 }}>
      {t("systemCheck.auditTrail.sealingStopped", { since: formatDateTime(sealing.since) })}
      <Typography variant="body2" component="p" sx={{ mt: 1, fontFamily: "monospace", wordBreak: "break-word" }}>
        {sealing.problem}
      </Typography>
      {sealing.unsealed > 0 ? (
        <Typography variant="body2" component="p" sx={{ mt: 1 }}>
          {t("systemCheck.auditTrail.unsealed", { count: sealing.unsealed, date: formatDateTime(sealing.oldestUnsealedAt) })}
        </Typography>
      ) : null}
    </Alert>
  );
}

/**
 * The audit trail's hash chain (issue 33.2): the last day the nightly job (or `npm run
 * audit:verify`, or an admin here) verified, and whether every verified day is intact. "Verify
 * now" walks the days not verified yet, today's included.
 */
export function AuditTrailCard({ status }: { status: AuditTrailStatus }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const verify = useAction(() => post<AuditTrailStatus>("/api/system-check/audit-trail/verify", {}), {
    success: t("systemCheck.auditTrail.verified"),
    onSuccess: (fresh) => {
      client.setQueryData<SystemCheckReport>(REPORT_KEY, (report) => (report ? { ...report, auditTrail: fresh } : report));
    },
  });
  return (
    <Card variant="outlined">
      <CardHeader
        title={t("systemCheck.auditTrail.title")}
        subheader={t("systemCheck.auditTrail.hint")}
        slotProps={{ title: { component: "h2" } }}
        action={
          <Button startIcon={<VerifiedUser aria-hidden />} onClick={() => verify.mutate(undefined)} disabled={verify.isPending} sx={{ whiteSpace: "nowrap" }}>
            {t(verify.isPending ? "systemCheck.auditTrail.verifying" : "systemCheck.auditTrail.verifyNow")}
          </Button>
        }
        sx={{ flexWrap: "wrap", rowGap: 1, "& .MuiCardHeader-action": { alignSelf: "center", m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <div role="status">
          <Verdict status={status} />
          <Sealing sealing={status.sealing} />
        </div>
        {status.checkedAt ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 1 }}>
            {t("systemCheck.auditTrail.checkedAt", { date: formatDateTime(status.checkedAt) })}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
