import { EVENT_LIMITS, EVENT_QUESTION_KINDS } from "@clinic/shared";
import { Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { Controller, type UseFormReturn, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { BilingualTextFields, EditorRowCard, EditorRowsFooter, EditorSection, type FieldText } from "../../../lib/components/EditorSection.tsx";
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
  return (
    <EditorSection title={t("events.questions.title")} hint={t("events.questions.hint")}>
      {fields.length === 0 ? <Typography color="text.secondary">{t("events.questions.none")}</Typography> : null}
      {fields.map((field, index) => {
        const row = index + 1;
        const at = (column: string) => `questions.${index}.${column}` as const;
        return (
          <EditorRowCard
            key={field.key}
            title={t("events.questions.row", { row })}
            removeLabel={t("events.questions.remove", { row })}
            onRemove={() => remove(index)}
          >
            <BilingualTextFields
              labels={{ en: t("events.fields.questionEn"), es: t("events.fields.questionEs") }}
              register={(language) => form.register(`questions.${index}.label.${language}`)}
              errors={{ en: text(at("label.en")), es: text(at("label.es")) }}
              maxLength={EVENT_LIMITS.questionLabel}
            />
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
          </EditorRowCard>
        );
      })}
      <EditorRowsFooter
        error={text("questions")}
        addLabel={t("events.questions.add")}
        onAdd={() => append(newQuestionRow())}
        addDisabled={fields.length >= EVENT_LIMITS.questions}
      />
    </EditorSection>
  );
}
