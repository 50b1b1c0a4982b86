import type { FormAnswers, FormAnswerValue, FormField } from "@clinic/shared";
import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import type { TFunction } from "i18next";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../lib/components/DateField.tsx";
import { ScaleInput } from "./ScaleInput.tsx";
import { answerText } from "./answer-text.ts";

export interface FormViewProps {
  fields: FormField[];
  answers: FormAnswers;
  /** Absent (or `readOnly`): the answers are shown as text, as a submitted form reads. */
  onChange?: (key: string, value: FormAnswerValue) => void;
  /** Translated messages by question key. */
  errors?: Record<string, string>;
  readOnly?: boolean;
  disabled?: boolean;
}

/**
 * A form version's questions as the patient sees them: the builder's preview, the answer screen,
 * and (read-only) a submitted form's answers. Sections are headings; every question has its
 * label, help, required mark and error tied to its input.
 */
export function FormView({ fields, answers, onChange, errors = {}, readOnly = false, disabled = false }: FormViewProps) {
  const { t } = useTranslation();
  const editable = !readOnly && !!onChange;
  return (
    <Stack spacing={3}>
      {fields.map((shown, index) => {
        // The builder's preview shows questions and choices before they have their words.
        const field = labelled(shown, index, t);
        if (field.type === "section") {
          return (
            <Box key={field.key} sx={{ pt: 1 }}>
              <Typography variant="h6" component="h3">
                {field.label}
              </Typography>
              {field.help ? <Typography color="text.secondary">{field.help}</Typography> : null}
            </Box>
          );
        }
        if (!editable) return <ReadOnlyAnswer key={field.key} field={field} value={answers[field.key]} />;
        return (
          <QuestionInput
            key={field.key}
            field={field}
            value={answers[field.key] ?? null}
            onChange={(value) => onChange?.(field.key, value)}
            error={errors[field.key]}
            disabled={disabled}
          />
        );
      })}
      {fields.length === 0 ? <Typography color="text.secondary">{t("dynamicForms.view.noQuestions")}</Typography> : null}
    </Stack>
  );
}

function labelled(field: FormField, index: number, t: TFunction): FormField {
  const label = field.label.trim() ? field.label : t("dynamicForms.builder.questionNumber", { number: index + 1 });
  if (field.type !== "singleChoice" && field.type !== "multipleChoice") return { ...field, label };
  return {
    ...field,
    label,
    options: field.options.map((option, at) =>
      option.label.trim() ? option : { ...option, label: t("dynamicForms.builder.choiceLabel", { number: at + 1 }) },
    ),
  };
}

function ReadOnlyAnswer({ field, value }: { field: FormField; value: FormAnswerValue | undefined }) {
  const { t, i18n } = useTranslation();
  const text = answerText(field, value, { yes: t("common.yes"), no: t("common.no"), language: i18n.language });
  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>{field.label}</Typography>
      <Typography color={text ? "text.primary" : "text.secondary"} sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
        {text || t("dynamicForms.view.unanswered")}
      </Typography>
    </Box>
  );
}

interface QuestionProps {
  field: Exclude<FormField, { type: "section" }>;
  value: FormAnswerValue;
  onChange: (value: FormAnswerValue) => void;
  error?: string;
  disabled: boolean;
}

function QuestionInput({ field, value, onChange, error, disabled }: QuestionProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const helpId = useId();
  const helper = [field.help, error].filter(Boolean).join(" — ") || undefined;
  switch (field.type) {
    case "shortText":
    case "longText":
    case "number":
      return (
        <TextField
          label={field.label}
          required={field.required}
          disabled={disabled}
          multiline={field.type === "longText"}
          minRows={field.type === "longText" ? 3 : undefined}
          type={field.type === "number" ? "number" : "text"}
          value={value === null || value === undefined ? "" : String(value)}
          onChange={(event) => {
            const text = event.target.value;
            if (field.type !== "number") onChange(text);
            else onChange(text === "" || !Number.isFinite(Number(text)) ? null : Number(text));
          }}
          error={!!error}
          helperText={helper}
          slotProps={{
            htmlInput:
              field.type === "number"
                ? { min: field.min ?? undefined, max: field.max ?? undefined, step: field.step ?? "any", inputMode: "decimal" }
                : { maxLength: field.type === "shortText" ? 500 : 5000 },
          }}
          fullWidth
        />
      );
    case "date":
      return (
        <DateField
          label={field.label}
          required={field.required}
          value={typeof value === "string" ? value : ""}
          onChange={(day) => onChange(day || null)}
          error={!!error}
          helperText={helper}
        />
      );
    case "singleChoice":
    case "yesNo": {
      const options =
        field.type === "yesNo"
          ? [
              { value: "yes", label: t("common.yes") },
              { value: "no", label: t("common.no") },
            ]
          : field.options.map((option) => ({ value: option.value, label: option.label }));
      const current = field.type === "yesNo" ? (value === true ? "yes" : value === false ? "no" : "") : typeof value === "string" ? value : "";
      return (
        <FormControl component="fieldset" required={field.required} error={!!error} disabled={disabled} sx={{ minWidth: 0 }}>
          <FormLabel component="legend" id={labelId} sx={{ color: "text.primary", fontWeight: 500 }}>
            {field.label}
          </FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            aria-describedby={helper ? helpId : undefined}
            row={field.type === "yesNo"}
            value={current}
            onChange={(event) => onChange(field.type === "yesNo" ? event.target.value === "yes" : event.target.value)}
          >
            {options.map((option) => (
              <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
            ))}
          </RadioGroup>
          {helper ? <FormHelperText id={helpId}>{helper}</FormHelperText> : null}
        </FormControl>
      );
    }
    case "multipleChoice": {
      const picked = Array.isArray(value) ? value : [];
      return (
        <FormControl component="fieldset" required={field.required} error={!!error} disabled={disabled} sx={{ minWidth: 0 }}>
          <FormLabel component="legend" id={labelId} sx={{ color: "text.primary", fontWeight: 500 }}>
            {field.label}
          </FormLabel>
          <FormGroup aria-labelledby={labelId} aria-describedby={helper ? helpId : undefined}>
            {field.options.map((option) => (
              <FormControlLabel
                key={option.value}
                control={
                  <Checkbox
                    checked={picked.includes(option.value)}
                    onChange={(event) => {
                      // Kept in the choices' order, so a draft reads the same however it was ticked.
                      const next = event.target.checked ? [...picked, option.value] : picked.filter((chosen) => chosen !== option.value);
                      onChange(field.options.map((choice) => choice.value).filter((choice) => next.includes(choice)));
                    }}
                  />
                }
                label={option.label}
              />
            ))}
          </FormGroup>
          {helper ? <FormHelperText id={helpId}>{helper}</FormHelperText> : null}
        </FormControl>
      );
    }
    case "scale":
      return (
        <ScaleInput field={field} value={typeof value === "number" ? value : null} onChange={onChange} helper={helper} error={!!error} disabled={disabled} />
      );
  }
}
