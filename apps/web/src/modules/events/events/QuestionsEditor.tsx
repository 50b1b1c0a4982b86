import { EVENT_LIMITS, EVENT_QUESTION_KINDS } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import {
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { Controller, type UseFormReturn, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { EditorSection, type FieldText } from "./EditorSection.tsx";
import { type EventFormValues, newQuestionRow } from "./event-form.ts";

/**
 * The registration form's own questions, besides name and email: a label in both languages, a
 * kind (free text, one of several options, a yes/no box) and whether it must be answered. A
 * choice's options are typed one a line. Answers are kept by the question's id, so a label
 * changed later still shows beside the answers given before.
 */
export function QuestionsEditor({ form, text }: { form: UseFormReturn<EventFormValues>; text: FieldText }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "questions", keyName: "key" });
  const kinds = form.watch("questions").map((question) => question.kind);
  const listError = text("questions");
  return (
    <EditorSection title={t("events.questions.title")} hint={t("events.questions.hint")}>
      {fields.length === 0 ? <Typography color="text.secondary">{t("events.questions.none")}</Typography> : null}
      {fields.map((field, index) => {
        const row = index + 1;
        const at = (column: string) => `questions.${index}.${column}` as const;
        return (
          <Card key={field.key} variant="outlined" component="section" aria-label={t("events.questions.row", { row })}>
            <CardContent>
              <Stack spacing={2}>
                <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
                  <Typography variant="subtitle2" component="h3">
                    {t("events.questions.row", { row })}
                  </Typography>
                  <Tooltip title={t("events.questions.remove", { row })}>
                    <IconButton aria-label={t("events.questions.remove", { row })} onClick={() => remove(index)} size="small">
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
                <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                  <TextField
                    label={t("events.fields.questionEn")}
                    required
                    fullWidth
                    {...form.register(`questions.${index}.label.en`)}
                    error={!!text(at("label.en"))}
                    helperText={text(at("label.en"))}
                    slotProps={{ htmlInput: { maxLength: EVENT_LIMITS.questionLabel } }}
                  />
                  <TextField
                    label={t("events.fields.questionEs")}
                    required
                    fullWidth
                    {...form.register(`questions.${index}.label.es`)}
                    error={!!text(at("label.es"))}
                    helperText={text(at("label.es"))}
                    slotProps={{ htmlInput: { maxLength: EVENT_LIMITS.questionLabel } }}
                  />
                </Stack>
                <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
                  <Controller
                    control={form.control}
                    name={`questions.${index}.kind`}
                    render={({ field: kind }) => (
                      <TextField select label={t("events.fields.questionKind")} {...kind} sx={{ minWidth: 200 }}>
                        {EVENT_QUESTION_KINDS.map((one) => (
                          <MenuItem key={one} value={one}>
                            {t(`events.questions.kinds.${one}`)}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                  <Controller
                    control={form.control}
                    name={`questions.${index}.required`}
                    render={({ field: required }) => (
                      <FormControlLabel
                        control={<Checkbox checked={required.value} onChange={(event) => required.onChange(event.target.checked)} />}
                        label={t("events.fields.questionRequired")}
                      />
                    )}
                  />
                </Stack>
                {kinds[index] === "choice" ? (
                  <TextField
                    label={t("events.fields.questionOptions")}
                    required
                    multiline
                    minRows={3}
                    fullWidth
                    {...form.register(`questions.${index}.options`)}
                    error={!!text(at("options"))}
                    helperText={text(at("options")) ?? t("events.questions.optionsHint")}
                  />
                ) : null}
              </Stack>
            </CardContent>
          </Card>
        );
      })}
      {listError ? (
        <FormHelperText error role="alert">
          {listError}
        </FormHelperText>
      ) : null}
      <div>
        <Button startIcon={<AddIcon />} onClick={() => append(newQuestionRow())} disabled={fields.length >= EVENT_LIMITS.questions}>
          {t("events.questions.add")}
        </Button>
      </div>
    </EditorSection>
  );
}
