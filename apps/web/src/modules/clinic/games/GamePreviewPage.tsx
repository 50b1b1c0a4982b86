import { buildById, type PlayedSession } from "@clinic/games/browser";
import { Alert, Box, Button, Container, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { currentLanguage } from "../../../lib/i18n.ts";
import { GameStage } from "./GameStage.tsx";
import { MotionSelect } from "./MotionSelect.tsx";
import { SessionFigures } from "./SessionFigures.tsx";
import { BuildFacts } from "./BuildFacts.tsx";

type Mode = { name: "setup" } | { name: "playing"; demo: boolean } | { name: "ended"; played: PlayedSession };

/**
 * A therapist tries a build (`/manager/admin/games/{buildId}`) at any level and motion
 * intensity, or watches it play itself. Nothing is recorded.
 */
export function GamePreviewPage() {
  const { t } = useTranslation();
  const build = buildById(useParams().buildId ?? "");
  const [level, setLevel] = useState(build?.difficulty.start ?? 1);
  const [motion, setMotion] = useState(100);
  const [mode, setMode] = useState<Mode>({ name: "setup" });
  if (!build) {
    return (
      <Container component="main" maxWidth="md" sx={{ py: 4 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {t("games.previewTitle")}
        </Typography>
        <Alert severity="warning">{t("games.unknownBuild")}</Alert>
      </Container>
    );
  }
  const language = currentLanguage();
  if (mode.name === "playing") {
    return (
      <GameStage
        build={build}
        level={level}
        motionPercent={motion}
        durationSeconds={build.defaultDurationSeconds}
        demo={mode.demo}
        onEnd={(played) => setMode({ name: "ended", played })}
      />
    );
  }
  const levels = Array.from({ length: build.difficulty.max - build.difficulty.min + 1 }, (_, index) => build.difficulty.min + index);
  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="overline" color="text.secondary">
          {t("games.previewTitle")}
        </Typography>
        <Typography variant="h5" component="h1" gutterBottom>
          {build.title[language]}
        </Typography>
        <Stack spacing={2.5}>
          <BuildFacts build={build} />
          <Typography sx={{ whiteSpace: "pre-line" }}>{build.instructions[language]}</Typography>
          {mode.name === "ended" ? (
            <>
              <Alert severity="info">{t("games.previewEnded")}</Alert>
              <SessionFigures build={build} played={mode.played} />
            </>
          ) : null}
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <TextField select label={t("games.level")} value={level} onChange={(event) => setLevel(Number(event.target.value))} sx={{ minWidth: 160 }}>
              {levels.map((value) => (
                <MenuItem key={value} value={value}>
                  {value === build.difficulty.start ? t("games.levelStart", { level: value }) : value}
                </MenuItem>
              ))}
            </TextField>
            <MotionSelect label={t("games.motion")} value={motion} onChange={setMotion} />
          </Stack>
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button variant="contained" onClick={() => setMode({ name: "playing", demo: false })}>
              {mode.name === "ended" ? t("games.playAgain") : t("games.tryIt")}
            </Button>
            <Button variant="outlined" onClick={() => setMode({ name: "playing", demo: true })}>
              {t("games.watchDemo")}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Container>
  );
}
