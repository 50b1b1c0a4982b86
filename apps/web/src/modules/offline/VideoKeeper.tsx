import CloudOff from "@mui/icons-material/CloudOff";
import DownloadForOffline from "@mui/icons-material/DownloadForOffline";
import { Alert, Button, Chip, Stack } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentOwner, noteDeviceFailure } from "../../lib/offline/device.ts";
import { BudgetExceededError, forgetFile, keepFile } from "../../lib/offline/kept-files.ts";
import { formatSize } from "./sizes.ts";

/** A video hosted elsewhere plays only online: said plainly beside it. */
export function NeedsConnection() {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      icon={<CloudOff />}
      label={t("offline.video.needsConnection")}
      title={t("offline.video.needsConnectionHint")}
      sx={{ alignSelf: "flex-start" }}
    />
  );
}

/**
 * An uploaded video, kept on this device on the patient's request (issue 43), within the videos'
 * budget (Device storage in My profile shows and clears it). `kept`: whether a copy is here now;
 * `onChange`: the copy came or went.
 */
export function VideoKeeper({ url, name, kept, onChange }: { url: string; name: string; kept: boolean; onChange: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const owner = currentOwner();
  if (!owner) return null;
  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await keepFile(owner, url, name, "video");
      onChange();
    } catch (error) {
      if (error instanceof BudgetExceededError) setProblem(t("offline.video.tooBig", { free: formatSize(Math.max(0, error.free)) }));
      else if (noteDeviceFailure(error)) setProblem(t("offline.storageFull"));
      else setProblem(t("offline.video.failed"));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    await forgetFile(owner, url);
    onChange();
  };
  return (
    <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
      {kept ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Chip size="small" color="success" icon={<DownloadForOffline />} label={t("offline.video.kept")} />
          <Button size="small" onClick={() => void remove()}>
            {t("offline.video.remove")}
          </Button>
        </Stack>
      ) : (
        <Button size="small" variant="outlined" startIcon={<DownloadForOffline />} disabled={busy} onClick={() => void download()}>
          {busy ? t("offline.video.downloading") : t("offline.video.download")}
        </Button>
      )}
      {problem ? (
        <Alert severity="warning" role="alert">
          {problem}
        </Alert>
      ) : null}
    </Stack>
  );
}
