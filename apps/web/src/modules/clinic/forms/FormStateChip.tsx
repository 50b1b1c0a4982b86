import type { FormAssignmentState } from "@clinic/shared";
import { Chip, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";

const COLORS = { assigned: "default", inProgress: "info", submitted: "success", reviewed: "primary" } as const;

/** An assignment's state, and "Overdue" beside it while it is past its due date unsubmitted. */
export function FormStateChip({ state, overdue }: { state: FormAssignmentState; overdue: boolean }) {
  const { t } = useTranslation();
  const late = overdue && (state === "assigned" || state === "inProgress");
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: "wrap", justifyContent: "flex-end" }}>
      <Chip size="small" color={COLORS[state]} variant={state === "assigned" ? "outlined" : "filled"} label={t(`dynamicForms.states.${state}`)} />
      {late ? <Chip size="small" color="error" label={t("dynamicForms.states.overdue")} /> : null}
    </Stack>
  );
}
