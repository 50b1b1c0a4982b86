import { ASSIGNMENT_NOTE_MAX, type Activity, type AssignedActivity, type AssignedActivityDetail } from "@clinic/shared";
import { Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { RichTextView } from "../../../../lib/components/RichTextView.tsx";
import { useAction, useResource } from "../../../../lib/resource.ts";
import { ActivityPlayer } from "../../activities/ActivityPlayer.tsx";
import { playPath } from "../../games/paths.ts";
import { act, wasKept } from "../../../../lib/offline/act.ts";
import { ASSIGNMENTS_KEY, assignmentChanges, assignmentKey, assignmentPath } from "./api.ts";

/** The player takes a catalogue activity; an assignment carries only what the patient needs of it. */
function asActivity(detail: AssignedActivityDetail): Activity {
  return {
    ...detail.activity,
    categories: [],
    recommendations: [],
    fileId: null,
    imageUploadId: null,
    clinicId: null,
    editable: false,
    createdAt: detail.createdAt,
    updatedAt: detail.updatedAt,
  };
}

/** One assigned activity, opened: the therapist's note, the activity's text or video, or the way to play its game. */
export function OpenActivityDialog({ row, onClose, onDone }: { row: AssignedActivity; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data } = useResource<AssignedActivityDetail>(assignmentKey(row.id), assignmentPath(row.id));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{row.activity.name}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
          <Chip size="small" variant="outlined" label={t(`activities.types.${row.activity.type}`)} />
          <Chip size="small" variant="outlined" label={t("myActivities.minutes", { count: row.duration })} />
          {row.done ? <Chip size="small" color="success" label={t("myActivities.doneChip")} /> : null}
        </Stack>
        {row.description ? (
          <Box sx={{ mb: 2, p: 1.5, bgcolor: "action.hover", borderRadius: 1 }}>{t("myActivities.therapistNote", { note: row.description })}</Box>
        ) : null}
        {!data ? (
          <Box sx={{ display: "grid", placeItems: "center", minHeight: 120 }}>
            <CircularProgress aria-label={t("assignActivity.loading")} />
          </Box>
        ) : (
          <Stack spacing={2}>
            <RichTextView html={data.activity.description} sx={{ color: "text.secondary" }} />
            {data.activity.imageUrl ? (
              <Box
                component="img"
                src={data.activity.imageUrl}
                alt={data.activity.name}
                sx={{ display: "block", width: "100%", maxWidth: 420, borderRadius: 1 }}
              />
            ) : null}
            <ActivityPlayer activity={asActivity(data)} playHref={row.done ? null : playPath(row.id)} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("myActivities.close")}</Button>
        {row.done || row.activity.type === "game" ? null : (
          <Button variant="contained" onClick={onDone}>
            {t("myActivities.markDone")}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** "I did it": marks the assignment done through replyActivity, with an optional note for the therapist. */
export function MarkDoneDialog({ row, onClose }: { row: AssignedActivity; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [note, setNote] = useState("");
  const reply = useAction(
    () => {
      const result = note.trim() ? { note: note.trim() } : {};
      // Through the device outbox (issue 43): offline, it shows done at once and goes when the network returns.
      return act({ kind: "reply", body: { id: row.id, result } }, row.activity.name, { ...row, done: true, result });
    },
    {
      invalidate: [[ASSIGNMENTS_KEY, row.patientId], assignmentKey(row.id)],
      replaces: (saved) => assignmentChanges([saved]),
      success: (saved) => (wasKept(saved) ? t("offline.savedOnDevice") : t("myActivities.doneNotice")),
      onSuccess: onClose,
    },
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          reply.mutate(undefined);
        }}
      >
        <DialogTitle id={titleId}>{t("myActivities.doneTitle", { name: row.activity.name })}</DialogTitle>
        <DialogContent>
          <TextField
            label={t("myActivities.note")}
            helperText={t("myActivities.noteHint")}
            multiline
            minRows={3}
            fullWidth
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: ASSIGNMENT_NOTE_MAX } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={reply.isPending}>
            {t("myActivities.markDone")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
