import { type BuildDefinition, CATALOGUE } from "@clinic/games";
import { Autocomplete, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../lib/i18n.ts";

/** Chooses a game build of the catalogue, grouped by family and searched by title. */
export function BuildPicker({
  value,
  onChange,
  error,
  helperText,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  error?: boolean;
  helperText?: string;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const builds = [...CATALOGUE].sort((a, b) => a.family.localeCompare(b.family) || a.title[language].localeCompare(b.title[language], language));
  const chosen = builds.find((build) => build.id === value) ?? null;
  return (
    <Autocomplete<BuildDefinition>
      options={builds}
      value={chosen}
      groupBy={(build) => t(`games.families.${build.family}`)}
      getOptionLabel={(build) => build.title[language]}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onChange={(_, build) => onChange(build?.id ?? null)}
      renderOption={(props, build) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <span style={{ flex: 1 }}>{build.title[language]}</span>
            <span style={{ opacity: 0.7, fontSize: "0.85em", marginLeft: 8 }}>
              {build.size.width} × {build.size.height}
            </span>
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} label={t("activities.gameBuild")} required error={error} helperText={helperText} />}
    />
  );
}
