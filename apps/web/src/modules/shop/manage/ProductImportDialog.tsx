import type { ImportProgress, ShopImportResult, ShopImportRowError, ShopStore } from "@clinic/shared";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Alert, AlertTitle, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormHelperText, Stack, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { ImportErrorReport } from "../../../lib/components/ImportErrorReport.tsx";
import { ImportProgressBar } from "../../../lib/components/ImportProgressBar.tsx";
import { pollImportProgress } from "../../../lib/import-progress.ts";
import { EVERY_MANAGE_LIST } from "./api.ts";
import { fileErrorText, importColumns, importProductsFile, importProgressPath, importSummary, progressView, reportRows } from "./product-import.ts";

type Stage =
  | { step: "choose" }
  | { step: "running"; seen: ImportProgress | null }
  | { step: "errors"; errors: ShopImportRowError[] }
  | { step: "done"; result: ShopImportResult };

/**
 * Products and stock from a CSV or XLSX file (issue 20.5): what an import does and the columns
 * it reads, the file, a progress bar while the server checks and writes the rows, then either
 * what changed or the rows to correct (the dialog stays open for the corrected file).
 */
export function ProductImportDialog({ open, store, onClose }: { open: boolean; store: ShopStore; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const fileId = useId();
  const fileErrorId = useId();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>({ step: "choose" });
  const running = stage.step === "running";
  const outcome = useRef<HTMLDivElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);

  // The bar, the summary or the report comes below the explanation: on a phone, out of sight.
  // Focus and scroll follow it, so the file picker's button going disabled drops neither.
  useEffect(() => {
    if (stage.step === "choose" || !outcome.current) return;
    outcome.current.focus({ preventScroll: true });
    outcome.current.scrollIntoView?.({ block: "nearest" });
  }, [stage.step]);
  // A refused file (or a failed call) goes back to the picker, which says why.
  useEffect(() => {
    if (fileError || problem) chooseButton.current?.focus();
  }, [fileError, problem]);

  const close = () => {
    // The server writes every row or none, whatever the screen does: the dialog waits for its answer.
    if (running) return;
    setFile(null);
    setFileError(null);
    setProblem(null);
    setStage({ step: "choose" });
    onClose();
  };

  async function runImport() {
    if (!file) return;
    setFileError(null);
    setProblem(null);
    setStage({ step: "running", seen: null });
    // The server writes how far it has got under an id chosen here.
    const progressId = crypto.randomUUID();
    const stop = pollImportProgress(importProgressPath(progressId), (seen) => setStage({ step: "running", seen }));
    try {
      const result = await importProductsFile(store.id, file, progressId);
      stop();
      setFile(null);
      setStage({ step: "done", result });
      await Promise.all(EVERY_MANAGE_LIST.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    } catch (failure) {
      stop();
      const rowErrors = failure instanceof ApiError ? (failure.body.rowErrors as ShopImportRowError[] | undefined) : undefined;
      if (rowErrors) {
        setStage({ step: "errors", errors: rowErrors });
        return;
      }
      setStage({ step: "choose" });
      const messages = failure instanceof ApiError ? Object.values(failure.fieldErrors).flat() : [];
      if (messages.length > 0) setFileError(messages.map((message) => fileErrorText(t, message)).join(" "));
      else if (failure instanceof ApiError && (failure.status === 403 || failure.status === 404)) setProblem(t("shopManage.import.notAllowed"));
      else setProblem(t("notices.fallback"));
    }
  }

  const progress = stage.step === "running" ? progressView(t, stage.seen) : null;
  const chooseLabel =
    stage.step === "errors" ? t("shopManage.import.chooseCorrected") : file ? t("shopManage.import.chooseOther") : t("shopManage.import.choose");

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t("shopManage.import.title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack spacing={1} component="div">
            <Typography variant="body2">{t("shopManage.import.intro")}</Typography>
            <Typography variant="body2">{t("shopManage.import.known")}</Typography>
            <Typography variant="body2">{t("shopManage.import.new")}</Typography>
            <Typography variant="body2">{t("shopManage.import.allOrNone")}</Typography>
          </Stack>
          <Box>
            <Typography variant="body2" id={`${titleId}-columns`} color="text.secondary">
              {t("shopManage.import.columns")}
            </Typography>
            <Box
              component="ul"
              aria-labelledby={`${titleId}-columns`}
              sx={{ m: 0, mt: 0.5, pl: 2.5, columnGap: 4, columns: { xs: 1, sm: 2 }, typography: "body2" }}
            >
              {importColumns(i18n.language).map(({ column, header, required }) => (
                <li key={column}>{required ? t("shopManage.import.columnRequired", { header }) : header}</li>
              ))}
            </Box>
          </Box>
          <Box>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label={t("shopManage.import.fileLabel")}
              data-testid="import-file"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                event.target.value = "";
                if (!chosen) return;
                setFile(chosen);
                setFileError(null);
                setProblem(null);
                // A new file after a report or a finished import starts over; the report stays until it is sent.
                if (stage.step === "done") setStage({ step: "choose" });
              }}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: { sm: "center" } }}>
              <Button
                ref={chooseButton}
                variant="outlined"
                startIcon={<UploadFileIcon />}
                disabled={running}
                onClick={() => fileInput.current?.click()}
                aria-describedby={fileError ? `${fileId} ${fileErrorId}` : fileId}
                sx={{ alignSelf: "flex-start" }}
              >
                {chooseLabel}
              </Button>
              <Typography id={fileId} variant="body2" sx={{ overflowWrap: "anywhere" }} color={file ? "text.primary" : "text.secondary"}>
                {file ? file.name : t("shopManage.import.noFile")}
              </Typography>
            </Stack>
            {fileError ? (
              <FormHelperText id={fileErrorId} error>
                {fileError}
              </FormHelperText>
            ) : null}
          </Box>
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          {stage.step !== "choose" ? (
            <Box ref={outcome} tabIndex={-1} sx={{ outline: "none", scrollMarginTop: 8 }}>
              {progress ? <ImportProgressBar label={progress.label} value={progress.value} /> : null}
              {stage.step === "done" ? (
                <Alert severity="success" role="status">
                  <AlertTitle>{t("shopManage.import.doneTitle")}</AlertTitle>
                  {importSummary(t, stage.result)}
                </Alert>
              ) : null}
              {stage.step === "errors" ? <ImportErrorReport title={t("shopManage.import.failed")} errors={reportRows(t, i18n.language, stage.errors)} /> : null}
            </Box>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={running}>
          {stage.step === "done" ? t("shopManage.close") : t("common.cancel")}
        </Button>
        <Button variant="contained" disabled={!file || running} onClick={() => void runImport()}>
          {t("shopManage.import.run")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
