import { type BookingHours, type BookingHoursInput, SCHEDULE_DAYS, SCHEDULE_RULES_MAX, scheduleRuleSchema } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Box, Button, MenuItem, TextField, Typography } from "@mui/material";
import { useEffect } from "react";
import { Controller, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { RowButton } from "../../../lib/components/RowButtons.tsx";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { TimeSelect } from "../../clinic/appointments/TimeSelect.tsx";
import { putHours } from "./api.ts";
import { placeUnder, useDialogSave, useFieldText } from "./dialog-save.ts";

/** The form checks the rules as the API does; the provider and location come from the row edited. */
const hoursFormSchema = z.object({ rules: z.array(scheduleRuleSchema).max(SCHEDULE_RULES_MAX) });
type HoursValues = z.input<typeof hoursFormSchema>;

/** A row: the day on its own line on phones, the hours and the remove button beside each other. */
const ROW = {
  display: "grid",
  gap: 1.5,
  gridTemplateColumns: { xs: "minmax(0, 1fr) minmax(0, 1fr) auto", sm: "minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto" },
  alignItems: "start",
  "& > :first-of-type": { gridColumn: { xs: "1 / -1", sm: "auto" } },
} as const;

/**
 * A provider's weekly hours at a location: rows of a day (every day, Monday to Friday or one
 * weekday) and its hours, in the location's time zone. No row at all: they keep no hours there.
 */
export function HoursDialog({
  open,
  hours,
  locationId,
  timeZone,
  onClose,
}: {
  open: boolean;
  hours: BookingHours | null;
  locationId: number;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<HoursValues>({ resolver: zodResolver(hoursFormSchema), defaultValues: { rules: [] } });
  const { reset } = form;
  useEffect(() => {
    if (open && hours) reset({ rules: hours.rules.map((rule) => ({ ...rule })) as HoursValues["rules"] });
  }, [open, hours, reset]);
  const rules = useFieldArray({ control: form.control, name: "rules" });
  const saving = useDialogSave((input: BookingHoursInput) => putHours(input), {
    form,
    place: placeUnder(["rules"]),
    session: open && (hours?.provider.id ?? false),
    success: () => t("bookingSetup.hours.saved", { name: hours?.provider.name ?? "" }),
    onSaved: () => onClose(),
  });
  const text = useFieldText(form);
  const name = hours?.provider.name ?? "";
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t("bookingSetup.hours.editTitle", { name })}
      text={t("bookingSetup.hours.dialogText", { timeZone })}
      onSubmit={form.handleSubmit((values) => hours && saving.save({ providerId: hours.provider.id, locationId, rules: values.rules }))}
      pending={saving.pending}
      problem={saving.problem}
      maxWidth="md"
      phoneFullScreen
    >
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
          {t("bookingSetup.hours.weekly")}
        </Typography>
        {rules.fields.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t("bookingSetup.hours.noRules")}
          </Typography>
        ) : null}
        {rules.fields.map((rule, index) => (
          <Box key={rule.id} role="group" aria-label={t("bookingSetup.hours.ruleNumber", { number: index + 1 })} sx={{ ...ROW, mb: 1.5 }}>
            <Controller
              control={form.control}
              name={`rules.${index}.day`}
              render={({ field }) => (
                <TextField
                  select
                  size="small"
                  label={t("bookingSetup.hours.day")}
                  required
                  {...field}
                  error={!!text(`rules.${index}.day`)}
                  helperText={text(`rules.${index}.day`)}
                >
                  {SCHEDULE_DAYS.map((day) => (
                    <MenuItem key={day} value={day}>
                      {t(`bookingSetup.days.${day}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TimeSelect control={form.control} name={`rules.${index}.start`} label={t("bookingSetup.start")} error={text(`rules.${index}.start`)} />
            <TimeSelect control={form.control} name={`rules.${index}.end`} label={t("bookingSetup.end")} error={text(`rules.${index}.end`)} />
            <Box sx={{ pt: 0.5 }}>
              <RowButton label={t("bookingSetup.hours.removeRule", { number: index + 1 })} onClick={() => rules.remove(index)} color="error">
                <DeleteOutline fontSize="small" />
              </RowButton>
            </Box>
          </Box>
        ))}
        <Button
          startIcon={<AddIcon />}
          onClick={() => rules.append({ day: "week", start: "09:00", end: "17:00" })}
          disabled={rules.fields.length >= SCHEDULE_RULES_MAX}
        >
          {t("bookingSetup.hours.addRule")}
        </Button>
      </Box>
    </FormDialog>
  );
}
