import type { AssignedActivityDetail } from "@clinic/shared";
import { Alert, Box, Button, Container, Paper, Stack, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { RichTextView } from "../../../lib/components/RichTextView.tsx";
import { DizzinessScale } from "./DizzinessScale.tsx";
import { useOutboxEntries } from "../../../lib/offline/delivery.ts";

/** What the catalogue's games and uploaded bundles share around the game itself. */

export function PlayFrame({ title, children }: { title?: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title ?? t("games.playTitle")}
        </Typography>
        {children}
      </Paper>
    </Container>
  );
}

/**
 * Before the game: its instructions (`instructions`), the therapist's note, the activity's
 * description, what else the game says (`children`), and how dizzy the patient feels; Start asks
 * for that first.
 */
export function BeforePlay({
  data,
  before,
  onBefore,
  onStart,
  instructions,
  children,
}: {
  data: AssignedActivityDetail;
  before: number | null;
  onBefore: (value: number) => void;
  onStart: () => void;
  instructions?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  return (
    <Stack spacing={2.5}>
      {instructions}
      {data.description ? (
        <Box sx={{ p: 1.5, bgcolor: "action.hover", borderRadius: 1 }}>{t("myActivities.therapistNote", { note: data.description })}</Box>
      ) : null}
      <RichTextView html={data.activity.description} sx={{ color: "text.secondary" }} />
      {children}
      <DizzinessScale
        label={t("games.dizzinessBefore")}
        value={before}
        onChange={onBefore}
        error={asked && before === null ? t("games.dizzinessRequired") : undefined}
      />
      <Box>
        <Button
          variant="contained"
          size="large"
          onClick={() => {
            setAsked(true);
            if (before !== null) onStart();
          }}
        >
          {t("games.start")}
        </Button>
      </Box>
    </Stack>
  );
}

/** The result is safe on this device; it goes to the server as soon as it can be reached. */
export function WaitingForServer({ sessionId, onDelivered, onRefused }: { sessionId: string; onDelivered: () => void; onRefused: (message: string) => void }) {
  const { t } = useTranslation();
  const entries = useOutboxEntries();
  const ours = entries?.find((entry) => entry.key === sessionId);
  const waiting = entries?.filter((entry) => entry.state === "waiting").length ?? 0;
  useEffect(() => {
    // Not read yet (null): nothing is known of it.
    if (!entries) return;
    if (!ours) onDelivered();
    else if (ours.state === "refused") onRefused(ours.refusal?.detail ?? t("games.refusedLater"));
  }, [entries, ours, onDelivered, onRefused, t]);
  return (
    <Alert severity="info" role="status">
      {waiting > 1 ? `${t("games.waiting")} (${waiting})` : t("games.waiting")}
    </Alert>
  );
}
