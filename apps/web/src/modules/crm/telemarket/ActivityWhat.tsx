import type { CrmCallOutcome } from "@clinic/shared";
import { Chip, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/dates.ts";

/** The colour of an outcome's chip: what went well, what is to be done again, what ended. */
const OUTCOME_COLOURS: Record<CrmCallOutcome, "success" | "warning" | "default" | "info"> = {
  answered: "info",
  no_answer: "warning",
  call_back: "warning",
  not_interested: "default",
  converted: "success",
};

/** An outcome as a chip, in the interface language. */
export function OutcomeChip({ outcome }: { outcome: CrmCallOutcome }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={OUTCOME_COLOURS[outcome]} label={t(`crmTelemarket.outcomes.${outcome}`)} />;
}

/** What a call or a meeting was: its kind, a call's outcome (and when to call back), the subject, a meeting's length. */
export function ActivityWhat({
  activity,
}: {
  activity: { kind: "call" | "meeting"; outcome: CrmCallOutcome | null; callBackAt: string | null; subject: string; durationMinutes: number };
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} sx={{ alignItems: "flex-start" }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t(`crmTelemarket.kinds.${activity.kind}`)}
        </Typography>
        {activity.outcome ? <OutcomeChip outcome={activity.outcome} /> : null}
        {activity.kind === "meeting" ? (
          <Typography variant="body2" color="text.secondary">
            {t("crmTelemarket.activities.minutes", { count: activity.durationMinutes })}
          </Typography>
        ) : null}
      </Stack>
      {activity.callBackAt ? (
        <Typography variant="body2" color="text.secondary">
          {t("crmTelemarket.activities.callBackAt", { when: formatDateTime(activity.callBackAt) })}
        </Typography>
      ) : null}
      {activity.subject ? <Typography variant="body2">{activity.subject}</Typography> : null}
    </Stack>
  );
}
