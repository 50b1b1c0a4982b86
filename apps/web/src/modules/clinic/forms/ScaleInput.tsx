import type { FormField } from "@clinic/shared";
import { Box, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Slider, Typography } from "@mui/material";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { scalePoints } from "./builder-model.ts";

/** Up to this many unlabelled points show as a row of radios; more (0–100, say) as a slider. */
const RADIO_POINTS_MAX = 11;
const SHORT_LABEL = 6;

/**
 * A scale question: a labelled Likert scale lists its points with their labels; a short numeric
 * scale is a row of radios between its end labels; a long one is a slider that stays unanswered
 * until moved.
 */
export function ScaleInput({
  field,
  value,
  onChange,
  helper,
  error,
  disabled,
}: {
  field: Extract<FormField, { type: "scale" }>;
  value: number | null;
  onChange: (value: number | null) => void;
  helper?: string;
  error: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const helpId = useId();
  const endsId = useId();
  const points = scalePoints(field);
  const likert = field.pointLabels.some((label) => label.trim() !== "");
  const sliding = points.length > 0 && !likert && points.length > RADIO_POINTS_MAX;
  // Short point labels ("0%" … "100%") read best in a row, as numbers do; sentences one under another.
  const inRow = !likert || field.pointLabels.every((label) => label.length <= SHORT_LABEL);
  const describedBy = [helper ? helpId : null, field.minLabel || field.maxLabel ? endsId : null].filter(Boolean).join(" ") || undefined;
  const ends =
    field.minLabel || field.maxLabel ? (
      <Box id={endsId} sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
        <Typography variant="caption" color="text.secondary">
          {field.minLabel ? t("dynamicForms.view.scaleEnd", { value: field.min, label: field.minLabel }) : ""}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: "end" }}>
          {field.maxLabel ? t("dynamicForms.view.scaleEnd", { value: points.at(-1) ?? field.max, label: field.maxLabel }) : ""}
        </Typography>
      </Box>
    ) : null;

  let input: ReactNode;
  if (points.length === 0) {
    input = <Typography color="text.secondary">{t("dynamicForms.view.scaleUnset")}</Typography>;
  } else if (!sliding) {
    input = (
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        row={inRow}
        value={value === null ? "" : String(value)}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {points.map((point, index) => (
          <FormControlLabel
            key={point}
            value={String(point)}
            control={<Radio />}
            label={likert ? field.pointLabels[index] || String(point) : String(point)}
            labelPlacement={inRow ? "bottom" : "end"}
            sx={inRow ? { mx: 0.25 } : undefined}
          />
        ))}
      </RadioGroup>
    );
  } else {
    input = (
      <Box sx={{ px: 1 }}>
        <Slider
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          min={field.min}
          max={points.at(-1) ?? field.max}
          step={field.step}
          value={value ?? field.min}
          onChange={(_, chosen) => onChange(chosen as number)}
          valueLabelDisplay="auto"
          marks={[
            { value: field.min, label: String(field.min) },
            { value: points.at(-1) ?? field.max, label: String(points.at(-1) ?? field.max) },
          ]}
          disabled={disabled}
        />
        <Typography variant="body2" aria-live="polite">
          {value === null ? t("dynamicForms.view.sliderUnanswered") : t("dynamicForms.view.sliderValue", { value })}
        </Typography>
      </Box>
    );
  }

  return (
    <FormControl component="fieldset" required={field.required} error={error} disabled={disabled} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" id={labelId} sx={{ color: "text.primary", fontWeight: 500 }}>
        {field.label}
      </FormLabel>
      {/* The end labels sit under the first and last points, as wide as the row of points. */}
      <Box sx={sliding ? { maxWidth: 560 } : { alignSelf: "flex-start", maxWidth: "100%" }}>
        {input}
        {ends}
      </Box>
      {helper ? <FormHelperText id={helpId}>{helper}</FormHelperText> : null}
    </FormControl>
  );
}
