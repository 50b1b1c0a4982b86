import type { BookingLocation } from "@clinic/shared";
import { Alert, Button, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";

/**
 * What a screen needs first, said plainly, with the way to the screens that set it up (no
 * location yet → the settings; no service yet → the hours and the equipment first).
 */
export function SetUpFirst({ text, links = [] }: { text: string; links?: { to: string; label: string }[] }) {
  return (
    <Alert severity="info">
      {text}
      {links.length > 0 ? (
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1, mt: 1 }}>
          {links.map((link) => (
            <Button key={link.to} component={RouterLink} to={link.to} variant="outlined" color="inherit" size="small">
              {link.label}
            </Button>
          ))}
        </Stack>
      ) : null}
    </Alert>
  );
}

/** On or off in words, never by colour alone. */
export function ActiveChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={active ? "success" : "default"} label={active ? t("bookingSetup.active") : t("bookingSetup.inactive")} />;
}

/** The location `?location=` names when it is one of `locations`, else the first (the address may be old or shared). */
export function chosenLocation(locations: readonly BookingLocation[], param: string | null): BookingLocation | null {
  return locations.find((location) => String(location.id) === param) ?? locations[0] ?? null;
}

/** The location a screen works on, kept in the address as `?location=` so a reload or a shared link keeps it. */
export function useChosenLocation(locations: readonly BookingLocation[] | undefined) {
  const [params, setParams] = useSearchParams();
  const location = locations ? chosenLocation(locations, params.get("location")) : null;
  const choose = (id: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("location", String(id));
        return next;
      },
      { replace: true },
    );
  return { location, choose };
}

/** A choice of location (shown only when there are several). */
export function LocationSelect({
  locations,
  value,
  onChange,
  label,
}: {
  locations: readonly BookingLocation[];
  value: number;
  onChange: (id: number) => void;
  label: string;
}) {
  if (locations.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={String(value)}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: { sm: 260 }, maxWidth: { sm: 420 } }}
    >
      {locations.map((location) => (
        <MenuItem key={location.id} value={String(location.id)}>
          {location.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A list's heading and what it holds: the page's sections are h2, so a phone's cards (h3) follow in order. */
export function ListHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <div>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {intro}
      </Typography>
    </div>
  );
}
