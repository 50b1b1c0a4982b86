import type { ResolvedForm } from "@clinic/shared";
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../../lib/api.ts";
import { formatDateTime } from "../../../../lib/dates.ts";
import { useNotices } from "../../../../lib/notices.tsx";
import { RESULT_KEY, RESULTS_KEY, reviewResult, SCORE_HISTORY_KEY } from "./api.ts";
import { translateFormMessage } from "../messages.ts";

const NOTE_MAX = 2000;

/**
 * The therapist's review (issue 17): a note and "Mark reviewed" once the patient submitted;
 * afterwards who reviewed it and when, with the note, which stays editable. The server's
 * refusals speak the interface's language (FORM_MESSAGES by key).
 */
export function ReviewCard({ result }: { result: ResolvedForm }) {
  const { t } = useTranslation();
  const headingId = useId();
  const client = useQueryClient();
  const notices = useNotices();
  const reviewed = result.state === "reviewed";
  const [editing, setEditing] = useState(!reviewed);
  const [note, setNote] = useState(result.reviewNote);
  const [error, setError] = useState("");
  const translate = (message: string) => translateFormMessage(message, t);

  const save = useMutation<ResolvedForm, unknown, string>({
    mutationFn: (text) => reviewResult(result.id, text),
    onSuccess: async (saved) => {
      client.setQueryData([RESULT_KEY, result.id], saved);
      setNote(saved.reviewNote);
      setEditing(false);
      setError("");
      notices.success(reviewed ? t("formResults.review.noteSaved") : t("formResults.review.marked"));
      await Promise.all([client.invalidateQueries({ queryKey: [RESULTS_KEY] }), client.invalidateQueries({ queryKey: [SCORE_HISTORY_KEY] })]);
    },
    onError: (failure) => {
      if (!(failure instanceof ApiError)) return notices.error(failure);
      const fieldMessage = failure.fieldErrors.note?.[0];
      if (fieldMessage) setError(translate(fieldMessage));
      const detail = typeof failure.body.detail === "string" ? translate(failure.body.detail) : undefined;
      notices.error(detail ? new ApiError(failure.status, { ...failure.body, detail }) : failure);
    },
  });

  const tooLong = note.length > NOTE_MAX;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1 }}>
          {t("formResults.review.title")}
        </Typography>
        {reviewed && result.reviewedAt ? (
          <Alert severity="success" sx={{ mb: 2 }}>
            {t("formResults.review.reviewedBy", { name: result.reviewedBy?.name ?? t("formResults.someone"), date: formatDateTime(result.reviewedAt) })}
          </Alert>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t("formResults.review.hint")}
          </Typography>
        )}
        {editing ? (
          <Box
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!tooLong) save.mutate(note);
            }}
          >
            <TextField
              label={t("formResults.review.note")}
              value={note}
              onChange={(event) => {
                setNote(event.target.value);
                setError("");
              }}
              multiline
              minRows={3}
              fullWidth
              error={tooLong || error !== ""}
              helperText={tooLong ? t("dynamicForms.messages.tooLong") : error || t("formResults.review.noteHint", { max: NOTE_MAX })}
            />
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              <Button type="submit" variant="contained" disabled={tooLong || save.isPending}>
                {reviewed ? t("formResults.review.saveNote") : t("formResults.review.mark")}
              </Button>
              {reviewed ? (
                <Button
                  onClick={() => {
                    setNote(result.reviewNote);
                    setError("");
                    setEditing(false);
                  }}
                >
                  {t("formResults.review.cancel")}
                </Button>
              ) : null}
            </Stack>
          </Box>
        ) : (
          <>
            <Typography variant="subtitle2" component="p">
              {t("formResults.review.note")}
            </Typography>
            <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", mb: 2 }} color={result.reviewNote ? "text.primary" : "text.secondary"}>
              {result.reviewNote || t("formResults.review.noNote")}
            </Typography>
            <Button variant="outlined" onClick={() => setEditing(true)}>
              {t("formResults.review.editNote")}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
