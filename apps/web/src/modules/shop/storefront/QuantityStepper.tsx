import Add from "@mui/icons-material/Add";
import Remove from "@mui/icons-material/Remove";
import { IconButton, Stack, TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

interface QuantityStepperProps {
  value: number;
  min: number;
  max: number;
  onChange: (quantity: number) => void;
  /** The field's name, said with what it counts ("Quantity of Wobble board"). */
  label: string;
  disabled?: boolean;
}

/**
 * A quantity: − and + buttons around a field a number can be typed in. A typed number is
 * taken when it is whole and within range, once the field is left or Enter pressed.
 */
export function QuantityStepper({ value, min, max, onChange, label, disabled }: QuantityStepperProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const typed = Number(text);
    if (!Number.isInteger(typed)) return setText(String(value));
    const next = Math.min(max, Math.max(min, typed));
    setText(String(next));
    if (next !== value) onChange(next);
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
      <IconButton aria-label={t("shopStore.fewer", { name: label })} onClick={() => onChange(value - 1)} disabled={disabled || value <= min} size="small">
        <Remove fontSize="small" />
      </IconButton>
      <TextField
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value.replace(/\D/g, ""))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            commit();
          }
        }}
        disabled={disabled}
        sx={{ width: 64 }}
        slotProps={{ htmlInput: { inputMode: "numeric", "aria-label": label, style: { textAlign: "center" }, maxLength: 2 } }}
      />
      <IconButton aria-label={t("shopStore.more", { name: label })} onClick={() => onChange(value + 1)} disabled={disabled || value >= max} size="small">
        <Add fontSize="small" />
      </IconButton>
    </Stack>
  );
}
