import type { BookingProvider } from "@clinic/shared";
import ArrowDownward from "@mui/icons-material/ArrowDownward";
import ArrowUpward from "@mui/icons-material/ArrowUpward";
import Close from "@mui/icons-material/Close";
import { Box, FormHelperText, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { RowButton } from "../../../lib/components/RowButtons.tsx";
import { moved } from "./service-form.ts";

/** The room of a small icon button a row leaves out (the first cannot go up), so the buttons line up. */
const SLOT = { width: 34, flexShrink: 0 };

/**
 * Who gives a service, in order: a client who books "anyone" gets the first one free. Added one
 * at a time, moved up and down, removed; each button names the provider it acts on.
 */
export function ProvidersField({
  value,
  onChange,
  providers,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  providers: readonly BookingProvider[];
  error?: string;
}) {
  const { t } = useTranslation();
  const nameOf = (id: string) => providers.find((provider) => provider.id === id)?.name ?? t("bookingSetup.services.unknownProvider");
  const left = providers.filter((provider) => !value.includes(provider.id));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t("bookingSetup.services.providers")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t("bookingSetup.services.providersHint")}
      </Typography>
      {value.length > 0 ? (
        <Box component="ol" sx={{ m: 0, mb: 1.5, pl: 3 }}>
          {value.map((id, index) => {
            const name = nameOf(id);
            return (
              <li key={id}>
                <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", gap: 1 }}>
                  <Typography sx={{ overflowWrap: "anywhere" }}>{name}</Typography>
                  <Stack direction="row" sx={{ flexShrink: 0 }}>
                    {index > 0 ? (
                      <RowButton label={t("bookingSetup.services.moveUp", { name })} onClick={() => onChange(moved(value, index, -1))}>
                        <ArrowUpward fontSize="small" />
                      </RowButton>
                    ) : (
                      <Box sx={SLOT} />
                    )}
                    {index < value.length - 1 ? (
                      <RowButton label={t("bookingSetup.services.moveDown", { name })} onClick={() => onChange(moved(value, index, 1))}>
                        <ArrowDownward fontSize="small" />
                      </RowButton>
                    ) : (
                      <Box sx={SLOT} />
                    )}
                    <RowButton
                      label={t("bookingSetup.services.removeProvider", { name })}
                      onClick={() => onChange(value.filter((one) => one !== id))}
                      color="error"
                    >
                      <Close fontSize="small" />
                    </RowButton>
                  </Stack>
                </Stack>
              </li>
            );
          })}
        </Box>
      ) : null}
      {left.length > 0 ? (
        <TextField
          select
          size="small"
          label={t("bookingSetup.services.addProvider")}
          value=""
          onChange={(event) => onChange([...value, event.target.value])}
          error={!!error}
          sx={{ minWidth: 240 }}
        >
          {left.map((provider) => (
            <MenuItem key={provider.id} value={provider.id}>
              {provider.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Box>
  );
}
