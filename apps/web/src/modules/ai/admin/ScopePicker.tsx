import type { ClinicRow } from "@clinic/shared";
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PickerOption } from "../../../lib/components/SearchPicker.tsx";
import { useResource } from "../../../lib/resource.ts";
import { CLINICS_KEY } from "../../people/api.ts";
import { ClinicPicker } from "../../people/Pickers.tsx";

/**
 * Whose assistant the screen sets up: the platform's (users of no clinic) or one clinic's,
 * searched by name. `clinicId` comes from the address; after a reload the clinic's name is asked
 * for once (a name picked here is known already).
 */
export function ScopePicker({
  clinicId,
  choosing,
  onChoosing,
  onChange,
}: {
  clinicId: string | null;
  /** "A clinic" is chosen but no clinic yet. */
  choosing: boolean;
  onChoosing: (choosing: boolean) => void;
  onChange: (clinicId: string | null) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const [picked, setPicked] = useState<PickerOption | null>(null);
  const known = picked !== null && picked.id === clinicId;
  const { data } = useResource<ClinicRow>([CLINICS_KEY, "one", clinicId], clinicId && !known ? `/api/clinics/${clinicId}` : null, { quiet: true });
  const value: PickerOption | null = clinicId ? (known ? picked : { id: clinicId, label: data?.name ?? "…" }) : null;
  const kind = clinicId || choosing ? "clinic" : "platform";
  return (
    <Stack direction={{ xs: "column", md: "row" }} spacing={2} useFlexGap sx={{ alignItems: { md: "center" }, flexWrap: "wrap" }}>
      <FormControl>
        <FormLabel id={labelId}>{t("aiAdmin.scope.label")}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={labelId}
          value={kind}
          onChange={(event) => {
            const clinic = event.target.value === "clinic";
            onChoosing(clinic);
            if (!clinic) onChange(null);
          }}
        >
          <FormControlLabel value="platform" control={<Radio />} label={t("aiAdmin.scope.platform")} />
          <FormControlLabel value="clinic" control={<Radio />} label={t("aiAdmin.scope.clinic")} />
        </RadioGroup>
      </FormControl>
      {kind === "clinic" ? (
        <ClinicPicker
          label={t("aiAdmin.scope.chooseClinic")}
          required
          size="small"
          value={value}
          onChange={(clinic) => {
            setPicked(clinic);
            // Emptied: still a clinic's scope, none chosen yet.
            if (!clinic) onChoosing(true);
            onChange(clinic?.id ?? null);
          }}
        />
      ) : null}
    </Stack>
  );
}
