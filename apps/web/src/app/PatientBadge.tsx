import CloseIcon from "@mui/icons-material/Close";
import { Box, Chip, IconButton } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../lib/components/ConfirmDialog.tsx";
import { useSelectedPatient } from "../lib/session.ts";

/**
 * The selected patient in the top bar (spec §2, §6: shown to signed-in staff and admins).
 * Cancelling asks first, then clears browser storage and reloads.
 */
export function PatientBadge() {
  const { t } = useTranslation();
  const patient = useSelectedPatient();
  const [confirming, setConfirming] = useState(false);

  if (!patient) return null;
  const name = `${patient.nombres} ${patient.apellidos}`.trim();

  function cancelSelection() {
    localStorage.clear();
    sessionStorage.clear();
    window.location.reload();
  }

  return (
    <>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }} data-testid="patient-badge">
        <Chip color="secondary" label={t("shell.selectedPatient", { name })} sx={{ maxWidth: { xs: 150, sm: 320 } }} />
        <IconButton size="small" onClick={() => setConfirming(true)} aria-label={t("shell.cancelPatient")}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t("shell.cancelPatientTitle")}
        text={t("shell.cancelPatientText", { name })}
        confirmLabel={t("common.yes")}
        onConfirm={cancelSelection}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
