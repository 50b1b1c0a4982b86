import { FORM_SCORE_METHODS, type FormField, type FormScoreMethod, isScored, scoreRange } from "@clinic/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Autocomplete, Box, Button, FormHelperText, IconButton, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useId, useRef } from "react";
import { type Control, Controller, type UseFormRegister, useFieldArray, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type BuilderValues, keyMaker } from "../builder-model.ts";
import { NumberSetting } from "./NumberSetting.tsx";

/**
 * How answers are scored: a total (sum or mean of the scored questions) with interpretation
 * bands, and subscales over chosen scored questions. Choices, scale points and yes/no carry the
 * points; this card only groups them.
 */
export function ScoringEditor({
  control,
  register,
  errorOf,
}: {
  control: Control<BuilderValues>;
  register: UseFormRegister<BuilderValues>;
  errorOf: (path: string) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const fields = useWatch({ control, name: "fields" }) as FormField[];
  const total = useWatch({ control, name: "scoring.total" }) as FormScoreMethod | null;
  const subscales = useFieldArray({ control, name: "scoring.subscales" });
  const bands = useFieldArray({ control, name: "scoring.bands" });
  const subscaleKeys = useRef(keyMaker("s", []));
  const scored = fields.filter((field) => isScored(field));
  const labelOf = (key: string) => {
    const index = fields.findIndex((field) => field.key === key);
    const label = fields[index]?.label.trim();
    return index < 0 ? key : `${index + 1}. ${label || key}`;
  };
  const range = total ? scoreRange(scored, total) : null;

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 1 }}>
        {t("dynamicForms.scoring.title")}
      </Typography>
      <Stack spacing={2}>
        <Controller
          control={control}
          name="scoring.total"
          render={({ field }) => (
            <TextField
              select
              size="small"
              label={t("dynamicForms.scoring.total")}
              value={field.value ?? "none"}
              onChange={(event) => field.onChange(event.target.value === "none" ? null : event.target.value)}
              helperText={
                range
                  ? t("dynamicForms.scoring.range", { min: range.min.toLocaleString(i18n.language), max: range.max.toLocaleString(i18n.language) })
                  : t("dynamicForms.scoring.scoredCount", { number: scored.length })
              }
              sx={{ maxWidth: 320 }}
            >
              <MenuItem value="none">{t("dynamicForms.scoring.none")}</MenuItem>
              {FORM_SCORE_METHODS.map((method) => (
                <MenuItem key={method} value={method}>
                  {t(`dynamicForms.scoring.${method}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />

        <Box>
          <Typography variant="subtitle2" component="h3">
            {t("dynamicForms.scoring.subscales")}
          </Typography>
          <Stack spacing={1.5} sx={{ mt: 1 }}>
            {subscales.fields.map((subscale, index) => (
              <Stack key={subscale.id} spacing={1} sx={{ borderLeft: 3, borderColor: "divider", pl: 1.5 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
                  <TextField
                    size="small"
                    label={t("dynamicForms.scoring.subscaleName", { number: index + 1 })}
                    {...register(`scoring.subscales.${index}.name`)}
                    error={!!errorOf(`scoring.subscales.${index}.name`)}
                    helperText={errorOf(`scoring.subscales.${index}.name`)}
                    sx={{ flex: 1, minWidth: 0 }}
                  />
                  <IconButton aria-label={t("dynamicForms.scoring.removeSubscale", { number: index + 1 })} onClick={() => subscales.remove(index)}>
                    <DeleteOutline />
                  </IconButton>
                </Stack>
                <Controller
                  control={control}
                  name={`scoring.subscales.${index}.fields`}
                  render={({ field }) => (
                    <Autocomplete
                      multiple
                      size="small"
                      options={scored.map((question) => question.key)}
                      value={field.value}
                      onChange={(_, keys) => field.onChange(keys)}
                      getOptionLabel={labelOf}
                      noOptionsText={t("dynamicForms.scoring.noScored")}
                      renderInput={(params) => (
                        <TextField
                          {...params}
                          label={t("dynamicForms.scoring.subscaleQuestions", { number: index + 1 })}
                          error={!!errorOf(`scoring.subscales.${index}.fields`)}
                          helperText={errorOf(`scoring.subscales.${index}.fields`) ?? errorOf(`scoring.subscales.${index}.key`)}
                        />
                      )}
                    />
                  )}
                />
              </Stack>
            ))}
          </Stack>
          <Button
            size="small"
            startIcon={<AddIcon />}
            sx={{ mt: 1 }}
            onClick={() => {
              subscaleKeys.current.see(subscales.fields.map((subscale) => subscale.key));
              subscales.append({ key: subscaleKeys.current.next(), name: "", fields: [] });
            }}
          >
            {t("dynamicForms.scoring.addSubscale")}
          </Button>
        </Box>

        <Box>
          <Typography variant="subtitle2" component="h3">
            {t("dynamicForms.scoring.bands")}
          </Typography>
          <FormHelperText sx={{ mt: 0 }}>{t("dynamicForms.scoring.bandsHint")}</FormHelperText>
          {errorOf("scoring.bands") ? <FormHelperText error>{errorOf("scoring.bands")}</FormHelperText> : null}
          <Stack spacing={1} sx={{ mt: 1 }}>
            {bands.fields.map((band, index) => (
              <Stack key={band.id} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
                <NumberSetting
                  control={control}
                  name={`scoring.bands.${index}.from`}
                  label={t("dynamicForms.scoring.bandFrom")}
                  error={errorOf(`scoring.bands.${index}.from`)}
                />
                <TextField
                  size="small"
                  label={t("dynamicForms.scoring.bandLabel", { number: index + 1 })}
                  {...register(`scoring.bands.${index}.label`)}
                  error={!!errorOf(`scoring.bands.${index}.label`)}
                  helperText={errorOf(`scoring.bands.${index}.label`)}
                  sx={{ flex: 1, minWidth: 0 }}
                />
                <IconButton aria-label={t("dynamicForms.scoring.removeBand", { number: index + 1 })} onClick={() => bands.remove(index)}>
                  <DeleteOutline />
                </IconButton>
              </Stack>
            ))}
          </Stack>
          <Button
            size="small"
            startIcon={<AddIcon />}
            sx={{ mt: 1 }}
            disabled={!total}
            onClick={() => bands.append({ from: null as unknown as number, label: "" })}
          >
            {t("dynamicForms.scoring.addBand")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
