import type { CrmInitiativeState } from "@clinic/shared";
import { Chip } from "@mui/material";
import { useTranslation } from "react-i18next";

/** An initiative's state (spec §4): "Not read" stands out, "Read" stays quiet. */
export function StateChip({ state }: { state: CrmInitiativeState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`crmInitiatives.states.${state}`)}
      color={state === "not_readed" ? "warning" : "default"}
      variant={state === "not_readed" ? "filled" : "outlined"}
    />
  );
}
