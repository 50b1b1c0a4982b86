import { Box, FormControl, FormHelperText, FormLabel, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";

const POINTS = Array.from({ length: 11 }, (_, value) => value);

/**
 * How dizzy the patient feels, 0 (not at all) to 10 (the worst they can imagine): asked before
 * and after each game, as vestibular therapy follows symptoms session by session.
 */
export function DizzinessScale({ label, value, onChange, error }: { label: string; value: number | null; onChange: (value: number) => void; error?: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const helpId = useId();
  return (
    <FormControl error={!!error} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormLabel id={labelId} component="legend" sx={{ mb: 1, color: "text.primary", fontWeight: 500 }}>
        {label}
      </FormLabel>
      <ToggleButtonGroup
        exclusive
        value={value}
        onChange={(_, chosen: number | null) => chosen !== null && onChange(chosen)}
        aria-labelledby={labelId}
        aria-describedby={helpId}
        sx={{
          display: "grid",
          // Two rows on a phone keep each point a comfortable touch target.
          gridTemplateColumns: { xs: "repeat(6, minmax(0, 1fr))", sm: "repeat(11, minmax(0, 1fr))" },
          gap: 0.5,
          maxWidth: 560,
          "& .MuiToggleButtonGroup-grouped, & .MuiToggleButtonGroup-grouped:not(:first-of-type)": {
            m: 0,
            border: 1,
            borderColor: "divider",
            borderRadius: 1,
          },
        }}
      >
        {POINTS.map((point) => (
          <ToggleButton
            key={point}
            value={point}
            aria-label={t("games.dizzinessPoint", { value: point })}
            sx={{ px: 0, py: 1.25, minHeight: 44, fontWeight: 600 }}
          >
            {point}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box id={helpId} sx={{ display: "flex", justifyContent: "space-between", maxWidth: 560, mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {t("games.dizzinessNone")}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t("games.dizzinessWorst")}
        </Typography>
      </Box>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}
