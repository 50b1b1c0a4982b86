import { CRM_IMPORT_MAX_ROWS, type CrmImportPreview, type CrmImportRowError, type CrmList, type ImportProgress } from "@clinic/shared";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useMediaQuery, useTheme } from "@mui/material";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { ImportErrorReport } from "../../../lib/components/ImportErrorReport.tsx";
import { ImportProgressBar } from "../../../lib/components/ImportProgressBar.tsx";
import { type PickerOption, SearchPicker } from "../../../lib/components/SearchPicker.tsx";
import { pollImportProgress } from "../../../lib/import-progress.ts";
import { useNotices } from "../../../lib/notices.tsx";
import { useSignedIn } from "../../../lib/session.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";
import { CrmImportMapping } from "./CrmImportMapping.tsx";
import {
  cleanMapping,
  crmImportProgressPath,
  fileErrorText,
  importFile,
  type Mapping,
  mappingProblem,
  previewFile,
  progressView,
  reportRows,
} from "./import-api.ts";

type Stage =
  | { step: "choose" }
  | { step: "sending"; sent: number; seen: ImportProgress | null }
  | { step: "map" }
  | { step: "errors"; errors: CrmImportRowError[] };

/**
 * Clients from a CSV or XLSX file (issue 36.6), for the CRM admin: choose the file, map its
 * columns onto the client fields with a preview of the first rows, optionally a list to add
 * them to, import. The server writes every row or none: a refused file shows the row-by-row
 * report (downloadable) and takes a corrected one, keeping the mapping when its headers match.
 */
