import { IMPORT_REQUIRED_FIELDS, type ImportField, type ImportKind, type ImportPreview, type ImportResult, type ImportRowError } from "@clinic/shared";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, upload } from "../../lib/api.ts";
import { ImportErrorReport } from "../../lib/components/ImportErrorReport.tsx";
import { ImportProgressBar } from "../../lib/components/ImportProgressBar.tsx";
import { pollImportProgress, progressPercent } from "../../lib/import-progress.ts";
import { useNotices } from "../../lib/notices.tsx";
import { PEOPLE_KEYS } from "./api.ts";
import { type Mapping, MappingStep } from "./ImportMapping.tsx";
import { rowErrorText } from "./ImportReport.tsx";
import { ClinicPicker } from "./Pickers.tsx";

type Stage =
  | { step: "choose" }
  | { step: "sending"; progress: number; checking: boolean; written?: { done: number; total: number } }
  | { step: "map" }
  | { step: "errors"; errors: ImportRowError[] };

/** How often the dialog asks how far a running import has got. */
const POLL_MS = 700;

/** The form the server reads: kind, clinic, mapping (when importing) and the file. */
function formOf(file: File, kind: ImportKind, clinicId: string | undefined, mapping?: Mapping, progressId?: string): FormData {
  const form = new FormData();
  form.append("kind", kind);
  if (clinicId) form.append("clinicId", clinicId);
  if (mapping) form.append("mapping", JSON.stringify(mapping));
  if (progressId) form.append("progressId", progressId);
  form.append("file", file);
  return form;
}

/**
 * Import patients or therapists from a CSV or XLSX file (issue 15): choose the file, map its
 * columns with a preview, import; a refused file shows the row-by-row report (downloadable)
 * and takes a corrected file, keeping the mapping when its headers are the same.
 */
