import type { ActivityFile, BundleAccess, BundleResultMessage } from "@clinic/shared";
import PlayArrowRounded from "@mui/icons-material/PlayArrowRounded";
import { Alert, Box, Button, Dialog, Stack } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useResource } from "../../../lib/resource.ts";
import { newBridgeNonce } from "./bundleBridge.ts";
import { BundleStage } from "./BundleStage.tsx";

type Tried = { message: BundleResultMessage | null } | null;

/**
 * Staff try an uploaded game as a patient would see it, in the same scripts-only frame, before
 * assigning it; what it reports is shown here and recorded nowhere.
 */
export function BundleTry({ file }: { file: ActivityFile }) {
  const { t } = useTranslation();
  const [nonce, setNonce] = useState<string | null>(null);
  const [tried, setTried] = useState<Tried>(null);
  return (
    <Stack spacing={1.5}>
      <Box>
        <Button
          variant="outlined"
          startIcon={<PlayArrowRounded />}
          onClick={() => {
            setTried(null);
            setNonce(newBridgeNonce());
          }}
        >
          {t("games.bundle.try")}
        </Button>
      </Box>
      {tried ? (
        <Alert severity="info" role="status">
          {tried.message ? t("games.bundle.tried", { score: tried.message.score }) : t("games.bundle.triedNoReport")}
        </Alert>
      ) : null}
      {nonce ? (
        <Dialog fullScreen open onClose={() => setNonce(null)} aria-label={t("games.bundle.frameTitle", { name: file.name })}>
          <TryStage
            file={file}
            nonce={nonce}
            onEnd={(message) => {
              setTried({ message });
              setNonce(null);
            }}
          />
        </Dialog>
      ) : null}
    </Stack>
  );
}

function TryStage({ file, nonce, onEnd }: { file: ActivityFile; nonce: string; onEnd: (message: BundleResultMessage | null) => void }) {
  const { t } = useTranslation();
  // A fresh address for each try: it expires, and it is the viewer's own.
  const access = useResource<BundleAccess>(["bundle-access", file.id, nonce], `/api/files/${file.id}/bundle`, { quiet: true });
  if (!access.data) {
    return <Box sx={{ p: 3 }}>{access.network.error ? <Alert severity="error">{t("games.bundle.unavailable")}</Alert> : t("assignActivity.loading")}</Box>;
  }
  const address = `${access.data.url}#${new URLSearchParams({ nonce, motion: "1.00", lang: currentLanguage() })}`;
  return <BundleStage title={file.name} src={address} nonce={nonce} onEnd={onEnd} />;
}