export function ClientsImportDialog(props: { open: boolean; onClose(): void; onImported(count: number): void }) {
  const { t, i18n } = useTranslation();
  const session = useSignedIn();
  const notices = useNotices();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down("sm"));
  const titleId = useId();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const [clinic, setClinic] = useState<PickerOption | null>(null);
  const [list, setList] = useState<PickerOption | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CrmImportPreview | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [stage, setStage] = useState<Stage>({ step: "choose" });
  const [problem, setProblem] = useState<string | null>(null);
  const clinicId = session.isAdmin ? (clinic?.id ?? null) : null;
  const sending = stage.step === "sending";

  // The bar or the report comes below the mapping: on a phone, out of sight. Focus follows it.
  useEffect(() => {
    if (stage.step !== "sending" && stage.step !== "errors") return;
    outcome.current?.focus({ preventScroll: true });
    outcome.current?.scrollIntoView?.({ block: "nearest" });
  }, [stage.step]);

  const close = () => {
    // The server writes every row or none, whatever the screen does: the dialog waits for its answer.
    if (sending) return;
    setFile(null);
    setPreview(null);
    setMapping({});
    setList(null);
    setProblem(null);
    setStage({ step: "choose" });
    props.onClose();
  };

  const failureText = (failure: unknown) => {
    const messages = failure instanceof ApiError ? Object.values(failure.fieldErrors).flat() : [];
    if (messages.length > 0) return messages.map((message) => fileErrorText(t, message)).join(" ");
    if (failure instanceof ApiError && failure.status === 403) return t("crmImport.notAllowed");
    if (failure instanceof ApiError && failure.status === 404) return t("crmImport.listGone");
    if (failure instanceof ApiError && failure.status === 409) return t("crmImport.conflict");
    return t("notices.fallback");
  };

  async function readFile(chosen: File) {
    setFile(chosen);
    setProblem(null);
    setStage({ step: "sending", sent: 0, seen: null });
    try {
      const read = await previewFile(chosen, clinicId, (sent) => setStage({ step: "sending", sent, seen: null }));
      const sameHeaders = preview !== null && JSON.stringify(preview.headers) === JSON.stringify(read.headers);
      setPreview(read);
      if (!sameHeaders) setMapping(read.mapping as Mapping);
      setStage({ step: "map" });
    } catch (failure) {
      setProblem(failureText(failure));
      setStage({ step: preview ? "map" : "choose" });
    }
  }

  async function runImport() {
    if (!file) return;
    setProblem(null);
    setStage({ step: "sending", sent: 0, seen: null });
    // The server writes how far it has got under an id chosen here; polled until the answer comes.
    const progressId = crypto.randomUUID();
    let sent = 0;
    const stop = pollImportProgress(crmImportProgressPath(progressId), (seen) => setStage({ step: "sending", sent: 1, seen }));
    try {
      const options = { clinicId, mapping: cleanMapping(mapping), listId: list ? Number(list.id) : null, progressId };
      const result = await importFile(file, options, (fraction) => {
        sent = fraction;
        setStage((current) => (current.step === "sending" && current.seen === null ? { step: "sending", sent, seen: null } : current));
      });
      stop();
      notices.success(`${t("crmImport.done")} (${t("crmImport.count", { count: result.imported })})`);
      props.onImported(result.imported);
      close();
    } catch (failure) {
      stop();
      const rowErrors = failure instanceof ApiError ? (failure.body.rowErrors as CrmImportRowError[] | undefined) : undefined;
      if (rowErrors) {
        setStage({ step: "errors", errors: rowErrors });
        // The §8 text in the user's language, not the server's English.
        notices.failure(t("crmImport.failed"));
        return;
      }
      setProblem(failureText(failure));
      setStage({ step: "map" });
    }
  }

  const blocked = mappingProblem(mapping);
  const progress = stage.step === "sending" ? progressView(t, stage.seen, stage.sent) : null;
  const chooseLabel = stage.step === "errors" ? t("crmImport.chooseCorrected") : file ? t("crmImport.chooseOther") : t("crmImport.choose");
  const listsPath = `/api/crm/lists?rowsPerPage=20${clinicId ? `&clinicId=${encodeURIComponent(clinicId)}` : ""}`;

  return (
    <Dialog open={props.open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{t("crmImport.title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{t("crmImport.intro")}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t("crmImport.allOrNone", { max: CRM_IMPORT_MAX_ROWS.toLocaleString(i18n.language) })}
          </Typography>
          {session.isAdmin ? <ClinicPicker value={clinic} onChange={setClinic} label={t("crmImport.clinic")} required size="small" /> : null}
          <Box>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label={t("crmImport.fileLabel")}
              data-testid="crm-import-file"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                event.target.value = "";
                if (chosen) void readFile(chosen);
              }}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: { sm: "center" } }}>
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                disabled={sending || (session.isAdmin && !clinic)}
                onClick={() => fileInput.current?.click()}
                aria-describedby={fileId}
                sx={{ alignSelf: "flex-start" }}
              >
                {chooseLabel}
              </Button>
              <Typography id={fileId} variant="body2" sx={{ overflowWrap: "anywhere" }} color={file ? "text.primary" : "text.secondary"}>
                {file ? file.name : t("crmImport.noFile")}
              </Typography>
            </Stack>
          </Box>
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          {preview && (stage.step === "map" || stage.step === "errors") ? (
            <>
              <CrmImportMapping preview={preview} mapping={mapping} onChange={setMapping} />
              {blocked ? <Alert severity="warning">{t(`crmImport.mappingProblems.${blocked}`)}</Alert> : null}
              <SearchPicker<CrmList>
                path={listsPath}
                queryKey={["crmImport", "lists", clinicId]}
                toOption={(row) => ({ id: String(row.id), label: row.title })}
                value={list}
                onChange={setList}
                label={t("crmImport.list")}
                noOptionsText={t("crmImport.noLists")}
                size="small"
              />
            </>
          ) : null}
          {progress || stage.step === "errors" ? (
            <Box ref={outcome} tabIndex={-1} sx={{ outline: "none", scrollMarginTop: 8 }}>
              {progress ? <ImportProgressBar label={progress.label} value={progress.value} /> : null}
              {stage.step === "errors" ? <ImportErrorReport title={t("crmImport.failed")} errors={reportRows(t, stage.errors)} /> : null}
            </Box>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={sending}>
          {t("common.cancel")}
        </Button>
        {preview && stage.step === "map" ? (
          <Button variant="contained" disabled={blocked !== null || (session.isAdmin && !clinic)} onClick={() => void runImport()}>
            {t("crmImport.run", { count: preview.totalRows })}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