export function ImportDialog(props: {
  open: boolean;
  onClose: () => void;
  kinds: readonly ImportKind[];
  /** Admins pick the clinic in the dialog… */
  choosesClinic: boolean;
  /** …unless the screen is already one clinic's. */
  clinicId?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<ImportKind>(props.kinds[0] ?? "patient");
  const [clinic, setClinic] = useState<{ id: string; label: string } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [stage, setStage] = useState<Stage>({ step: "choose" });
  const [problem, setProblem] = useState<string | null>(null);
  const clinicId = props.clinicId ?? clinic?.id;

  const close = () => {
    setFile(null);
    setPreview(null);
    setMapping({});
    setProblem(null);
    setStage({ step: "choose" });
    props.onClose();
  };

  const failureText = (failure: unknown) => {
    if (failure instanceof ApiError && failure.status === 400) {
      const messages = Object.values(failure.fieldErrors).flat();
      if (messages.length > 0) return messages.join(" ");
    }
    if (failure instanceof ApiError && failure.status === 403) return t("people.import.notAllowed");
    return t("notices.fallback");
  };

  async function readFile(chosen: File) {
    setFile(chosen);
    setProblem(null);
    setStage({ step: "sending", progress: 0, checking: false });
    try {
      const read = await upload<ImportPreview>("/api/user-import/preview", formOf(chosen, kind, clinicId), (progress) =>
        setStage({ step: "sending", progress, checking: progress >= 1 }),
      );
      const sameHeaders = preview !== null && JSON.stringify(preview.headers) === JSON.stringify(read.headers);
      setPreview(read);
      if (!sameHeaders) setMapping(read.mapping as Mapping);
      setStage({ step: "map" });
    } catch (failure) {
      setProblem(failureText(failure));
      setStage({ step: "choose" });
    }
  }

  async function runImport() {
    if (!file) return;
    setProblem(null);
    setStage({ step: "sending", progress: 0, checking: false });
    // The server writes how far it has got under an id chosen here; polled until the answer comes.
    const progressId = crypto.randomUUID();
    let running = true;
    const stopPolling = pollImportProgress(
      `/api/user-import/${progressId}/progress`,
      (seen) => {
        if (seen.phase === "writing") setStage({ step: "sending", progress: 1, checking: true, written: seen });
      },
      POLL_MS,
    );
    const stop = () => {
      running = false;
      stopPolling();
    };
    try {
      const result = await upload<ImportResult>("/api/user-import/", formOf(file, kind, clinicId, mapping, progressId), (progress) => {
        if (running) setStage({ step: "sending", progress, checking: progress >= 1 });
      });
      stop();
      await Promise.all(PEOPLE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      notices.success(`${t("people.import.success")} (${t("people.import.count", { count: result.imported })})`);
      close();
    } catch (failure) {
      stop();
      const rowErrors = failure instanceof ApiError ? (failure.body.rowErrors as ImportRowError[] | undefined) : undefined;
      if (rowErrors) {
        setStage({ step: "errors", errors: rowErrors });
        // The §8 text in the user's language, not the server's English.
        notices.error(new ApiError(400, { detail: t("people.import.failed") }));
        return;
      }
      setProblem(failureText(failure));
      setStage({ step: preview ? "map" : "choose" });
    }
  }

  const missing = IMPORT_REQUIRED_FIELDS.filter((field) => mapping[field] === undefined);
  const used = Object.values(mapping).filter((column) => column !== undefined);
  const repeated = new Set(used).size !== used.length;
  const needsClinic = props.choosesClinic && !clinic;
  const fieldLabel = (field: ImportField) => t(`people.import.fields.${field}`);

  return (
    <Dialog open={props.open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t("people.import.title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t("people.import.hint")}
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            {props.kinds.length > 1 ? (
              <TextField
                select
                size="small"
                label={t("people.import.kind")}
                value={kind}
                onChange={(event) => setKind(event.target.value as ImportKind)}
                sx={{ minWidth: 180 }}
              >
                {props.kinds.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`people.import.kinds.${value}`)}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            {props.choosesClinic ? <ClinicPicker value={clinic} onChange={setClinic} label={t("people.clinic")} required size="small" /> : null}
          </Stack>
          <Box>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="import-file"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                event.target.value = "";
                if (chosen) void readFile(chosen);
              }}
            />
            <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={stage.step === "sending"} onClick={() => fileInput.current?.click()}>
              {stage.step === "errors" ? t("people.import.chooseCorrected") : file ? t("people.import.chooseOther") : t("people.import.choose")}
            </Button>
            {file ? (
              <Typography variant="body2" component="span" sx={{ ml: 2 }}>
                {file.name}
              </Typography>
            ) : null}
          </Box>
          {stage.step === "sending" ? (
            <ImportProgressBar
              label={
                stage.written
                  ? t("people.import.writing", stage.written)
                  : stage.checking
                    ? t("people.import.checking")
                    : t("people.import.uploading", { percent: Math.round(stage.progress * 100) })
              }
              value={stage.written ? progressPercent({ phase: "writing", ...stage.written }) : stage.checking ? null : Math.round(stage.progress * 100)}
            />
          ) : null}
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          {stage.step === "map" && preview ? <MappingStep preview={preview} mapping={mapping} onChange={setMapping} fieldLabel={fieldLabel} /> : null}
          {stage.step === "map" && (missing.length > 0 || repeated) ? (
            <Alert severity="warning">
              {repeated ? t("people.import.repeated") : t("people.import.missing", { fields: missing.map(fieldLabel).join(", ") })}
            </Alert>
          ) : null}
          {stage.step === "errors" ? (
            <ImportErrorReport
              title={t("people.import.failed")}
              errors={stage.errors.map((error) => ({ row: error.row, column: error.field ? fieldLabel(error.field) : "—", message: rowErrorText(t, error) }))}
            />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t("common.cancel")}</Button>
        {stage.step === "map" ? (
          <Button variant="contained" disabled={missing.length > 0 || repeated || needsClinic} onClick={() => void runImport()}>
            {t("people.import.run", { count: preview?.totalRows ?? 0 })}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
