import { SCHEDULE_DAYS, SCHEDULE_EXCEPTIONS_MAX, SCHEDULE_RULES_MAX, type ScheduleInput, type scheduleInputSchema } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Box, Button, Checkbox, FormControlLabel, FormHelperText, IconButton, MenuItem, TextField, Tooltip, Typography } from "@mui/material";
import dayjs from "dayjs";
import { type Control, Controller, type FieldErrors, type UseFormSetValue, useFieldArray, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { DateField } from "../../../lib/components/DateField.tsx";
import { fieldMessage } from "./format.ts";
import { TimeSelect } from "./TimeSelect.tsx";

/** What the schedule form holds, and what it sends once the shared schema has checked it. */
export type ScheduleValues = z.output<typeof scheduleInputSchema>;
type ScheduleControl = Control<ScheduleInput, unknown, ScheduleValues>;

/** Rows: the day (or date) on its own line on phones, the hours and the remove button beside each other. */
const ROW = {
  display: "grid",
  gap: 1.5,
  gridTemplateColumns: { xs: "minmax(0, 1fr) minmax(0, 1fr) auto", sm: "minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto" },
  alignItems: "start",
  "& > :first-child": { gridColumn: { xs: "1 / -1", sm: "auto" } },
} as const;

interface RulesProps {
  control: ScheduleControl;
  errors: FieldErrors<ScheduleInput>;
  setValue: UseFormSetValue<ScheduleInput>;
}

/** A message set on a whole array by the schema ("at least one rule") or the server. */
const arrayMessage = (error: unknown) => {
  const value = error as { message?: string; root?: { message?: string } } | undefined;
  return value?.message ?? value?.root?.message;
};

/** The weekly availability: rows of a day (every day, Monday to Friday, or one weekday) and its hours. */
export function RuleRows({ control, errors }: RulesProps) {
  const { t } = useTranslation();
  const rules = useFieldArray({ control, name: "rules" });
  const message = (text?: string) => fieldMessage(t, text);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t("schedules.rules")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t("schedules.rulesHint")}
      </Typography>
      {rules.fields.map((rule, index) => {
        const rowErrors = errors.rules?.[index];
        return (
          <Box key={rule.id} role="group" aria-label={t("schedules.ruleNumber", { number: index + 1 })} sx={{ ...ROW, mb: 1.5 }}>
            <Controller
              control={control}
              name={`rules.${index}.day`}
              render={({ field }) => (
                <TextField
                  select
                  size="small"
                  label={t("schedules.day")}
                  required
                  {...field}
                  error={!!rowErrors?.day}
                  helperText={message(rowErrors?.day?.message)}
                >
                  {SCHEDULE_DAYS.map((day) => (
                    <MenuItem key={day} value={day}>
                      {t(`schedules.days.${day}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TimeSelect control={control} name={`rules.${index}.start`} label={t("schedules.start")} error={message(rowErrors?.start?.message)} />
            <TimeSelect control={control} name={`rules.${index}.end`} label={t("schedules.end")} error={message(rowErrors?.end?.message)} />
            <Tooltip title={t("schedules.removeRule")}>
              <span>
                <IconButton
                  aria-label={t("schedules.removeRuleNumber", { number: index + 1 })}
                  onClick={() => rules.remove(index)}
                  disabled={rules.fields.length <= 1}
                >
                  <DeleteOutline />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        );
      })}
      {arrayMessage(errors.rules) ? <FormHelperText error>{message(arrayMessage(errors.rules))}</FormHelperText> : null}
      <Button
        startIcon={<AddIcon />}
        onClick={() => rules.append({ day: "week", start: "09:00", end: "17:00" })}
        disabled={rules.fields.length >= SCHEDULE_RULES_MAX}
      >
        {t("schedules.addRule")}
      </Button>
    </Box>
  );
}

/** Dated changes: a day off, or other hours that replace the rules of that day. */
export function ExceptionRows({ control, errors, setValue }: RulesProps) {
  const { t } = useTranslation();
  const exceptions = useFieldArray({ control, name: "exceptions" });
  const values = useWatch({ control, name: "exceptions" }) ?? [];
  const message = (text?: string) => fieldMessage(t, text);
  const today = dayjs().format("YYYY-MM-DD");
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t("schedules.exceptions")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t("schedules.exceptionsHint")}
      </Typography>
      {exceptions.fields.map((exception, index) => {
        const rowErrors = errors.exceptions?.[index];
        const closed = values[index]?.closed ?? false;
        return (
          <Box key={exception.id} role="group" aria-label={t("schedules.exceptionNumber", { number: index + 1 })} sx={{ ...ROW, mb: 1.5 }}>
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
              <Controller
                control={control}
                name={`exceptions.${index}.date`}
                render={({ field }) => (
                  <DateField
                    label={t("schedules.date")}
                    required
                    size="small"
                    value={field.value ?? ""}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    minDate={today}
                    error={!!rowErrors?.date}
                    helperText={message(rowErrors?.date?.message)}
                    sx={{ flex: "1 1 150px" }}
                  />
                )}
              />
              <Controller
                control={control}
                name={`exceptions.${index}.closed`}
                render={({ field }) => (
                  <FormControlLabel
                    label={t("schedules.dayOff")}
                    control={
                      <Checkbox
                        checked={field.value}
                        onChange={(event) => {
                          field.onChange(event.target.checked);
                          setValue(`exceptions.${index}.start`, event.target.checked ? null : "09:00");
                          setValue(`exceptions.${index}.end`, event.target.checked ? null : "17:00");
                        }}
                      />
                    }
                  />
                )}
              />
            </Box>
            {closed ? (
              <Typography variant="body2" color="text.secondary" sx={{ gridColumn: "span 2", alignSelf: "center" }}>
                {t("schedules.closedAllDay")}
              </Typography>
            ) : (
              <>
                <TimeSelect control={control} name={`exceptions.${index}.start`} label={t("schedules.start")} error={message(rowErrors?.start?.message)} />
                <TimeSelect control={control} name={`exceptions.${index}.end`} label={t("schedules.end")} error={message(rowErrors?.end?.message)} />
              </>
            )}
            <Tooltip title={t("schedules.removeException")}>
              <IconButton aria-label={t("schedules.removeExceptionNumber", { number: index + 1 })} onClick={() => exceptions.remove(index)}>
                <DeleteOutline />
              </IconButton>
            </Tooltip>
          </Box>
        );
      })}
      {arrayMessage(errors.exceptions) ? <FormHelperText error>{message(arrayMessage(errors.exceptions))}</FormHelperText> : null}
      <Button
        startIcon={<AddIcon />}
        onClick={() => exceptions.append({ date: "", closed: true, start: null, end: null })}
        disabled={exceptions.fields.length >= SCHEDULE_EXCEPTIONS_MAX}
      >
        {t("schedules.addException")}
      </Button>
    </Box>
  );
}
