import { EXPORT_FORMATS } from "@clinic/shared";
import DownloadIcon from "@mui/icons-material/Download";
import { Button, CircularProgress, Stack } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ExportKind, type ExportProgress, exportUrl, exportWithNotice, formatBytes, progressPercent } from "../exports.ts";
import { useNotices } from "../notices.tsx";

/**
 * A list's export as CSV or XLSX, in the list's current search and filters and the user's
 * language (the server checks the scope exactly as for the list). The file is fetched with its
 * progress in the button, then saved; a §8 notice of `kind` says how it went (lib/exports.ts).
 */
export function ExportButtons(props: { path: string; search: string; filters: Record<string, string | undefined>; label: string; kind: ExportKind }) {
  const { t, i18n } = useTranslation();
  const notices = useNotices();
  const [running, setRunning] = useState<{ format: string; progress: ExportProgress } | null>(null);

  const start = async (format: string) => {
    setRunning({ format, progress: { loaded: 0, total: null } });
    await exportWithNotice(exportUrl(props.path, format, i18n.language, props.search, props.filters), props.kind, `${props.kind}.${format}`, {
      notices,
      t: (key) => i18n.t(key),
      onProgress: (progress) => setRunning({ format, progress }),
    });
    setRunning(null);
  };

  const percent = running ? progressPercent(running.progress) : null;
  const progressText = running
    ? percent !== null
      ? t("exports.running", { percent })
      : t("exports.runningBytes", { size: formatBytes(running.progress.loaded, i18n.language) })
    : "";
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={props.label} aria-busy={running !== null}>
      {EXPORT_FORMATS.map((format) => {
        const mine = running?.format === format;
        return (
          <Button
            key={format}
            size="small"
            variant="outlined"
            disabled={running !== null}
            onClick={() => void start(format)}
            startIcon={
              mine ? (
                <CircularProgress
                  size={16}
                  aria-label={progressText}
                  variant={percent === null ? "indeterminate" : "determinate"}
                  value={percent ?? undefined}
                />
              ) : (
                <DownloadIcon />
              )
            }
          >
            {mine ? progressText : t(`exports.${format}`)}
          </Button>
        );
      })}
    </Stack>
  );
}
