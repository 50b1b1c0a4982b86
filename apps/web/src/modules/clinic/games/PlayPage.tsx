import { buildById, type PlayedSession } from "@clinic/games/browser";
import type { AssignedActivityDetail } from "@clinic/shared";
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useResource } from "../../../lib/resource.ts";
import { ASSIGNMENTS_KEY, assignmentKey, assignmentPath } from "../assign/activity/api.ts";
import { BundlePlay } from "./BundlePlay.tsx";
import { DizzinessScale } from "./DizzinessScale.tsx";
import { BeforePlay, PlayFrame, WaitingForServer } from "./PlayParts.tsx";
import { GameStage } from "./GameStage.tsx";
import { SessionFigures } from "./SessionFigures.tsx";
import { refusalMessage, sendGameResult } from "./outbox.ts";

type Step =
  | { name: "intro" }
  | { name: "playing" }
  /** `sessionId` is drawn once per played session, so a second click on Save resends the same session. */
  | { name: "after"; played: PlayedSession; sessionId: string; sending: boolean }
  | { name: "sent"; played: PlayedSession }
  | { name: "waiting"; played: PlayedSession }
  | { name: "refused"; played: PlayedSession; message: string };

const HOME = "/manager/patient";

/**
 * A patient plays an assigned game (`/manager/patient/play/{id}`, a page of its own served
 * cross-origin isolated): instructions and how dizzy they feel, the game, how dizzy they feel
 * after, then the session goes to the server through the outbox, which keeps it until the
 * server has it.
 */
export function PlayPage() {
  const { t } = useTranslation();
  const id = Number(useParams().assignmentId);
  const valid = Number.isInteger(id) && id > 0;
  const { data, network } = useResource<AssignedActivityDetail>(assignmentKey(id), valid ? assignmentPath(id) : null, { quiet: true });
  const [step, setStep] = useState<Step>({ name: "intro" });
  const [before, setBefore] = useState<number | null>(null);
  const [after, setAfter] = useState<number | null>(null);
  const [sessionId, setSessionId] = useState("");
  const client = useQueryClient();
  const build = data?.activity.gameBuildId ? buildById(data.activity.gameBuildId) : undefined;

  const send = useCallback(
    async (played: PlayedSession, sessionId: string, dizzinessAfter: number) => {
      setSessionId(sessionId);
      setStep({ name: "after", played, sessionId, sending: true });
      const outcome = await sendGameResult(
        { id, result: {}, game: { ...played, sessionId, dizzinessBefore: before ?? 0, dizzinessAfter } },
        data?.activity.name ?? "",
      ).catch(() => ({ kind: "storageFull" }) as const);
      if (outcome.kind === "delivered") {
        await client.invalidateQueries({ queryKey: [ASSIGNMENTS_KEY] });
        setStep({ name: "sent", played });
      } else if (outcome.kind === "refused") setStep({ name: "refused", played, message: refusalMessage(outcome, t("games.refusedLater")) });
      else if (outcome.kind === "storageFull") setStep({ name: "refused", played, message: t("offline.storageFull") });
      else setStep({ name: "waiting", played });
    },
    [id, before, client, data, t],
  );

  if (!valid || network.error) {
    const gone = !valid || network.status === 404;
    return (
      <PlayFrame>
        <Alert severity={gone ? "warning" : "error"}>{gone ? t("games.notAssigned") : t("games.loadFailed")}</Alert>
      </PlayFrame>
    );
  }
  if (!data) return <PlayFrame>{t("assignActivity.loading")}</PlayFrame>;
  // An uploaded bundle plays in its sandboxed frame, with the same surroundings.
  const bundle = data.activity.type === "game" && !data.activity.gameBuildId && data.activity.file?.type === "Game" ? data.activity.file : null;
  if (bundle) return <BundlePlay data={data} fileId={bundle.id} />;
  if (data.activity.type !== "game" || !build) {
    return (
      <PlayFrame>
        <Alert severity="warning">{t("games.notAGame")}</Alert>
      </PlayFrame>
    );
  }
  const language = currentLanguage();

  if (step.name === "playing") {
    return (
      <GameStage
        build={build}
        level={data.gameLevel ?? build.difficulty.start}
        motionPercent={data.motion}
        durationSeconds={Math.min(build.defaultDurationSeconds, data.duration * 60)}
        onEnd={(played) => setStep({ name: "after", played, sessionId: crypto.randomUUID(), sending: false })}
      />
    );
  }

  if (step.name === "intro") {
    if (data.done) {
      return (
        <PlayFrame title={build.title[language]}>
          <Alert severity="success">{t("games.alreadyDone")}</Alert>
        </PlayFrame>
      );
    }
    return (
      <PlayFrame title={build.title[language]}>
        <BeforePlay
          data={data}
          before={before}
          onBefore={setBefore}
          onStart={() => setStep({ name: "playing" })}
          instructions={<Typography sx={{ whiteSpace: "pre-line" }}>{build.instructions[language]}</Typography>}
        >
          <Typography color="text.secondary">
            {t("games.sessionLength", { minutes: Math.max(1, Math.round(Math.min(build.defaultDurationSeconds, data.duration * 60) / 60)) })}
          </Typography>
        </BeforePlay>
      </PlayFrame>
    );
  }

  if (step.name === "after") {
    return (
      <PlayFrame title={build.title[language]}>
        <Stack spacing={2.5}>
          <Typography>
            {step.played.ended === "completed" ? t("games.finished") : step.played.ended === "timeout" ? t("games.timeUp") : t("games.stopped")}
          </Typography>
          <DizzinessScale label={t("games.dizzinessAfter")} value={after} onChange={setAfter} />
          <Box>
            <Button
              variant="contained"
              size="large"
              disabled={after === null || step.sending}
              onClick={() => after !== null && void send(step.played, step.sessionId, after)}
            >
              {t("games.save")}
            </Button>
          </Box>
        </Stack>
      </PlayFrame>
    );
  }

  return (
    <PlayFrame title={build.title[language]}>
      <Stack spacing={2.5}>
        {step.name === "sent" ? <Alert severity="success">{t("games.saved")}</Alert> : null}
        {step.name === "waiting" ? (
          <WaitingForServer
            sessionId={sessionId}
            onDelivered={() => setStep({ name: "sent", played: step.played })}
            onRefused={(message) => setStep({ name: "refused", played: step.played, message })}
          />
        ) : null}
        {step.name === "refused" ? <Alert severity="error">{t("games.refused", { reason: step.message })}</Alert> : null}
        <SessionFigures build={build} played={step.played} />
        <Box>
          {/* A full page load: the home is not served cross-origin isolated. */}
          <Button variant="contained" href={HOME}>
            {t("games.backHome")}
          </Button>
        </Box>
      </Stack>
    </PlayFrame>
  );
}
