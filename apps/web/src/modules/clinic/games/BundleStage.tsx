import type { BundleResultMessage } from "@clinic/shared";
import CheckRounded from "@mui/icons-material/CheckRounded";
import { Box, Button, Paper, Stack, Typography } from "@mui/material";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { acceptBundleMessage } from "./bundleBridge.ts";

/**
 * The bundle in a frame sandboxed to scripts alone: no same-origin access to the app, no
 * forms, popups or top navigation. It fills the space under the bar, as the catalogue's
 * games do; the bar's Finish ends the session whether or not the bundle reported.
 */
export function BundleStage({ title, src, nonce, onEnd }: { title: string; src: string; nonce: string; onEnd: (message: BundleResultMessage | null) => void }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const ended = useRef(onEnd);
  ended.current = onEnd;
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      const message = acceptBundleMessage(event, frame.current?.contentWindow, nonce);
      if (message) ended.current(message);
    };
    window.addEventListener("message", listen);
    return () => window.removeEventListener("message", listen);
  }, [nonce]);
  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100dvh", bgcolor: "#14202b" }}>
      <Paper square elevation={0} sx={{ px: { xs: 1, sm: 2 }, py: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Typography component="h1" variant="subtitle1" noWrap sx={{ flex: 1, fontWeight: 600 }}>
            {title}
          </Typography>
          <Button size="small" variant="contained" startIcon={<CheckRounded />} onClick={() => ended.current(null)}>
            {t("games.bundle.finish")}
          </Button>
        </Stack>
      </Paper>
      <Box sx={{ position: "relative", flex: 1, minHeight: 0 }}>
        <Box
          component="iframe"
          ref={frame}
          title={t("games.bundle.frameTitle", { name: title })}
          src={src}
          sandbox="allow-scripts"
          referrerPolicy="no-referrer"
          data-testid="bundle-frame"
          sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0, bgcolor: "#fff" }}
        />
      </Box>
    </Box>
  );
}
