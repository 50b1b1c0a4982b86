import { CRM_ACTIVITY_LIMITS, type CrmCallLogged, type CrmCallOutcome, crmActivityProblems } from "@clinic/shared";
import { Button, Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateTimeField } from "../../../lib/components/DateTimeField.tsx";
import { fromLocalInput } from "../../../lib/dates.ts";
import { useAction } from "../../../lib/resource.ts";
import { EVERY_TELEMARKET_LIST, logOutcome, telemarketText } from "./api.ts";

/** The outcomes with a button of their own; a call-back has its time beside its button. */
const DIRECT: readonly CrmCallOutcome[] = ["answered", "no_answer", "not_interested", "converted"];
const COLOURS: Record<CrmCallOutcome, "primary" | "warning" | "inherit" | "success"> = {
  answered: "primary",
  no_answer: "warning",
  call_back: "warning",
  not_interested: "inherit",
  converted: "success",
};

/**
 * How the call went: notes and its length, then one button per outcome, "call back at" with its
 * time. Logging writes the call and moves the client on in the queue ("Created successfully").
 */
export function OutcomePanel({ entryId, onLogged }: { entryId: number; onLogged: (logged: CrmCallLogged) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [notes, setNotes] = useState("");
  const [minutes, setMinutes] = useState("");
  const [callBackAt, setCallBackAt] = useState("");
  const [callBackError, setCallBackError] = useState<string | undefined>();
  const log = useAction(
    (outcome: CrmCallOutcome) =>
      logOutcome(entryId, {
        outcome,
        notes,
        durationMinutes: minutes === "" ? 0 : Math.min(Math.max(0, Math.round(Number(minutes)) || 0), CRM_ACTIVITY_LIMITS.durationMax),
        callBackAt: outcome === "call_back" ? fromLocalInput(callBackAt) : null,
      }),
    {
      invalidate: EVERY_TELEMARKET_LIST,
      success: () => t("crmTelemarket.notices.callCreated"),
      onFieldErrors: (fields) => {
        const message = fields.callBackAt?.[0];
        if (message) setCallBackError(telemarketText(t, message));
      },
      onSuccess: (logged) => onLogged(logged),
    },
  );
  const callBack = () => {
    const at = fromLocalInput(callBackAt);
    const problem = crmActivityProblems("call", { outcome: "call_back", callBackAt: at || null }).callBackAt;
    if (problem) return setCallBackError(telemarketText(t, problem));
    setCallBackError(undefined);
    log.mutate("call_back");
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={2}>
          <Typography id={headingId} variant="h6" component="h2">
            {t("crmTelemarket.outcome.title")}
          </Typography>
          <TextField
            label={t("crmTelemarket.fields.notes")}
            multiline
            minRows={2}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            slotProps={{ htmlInput: { maxLength: CRM_ACTIVITY_LIMITS.notesMax } }}
          />
          <TextField
            label={t("crmTelemarket.fields.durationMinutes")}
            type="number"
            value={minutes}
            onChange={(event) => setMinutes(event.target.value)}
            slotProps={{ htmlInput: { min: 0, max: CRM_ACTIVITY_LIMITS.durationMax } }}
            sx={{ maxWidth: 220 }}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }} role="group" aria-label={t("crmTelemarket.outcome.buttons")}>
            {DIRECT.map((outcome) => (
              <Button key={outcome} variant="contained" color={COLOURS[outcome]} disabled={log.isPending} onClick={() => log.mutate(outcome)}>
                {t(`crmTelemarket.outcomes.${outcome}`)}
              </Button>
            ))}
          </Stack>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} useFlexGap sx={{ alignItems: { sm: "flex-start" } }}>
            <DateTimeField
              label={t("crmTelemarket.fields.callBackAt")}
              value={callBackAt}
              onChange={(value) => {
                setCallBackAt(value);
                setCallBackError(undefined);
              }}
              error={!!callBackError}
              helperText={callBackError}
              size="small"
            />
            <Button variant="outlined" color="warning" disabled={log.isPending} onClick={callBack} sx={{ mt: { sm: 0.25 } }}>
              {t("crmTelemarket.outcome.callBack")}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
