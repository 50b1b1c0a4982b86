import {
  APPOINTMENT_TYPE_IDS,
  BOOKING_LIMITS,
  BOOKING_STEP_MINUTES,
  type BookingSettings,
  type BookingSettingsInput,
  bookingSettingsInputSchema,
} from "@clinic/shared";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { zodResolver } from "../../../lib/zod-resolver.ts";
import { saveSettings } from "./api.ts";
import { placeUnder, useDialogSave, useFieldText } from "./dialog-save.ts";

type SettingsValues = z.output<typeof bookingSettingsInputSchema>;
const FIELDS = [
  "windowDays",
  "minNoticeMinutes",
  "cancelWindowHours",
  "stepMinutes",
  "bufferBeforeMinutes",
  "bufferAfterMinutes",
  "appointmentTypes",
  "pageTexts",
];

/** The settings as the form holds them: the API's answer without what is not the clinic's to set. */
export function settingsValues(settings: BookingSettings): BookingSettingsInput {
  const { clinicId: _clinic, currency: _currency, ...values } = settings;
  return {
    ...values,
    stepMinutes: values.stepMinutes as BookingSettingsInput["stepMinutes"],
    appointmentTypes: values.appointmentTypes as BookingSettingsInput["appointmentTypes"],
  };
}

type NumberName = "windowDays" | "minNoticeMinutes" | "cancelWindowHours" | "bufferBeforeMinutes" | "bufferAfterMinutes";

