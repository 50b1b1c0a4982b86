import type { AssignedActivityDetail } from "@clinic/shared";
import { Alert, Box, Button, Container, Paper, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RichTextView } from "../../../lib/components/RichTextView.tsx";
import { DizzinessScale } from "./DizzinessScale.tsx";
import { resultOutbox, useResultDelivery } from "./outbox.ts";

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
  // Called whenever some waiting result left the outbox: ours may be among them.
  const waiting = useResultDelivery(() => {
    if (resultOutbox.pending().some((item) => item.reply.game.sessionId === sessionId)) return;
    if (resultOutbox.refused().some((item) => item.reply.game.sessionId === sessionId)) onRefused(t("games.refusedLater"));
    else onDelivered();
  });
  return (
    <Alert severity="info" role="status">
      {waiting > 1 ? `${t("games.waiting")} (${waiting})` : t("games.waiting")}
    </Alert>
  );
}
