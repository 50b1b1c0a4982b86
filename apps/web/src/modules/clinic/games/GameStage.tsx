import {
  type BuildDefinition,
  DEMONSTRATION_DELAY_MS,
  type GameController,
  type GameTick,
  mountGame,
  type PlayedSession,
  reducedMotionFactor,
} from "@clinic/games/browser";
import PauseRounded from "@mui/icons-material/PauseRounded";
import PlayArrowRounded from "@mui/icons-material/PlayArrowRounded";
import ScreenRotationRounded from "@mui/icons-material/ScreenRotationRounded";
import StopRounded from "@mui/icons-material/StopRounded";
import { Box, Button, Paper, Stack, Typography } from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../lib/i18n.ts";

declare global {
  interface Window {
    /** The game on the page, for the end-to-end tests that play it with real input events. */
    __gameController?: GameController;
    /** The session that ended last on this page, as the runtime recorded it (the timing harness reads its trials). */
    __lastPlayedSession?: PlayedSession;
  }
}

export interface GameStageProps {
  build: BuildDefinition;
  level: number;
  /** The therapist's motion intensity (10–100 %); halved here when the device asks for reduced motion. */
  motionPercent: number;
  durationSeconds: number;
  /** Plays itself: the therapist's demonstration. */
  demo?: boolean;
  onEnd: (played: PlayedSession) => void;
}

const clock = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/**
 * A build at its fixed size, scaled to the space left under a bar whose Stop button is always
 * in reach. The game pauses itself when the tab or the window loses focus; a veil then offers
 * to carry on.
 */
export function GameStage({ build, level, motionPercent, durationSeconds, demo = false, onEnd }: GameStageProps) {
  const { t } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const controller = useRef<GameController | null>(null);
  const [tick, setTick] = useState<GameTick | null>(null);
  const ended = useRef(onEnd);
  ended.current = onEnd;

  const prefersReducedMotion = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  const motion = (motionPercent / 100) * reducedMotionFactor(prefersReducedMotion);

  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    // Unmounting (or React's development double mount) ends the session as stopped: that end is not the player's.
    let unmounting = false;
    const game = mountGame(element, {
      build,
      level,
      motion,
      language: currentLanguage(),
      durationSeconds,
      onTick: setTick,
      onEnd: (played) => {
        if (unmounting) return;
        window.__lastPlayedSession = played;
        ended.current(played);
      },
    });
    controller.current = game;
    window.__gameController = game;
    const demonstration = demo ? demonstrate(game, element) : undefined;
    return () => {
      unmounting = true;
      demonstration?.();
      if (window.__gameController === game) window.__gameController = undefined;
      game.destroy();
    };
  }, [build, level, motion, durationSeconds, demo]);

  const paused = tick?.state === "paused";
  const portraitScreen = usePortraitScreen();
  const wideBuild = build.size.width > build.size.height;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100dvh", bgcolor: "#14202b" }}>
      <Paper square elevation={0} sx={{ px: { xs: 1, sm: 2 }, py: 1, bgcolor: "background.paper" }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Typography component="h1" variant="subtitle1" noWrap sx={{ flex: 1, fontWeight: 600 }}>
            {build.title[currentLanguage()]}
          </Typography>
          <Typography variant="body2" aria-live="off" sx={{ fontVariantNumeric: "tabular-nums" }} data-testid="game-remaining">
            {tick ? t("games.remaining", { time: clock(tick.remainingMs) }) : null}
          </Typography>
          <Button
            size="small"
            startIcon={paused ? <PlayArrowRounded /> : <PauseRounded />}
            onClick={() => (paused ? controller.current?.resume() : controller.current?.pause())}
            disabled={tick?.state === "ended"}
          >
            {paused ? t("games.resume") : t("games.pause")}
          </Button>
          <Button size="small" variant="contained" color="error" startIcon={<StopRounded />} onClick={() => controller.current?.stop()}>
            {t("games.stop")}
          </Button>
        </Stack>
        {portraitScreen && wideBuild ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", mt: 0.5, color: "text.secondary" }}>
            <ScreenRotationRounded fontSize="small" />
            <Typography variant="body2">{t("games.turnSideways")}</Typography>
          </Stack>
        ) : null}
      </Paper>
      <Box sx={{ position: "relative", flex: 1, minHeight: 0 }}>
        <Box ref={stage} sx={{ position: "absolute", inset: 0 }} data-testid="game-stage" />
        {paused ? (
          <Box
            role="dialog"
            aria-modal="true"
            aria-labelledby="game-paused"
            sx={{ position: "absolute", inset: 0, display: "grid", placeItems: "center", bgcolor: "rgba(20, 32, 43, 0.85)" }}
          >
            <Paper sx={{ p: 3, maxWidth: 380, textAlign: "center" }}>
              <Typography id="game-paused" variant="h6" component="h2" gutterBottom>
                {t("games.pausedTitle")}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t("games.pausedHint")}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ justifyContent: "center" }}>
                <Button variant="contained" startIcon={<PlayArrowRounded />} onClick={() => controller.current?.resume()} autoFocus>
                  {t("games.resume")}
                </Button>
                <Button color="error" onClick={() => controller.current?.stop()}>
                  {t("games.stop")}
                </Button>
              </Stack>
            </Paper>
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}

/** True while the screen is taller than wide (a phone held upright); follows rotation. */
function usePortraitScreen(): boolean {
  const [portrait, setPortrait] = useState(() => window.matchMedia("(orientation: portrait)").matches);
  useEffect(() => {
    const query = window.matchMedia("(orientation: portrait)");
    const follow = () => setPortrait(query.matches);
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);
  return portrait;
}

/**
 * Plays the game as an ideal player would, through the same events a patient's keys and
 * touches make: answers after a human delay, follows moving targets at once.
 */
function demonstrate(game: GameController, stage: HTMLElement): () => void {
  let waiting: ReturnType<typeof setTimeout> | undefined;
  const timer = setInterval(() => {
    if (waiting !== undefined || game.state() !== "running") return;
    const input = game.demonstrate();
    if (!input) return;
    const fire = () => {
      waiting = undefined;
      if (input.type === "key") window.dispatchEvent(new KeyboardEvent("keydown", { key: input.key, bubbles: true }));
      else
        stage
          .querySelector("canvas")
          ?.dispatchEvent(new PointerEvent(input.type, { clientX: input.clientX, clientY: input.clientY, isPrimary: true, bubbles: true }));
    };
    if (input.type === "pointermove") fire();
    else waiting = setTimeout(fire, DEMONSTRATION_DELAY_MS);
  }, 20);
  return () => {
    clearInterval(timer);
    clearTimeout(waiting);
  };
}
