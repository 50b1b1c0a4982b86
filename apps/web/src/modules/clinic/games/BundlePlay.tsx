import { type PlayedSession, reducedMotionFactor } from "@clinic/games/browser";
import type { AssignedActivityDetail, BundleAccess, BundleResultMessage } from "@clinic/shared";
import { Alert, Box, Button, Stack, TextField, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useResource } from "../../../lib/resource.ts";
import { ASSIGNMENTS_KEY } from "../assign/activity/api.ts";
import { bundleSession, newBridgeNonce } from "./bundleBridge.ts";
import { BundleStage } from "./BundleStage.tsx";
import { DizzinessScale } from "./DizzinessScale.tsx";
import { BeforePlay, PlayFrame, WaitingForServer } from "./PlayParts.tsx";
import { refusalMessage, sendGameResult } from "./outbox.ts";

type Step =
  | { name: "intro" }
  | { name: "playing"; startedAt: Date; nonce: string }
  | { name: "after"; played: PlayedSession; message: BundleResultMessage | null; sessionId: string; sending: boolean }
  | { name: "sent" }
  | { name: "waiting"; sessionId: string }
  | { name: "refused"; message: string };

const HOME = "/manager/patient";
const NOTE_MAX = 1000;

/**
 * A game of an uploaded bundle (packages/games/BUNDLES.md): the same surroundings as the
 * catalogue's games (dizziness before and after, the outbox), the game itself in a sandboxed
 * frame with scripts only. The bundle reports its result through the bridge; one that reports
 * nothing is marked done by the patient, with a note.
 */
export function BundlePlay({ data, fileId }: { data: AssignedActivityDetail; fileId: number }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ name: "intro" });
  const [before, setBefore] = useState<number | null>(null);
  const [after, setAfter] = useState<number | null>(null);
  const [note, setNote] = useState("");
  const client = useQueryClient();
  const access = useResource<BundleAccess>(["bundle-access", fileId], `/api/files/${fileId}/bundle`, { quiet: true });
  // The therapist's motion intensity, lowered for reduced motion as the catalogue's games do; the bundle reads it from its address.
  const prefersReducedMotion = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  const motion = (data.motion / 100) * reducedMotionFactor(prefersReducedMotion);

  const end = (startedAt: Date, message: BundleResultMessage | null) =>
    setStep({
      name: "after",
      played: bundleSession(fileId, startedAt, new Date(), motion, message),
      message,
      sessionId: crypto.randomUUID(),
      sending: false,
    });

  const save = async (current: Extract<Step, { name: "after" }>, dizzinessAfter: number) => {
    setStep({ ...current, sending: true });
    const trimmed = note.trim();
    const result = {
      ...(current.message ? { score: current.message.score } : {}),
      ...(current.message?.maxScore !== undefined ? { maxScore: current.message.maxScore } : {}),
      ...(trimmed ? { note: trimmed } : {}),
    };
    const outcome = await sendGameResult(
      { id: data.id, result, game: { ...current.played, sessionId: current.sessionId, dizzinessBefore: before ?? 0, dizzinessAfter } },
      data.activity.name,
    ).catch(() => ({ kind: "storageFull" }) as const);
    if (outcome.kind === "delivered") {
      await client.invalidateQueries({ queryKey: [ASSIGNMENTS_KEY] });
      setStep({ name: "sent" });
    } else if (outcome.kind === "refused") setStep({ name: "refused", message: refusalMessage(outcome, t("games.refusedLater")) });
    else if (outcome.kind === "storageFull") setStep({ name: "refused", message: t("offline.storageFull") });
    else setStep({ name: "waiting", sessionId: current.sessionId });
  };

  if (step.name === "playing") {
    if (!access.data)
      return (
        <PlayFrame title={data.activity.name}>
          {access.network.error ? <Alert severity="error">{t("games.bundle.unavailable")}</Alert> : t("assignActivity.loading")}
        </PlayFrame>
      );
    const address = `${access.data.url}#${new URLSearchParams({ nonce: step.nonce, motion: motion.toFixed(2), lang: currentLanguage() })}`;
    return <BundleStage title={data.activity.name} src={address} nonce={step.nonce} onEnd={(message) => end(step.startedAt, message)} />;
  }

  if (step.name === "intro") {
    if (data.done) {
      return (
        <PlayFrame title={data.activity.name}>
          <Alert severity="success">{t("games.alreadyDone")}</Alert>
        </PlayFrame>
      );
    }
    return (
      <PlayFrame title={data.activity.name}>
        <BeforePlay
          data={data}
          before={before}
          onBefore={setBefore}
          onStart={() => setStep({ name: "playing", startedAt: new Date(), nonce: newBridgeNonce() })}
        >
          <Typography color="text.secondary">{t("games.bundle.intro")}</Typography>
        </BeforePlay>
      </PlayFrame>
    );
  }

  if (step.name === "after") {
    return (
      <PlayFrame title={data.activity.name}>
        <Stack spacing={2.5}>
          {step.message ? (
            <Alert severity="success" data-testid="bundle-score">
              {t("games.bundle.reported", { score: step.message.score })}
            </Alert>
          ) : (
            <Typography>{t("games.bundle.noReport")}</Typography>
          )}
          <DizzinessScale label={t("games.dizzinessAfter")} value={after} onChange={setAfter} />
          <TextField
            label={t("games.bundle.note")}
            helperText={t("games.bundle.noteHint")}
            value={note}
            onChange={(event) => setNote(event.target.value.slice(0, NOTE_MAX))}
            multiline
            minRows={2}
          />
          <Box>
            <Button variant="contained" size="large" disabled={after === null || step.sending} onClick={() => after !== null && void save(step, after)}>
              {t("games.save")}
            </Button>
          </Box>
        </Stack>
      </PlayFrame>
    );
  }

  return (
    <PlayFrame title={data.activity.name}>
      <Stack spacing={2.5}>
        {step.name === "sent" ? <Alert severity="success">{t("games.saved")}</Alert> : null}
        {step.name === "waiting" ? (
          <WaitingForServer
            sessionId={step.sessionId}
            onDelivered={() => setStep({ name: "sent" })}
            onRefused={(message) => setStep({ name: "refused", message })}
          />
        ) : null}
        {step.name === "refused" ? <Alert severity="error">{t("games.refused", { reason: step.message })}</Alert> : null}
        <Box>
          <Button variant="contained" href={HOME}>
            {t("games.backHome")}
          </Button>
        </Box>
      </Stack>
    </PlayFrame>
  );
}
