import { Alert, Box } from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CameraProblem, cameraProblemOf, SCAN_INTERVAL_MS } from "./check-in.ts";

/** The decoder's longest side: a phone's full-resolution frame is slow to read and no easier. */
const MAX_SIDE = 640;

/**
 * The phone's back camera in the page, read for QR codes about five times a second (jsqr, loaded
 * with the first scan). Each code read goes to `onCode`; the caller decides which to send (the
 * same ticket stays in view for a while). While `paused`, frames are not decoded. A camera that
 * is refused, missing or unsupported (an insecure origin) is explained, and the search still works.
 */
export function QrScanner({ onCode, paused, label }: { onCode: (code: string) => void; paused: boolean; label: string }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const latest = useRef({ onCode, paused });
  latest.current = { onCode, paused };

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", { willReadFrequently: true });
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem("unsupported");
        return;
      }
      try {
        const [media, decoder] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
          import("jsqr").then((module) => module.default),
        ]);
        stream = media;
        if (stopped) return;
        const element = video.current;
        if (!element) return;
        element.srcObject = media;
        await element.play().catch(() => undefined);
        timer = setInterval(() => {
          if (latest.current.paused || !context || element.readyState < element.HAVE_ENOUGH_DATA || element.videoWidth === 0) return;
          const scale = Math.min(1, MAX_SIDE / Math.max(element.videoWidth, element.videoHeight));
          canvas.width = Math.round(element.videoWidth * scale);
          canvas.height = Math.round(element.videoHeight * scale);
          context.drawImage(element, 0, 0, canvas.width, canvas.height);
          const frame = context.getImageData(0, 0, canvas.width, canvas.height);
          const code = decoder(frame.data, frame.width, frame.height, { inversionAttempts: "dontInvert" });
          if (code?.data) latest.current.onCode(code.data);
        }, SCAN_INTERVAL_MS);
      } catch (error) {
        if (!stopped) setProblem(cameraProblemOf(error));
      }
    };
    void start();
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  if (problem) return <Alert severity="warning">{t(`events.checkIn.camera.${problem}`)}</Alert>;
  return (
    <Box
      component="video"
      ref={video}
      muted
      playsInline
      aria-label={label}
      sx={{ width: "100%", maxWidth: 480, aspectRatio: "4 / 3", objectFit: "cover", bgcolor: "common.black", borderRadius: 1, display: "block" }}
    />
  );
}