/** The clinic's booking rules and its public page's texts, saved together. Read-only to those who may not change them. */
export function SettingsForm({ clinicId, settings, canChange }: { clinicId: string | null; settings: BookingSettings; canChange: boolean }) {
  const { t } = useTranslation();
  const form = useForm<BookingSettingsInput, unknown, SettingsValues>({
    resolver: zodResolver(bookingSettingsInputSchema),
    defaultValues: settingsValues(settings),
  });
  const { reset } = form;
  // A save (or another clinic chosen) brings new settings: the form shows them.
  useEffect(() => reset(settingsValues(settings)), [settings, reset]);
  const [saved, setSaved] = useState(0);
  const saving = useDialogSave((input: SettingsValues) => saveSettings(clinicId, input), {
    form,
    place: placeUnder(FIELDS),
    session: saved,
    success: () => t("bookingSetup.config.saved"),
    onSaved: () => setSaved((count) => count + 1),
  });
  const text = useFieldText(form);
  const number = (name: NumberName, label: string, hint: string, unit: string) => (
    <TextField
      type="number"
      label={label}
      required
      {...form.register(name, { valueAsNumber: true })}
      error={!!text(name)}
      helperText={text(name) ?? hint}
      slotProps={{
        htmlInput: { min: 0, step: 1, readOnly: !canChange },
        input: {
          endAdornment: (
            <Box component="span" sx={{ color: "text.secondary", ml: 1 }}>
              {unit}
            </Box>
          ),
        },
      }}
      sx={{ flex: 1, minWidth: 0 }}
    />
  );
  const pageText = (language: "en" | "es") => (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, flex: 1 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t(`bookingSetup.config.pageIn.${language}`)}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label={t("bookingSetup.config.pageTitle")}
          {...form.register(`pageTexts.${language}.title`)}
          error={!!text(`pageTexts.${language}.title`)}
          helperText={text(`pageTexts.${language}.title`) ?? t("bookingSetup.config.pageTitleHint")}
          slotProps={{ htmlInput: { maxLength: 120, readOnly: !canChange, lang: language } }}
        />
        <TextField
          label={t("bookingSetup.config.pageIntro")}
          multiline
          minRows={3}
          {...form.register(`pageTexts.${language}.intro`)}
          error={!!text(`pageTexts.${language}.intro`)}
          helperText={text(`pageTexts.${language}.intro`) ?? t("bookingSetup.config.pageIntroHint")}
          slotProps={{ htmlInput: { maxLength: BOOKING_LIMITS.pageIntroMax, readOnly: !canChange, lang: language } }}
        />
      </Stack>
    </Box>
  );
  const row = { direction: { xs: "column", md: "row" }, spacing: 2 } as const;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="booking-settings-heading">
      <form noValidate onSubmit={form.handleSubmit((values) => saving.save(values))}>
        <Stack spacing={2.5}>
          <div>
            <Typography id="booking-settings-heading" component="h2" variant="h6">
              {t("bookingSetup.config.rulesTitle")}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t("bookingSetup.config.rulesIntro")}
            </Typography>
          </div>
          {saving.problem ? <Alert severity="error">{saving.problem}</Alert> : null}
          <Stack {...row}>
            {number(
              "windowDays",
              t("bookingSetup.config.windowDays"),
              t("bookingSetup.config.windowDaysHint", { max: BOOKING_LIMITS.windowDaysMax }),
              t("bookingSetup.units.days"),
            )}
            {number(
              "minNoticeMinutes",
              t("bookingSetup.config.minNotice"),
              t("bookingSetup.config.minNoticeHint", { max: BOOKING_LIMITS.noticeMinutesMax }),
              t("bookingSetup.units.minutes"),
            )}
            {number(
              "cancelWindowHours",
              t("bookingSetup.config.cancelWindow"),
              t("bookingSetup.config.cancelWindowHint", { max: BOOKING_LIMITS.cancelHoursMax }),
              t("bookingSetup.units.hours"),
            )}
          </Stack>
          <Stack {...row}>
            <Controller
              control={form.control}
              name="stepMinutes"
              render={({ field }) => (
                <TextField
                  select
                  required
                  label={t("bookingSetup.config.step")}
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  disabled={!canChange}
                  error={!!text("stepMinutes")}
                  helperText={text("stepMinutes") ?? t("bookingSetup.config.stepHint")}
                  sx={{ flex: 1, minWidth: 0 }}
                >
                  {BOOKING_STEP_MINUTES.map((step) => (
                    <MenuItem key={step} value={step}>
                      {t("bookingSetup.units.minutesCount", { count: step })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {number(
              "bufferBeforeMinutes",
              t("bookingSetup.config.bufferBefore"),
              t("bookingSetup.config.bufferHint", { max: BOOKING_LIMITS.bufferMax }),
              t("bookingSetup.units.minutes"),
            )}
            {number(
              "bufferAfterMinutes",
              t("bookingSetup.config.bufferAfter"),
              t("bookingSetup.config.bufferHint", { max: BOOKING_LIMITS.bufferMax }),
              t("bookingSetup.units.minutes"),
            )}
          </Stack>
          <Controller
            control={form.control}
            name="appointmentTypes"
            render={({ field }) => {
              const chosen = (field.value ?? []) as number[];
              const toggle = (type: number) => field.onChange(chosen.includes(type) ? chosen.filter((one) => one !== type) : [...chosen, type]);
              return (
                <FormControl component="fieldset" error={!!text("appointmentTypes")} disabled={!canChange}>
                  <FormLabel component="legend">{t("bookingSetup.config.appointmentTypes")}</FormLabel>
                  <FormGroup row>
                    {APPOINTMENT_TYPE_IDS.map((type) => (
                      <FormControlLabel
                        key={type}
                        control={<Checkbox checked={chosen.includes(type)} onChange={() => toggle(type)} />}
                        label={t(`bookingShared.appointmentTypes.${type}`)}
                      />
                    ))}
                  </FormGroup>
                  <FormHelperText>{text("appointmentTypes") ?? t("bookingSetup.config.appointmentTypesHint")}</FormHelperText>
                </FormControl>
              );
            }}
          />
          <Typography variant="body2" color="text.secondary">
            {t("bookingSetup.config.pageIntroText")}
          </Typography>
          <Stack {...row} spacing={3}>
            {pageText("en")}
            {pageText("es")}
          </Stack>
          {canChange ? (
            <div>
              <Button type="submit" variant="contained" disabled={saving.pending}>
                {t("bookingSetup.config.save")}
              </Button>
            </div>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t("bookingSetup.config.readOnly")}
            </Typography>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
