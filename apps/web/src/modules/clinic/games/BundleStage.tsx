import type { BundleResultMessage } from "@clinic/shared";
import CheckRounded from "@mui/icons-material/CheckRounded";
import { Box, Button, Paper, Stack, Typography } from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { acceptBundleMessage, acceptBundleSize, fitBundle } from "./bundleBridge.ts";

type Size = { width: number; height: number };

/**
 * The bundle in a frame sandboxed to scripts alone: no same-origin access to the app, no
 * forms, popups or top navigation. It fills the space under the bar, or, once it has posted
 * its design size, is scaled whole to that space as the catalogue's games are; the bar's
 * Finish ends the session whether or not the bundle reported.
 */
export function BundleStage({ title, src, nonce, onEnd }: { title: string; src: string; nonce: string; onEnd: (message: BundleResultMessage | null) => void }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const space = useRef<HTMLDivElement>(null);
  const ended = useRef(onEnd);
  ended.current = onEnd;
  const [design, setDesign] = useState<Size | null>(null);
  const [room, setRoom] = useState<Size | null>(null);
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      const own = frame.current?.contentWindow;
      const size = acceptBundleSize(event, own, nonce);
      if (size) setDesign({ width: size.width, height: size.height });
      const message = acceptBundleMessage(event, own, nonce);
      if (message) ended.current(message);
    };
    window.addEventListener("message", listen);
    return () => window.removeEventListener("message", listen);
  }, [nonce]);
  useEffect(() => {
    const element = space.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setRoom({ width: element.clientWidth, height: element.clientHeight }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const fit = design && room ? fitBundle(design, room) : null;
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
      <Box ref={space} sx={{ position: "relative", flex: 1, minHeight: 0, overflow: "hidden" }}>
        <Box
          component="iframe"
          ref={frame}
          title={t("games.bundle.frameTitle", { name: title })}
          src={src}
          sandbox="allow-scripts"
          referrerPolicy="no-referrer"
          data-testid="bundle-frame"
          sx={
            fit && design
              ? {
                  position: "absolute",
                  left: fit.left,
                  top: fit.top,
                  width: design.width,
                  height: design.height,
                  transform: `scale(${fit.scale})`,
                  transformOrigin: "0 0",
                  border: 0,
                  bgcolor: "#fff",
                }
              : { position: "absolute", inset: 0, width: "100%", height: "100%", border: 0, bgcolor: "#fff" }
          }
        />
      </Box>
    </Box>
  );
}
