import type { FormField } from "@clinic/shared";
import { Box, FormControlLabel, Stack, Switch, TextField, Typography } from "@mui/material";
import { type Control, type UseFormRegister, type UseFormSetValue, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type BuilderValues, scalePoints } from "../builder-model.ts";
import { ChoiceOptions } from "./ChoiceOptions.tsx";
import { NumberSetting } from "./NumberSetting.tsx";

interface TypeSettingsProps {
  index: number;
  control: Control<BuilderValues>;
  register: UseFormRegister<BuilderValues>;
  setValue: UseFormSetValue<BuilderValues>;
  errorOf: (path: string) => string | undefined;
  nextOptionValue: () => string;
}

/** The settings only some question types have: ranges, choices, a scale's labels, yes/no scores. */
export function TypeSettings(props: TypeSettingsProps) {
  const { index, control } = props;
  const { t } = useTranslation();
  const field = useWatch({ control, name: `fields.${index}` }) as FormField | undefined;
  const path = (name: string) => `fields.${index}.${name}` as "fields.0.label";
  if (!field) return null;
  switch (field.type) {
    case "number":
      return (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          {(["min", "max", "step"] as const).map((setting) => (
            <NumberSetting
              key={setting}
              control={control}
              name={path(setting)}
              label={t(`dynamicForms.builder.${setting}`)}
              error={props.errorOf(path(setting))}
            />
          ))}
        </Stack>
      );
    case "singleChoice":
    case "multipleChoice":
      return <ChoiceOptions index={index} control={control} register={props.register} errorOf={props.errorOf} nextValue={props.nextOptionValue} />;
    case "yesNo":
      return (
        <Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
            <NumberSetting control={control} name={path("yesScore")} label={t("dynamicForms.builder.yesScore")} error={props.errorOf(path("yesScore"))} />
            <NumberSetting control={control} name={path("noScore")} label={t("dynamicForms.builder.noScore")} error={props.errorOf(path("noScore"))} />
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t("dynamicForms.builder.scoreHint")}
          </Typography>
        </Box>
      );
    case "scale":
      return <ScaleSettings {...props} field={field} />;
    default:
      return null;
  }
}

function ScaleSettings({ index, control, register, setValue, errorOf, field }: TypeSettingsProps & { field: Extract<FormField, { type: "scale" }> }) {
  const { t } = useTranslation();
  const path = (name: string) => `fields.${index}.${name}` as "fields.0.label";
  const points = scalePoints(field);
  const likert = field.pointLabels.length > 0;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        {(["min", "max", "step"] as const).map((setting) => (
          <NumberSetting
            key={setting}
            integer
            control={control}
            name={path(setting)}
            label={t(`dynamicForms.builder.${setting}`)}
            error={errorOf(path(setting))}
          />
        ))}
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
        <TextField
          size="small"
          label={t("dynamicForms.builder.minLabel")}
          {...register(path("minLabel"))}
          error={!!errorOf(path("minLabel"))}
          helperText={errorOf(path("minLabel"))}
          fullWidth
        />
        <TextField
          size="small"
          label={t("dynamicForms.builder.maxLabel")}
          {...register(path("maxLabel"))}
          error={!!errorOf(path("maxLabel"))}
          helperText={errorOf(path("maxLabel"))}
          fullWidth
        />
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
        <FormControlLabel
          control={<Switch checked={field.scored} onChange={(event) => setValue(path("scored"), event.target.checked as never, { shouldDirty: true })} />}
          label={t("dynamicForms.builder.scaleScored")}
        />
        <FormControlLabel
          control={
            <Switch
              checked={likert}
              disabled={points.length === 0}
              onChange={(event) => setValue(path("pointLabels"), (event.target.checked ? points.map(() => "") : []) as never, { shouldDirty: true })}
            />
          }
          label={t("dynamicForms.builder.pointLabels")}
        />
      </Stack>
      {likert ? (
        <Stack spacing={1}>
          {points.map((point, pointIndex) => (
            <TextField
              key={point}
              size="small"
              label={t("dynamicForms.builder.pointLabel", { value: point })}
              {...register(path(`pointLabels.${pointIndex}`))}
              error={!!errorOf(path(`pointLabels.${pointIndex}`))}
              helperText={errorOf(path(`pointLabels.${pointIndex}`))}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
