import PictureAsPdf from "@mui/icons-material/PictureAsPdf";
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { useNotices } from "../../../lib/notices.tsx";
import { progressReport, type StatisticsScope, saveFile } from "./api.ts";
import { statisticsFieldErrors } from "./messages.ts";

const NOTE_MAX = 4000;

/** "Progress report (PDF)": the therapist's note, then the report of the range, in the patient's language, downloaded. */
export function ReportButton({ scope, patientName }: { scope: StatisticsScope; patientName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" startIcon={<PictureAsPdf />} onClick={() => setOpen(true)}>
        {t("statistics.report.button")}
      </Button>
      {open ? <ReportDialog scope={scope} patientName={patientName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ReportDialog({ scope, patientName, onClose }: { scope: StatisticsScope; patientName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const notices = useNotices();
  const titleId = useId();
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const tooLong = note.length > NOTE_MAX;

  const create = async () => {
    setBusy(true);
    setErrors({});
    try {
      const file = await progressReport({ user: scope.user, activity: scope.activity, since: scope.since, to: scope.to, note });
      saveFile(file, `progress-report-${scope.since}-${scope.to}.pdf`);
      notices.success(t("statistics.report.done"));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setErrors(statisticsFieldErrors(error.fieldErrors, t));
      notices.error(error);
    } finally {
      setBusy(false);
    }
  };

  const noteError = tooLong ? t("statistics.messages.noteTooLong") : errors.note;
  const otherErrors = Object.entries(errors).filter(([field]) => field !== "note");
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("statistics.report.title", { name: patientName })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("statistics.report.intro", { since: scope.since, to: scope.to })}</DialogContentText>
        <TextField
          label={t("statistics.report.note")}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={4}
          maxRows={12}
          fullWidth
          error={!!noteError}
          helperText={noteError ?? t("statistics.report.noteHelp", { count: note.length, max: NOTE_MAX })}
        />
        {otherErrors.map(([field, message]) => (
          <Alert key={field} severity="error" sx={{ mt: 2 }}>
            {message}
          </Alert>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t("statistics.report.cancel")}
        </Button>
        <Button variant="contained" onClick={create} disabled={busy || tooLong} loading={busy}>
          {t("statistics.report.download")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
