import { ACTIVITY_FILE_TYPES, type ActivityType, type FileRecord, type Paged } from "@clinic/shared";
import { MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useResource } from "../../../lib/resource.ts";
import { fileServes } from "./activity-fields.ts";

/** Picks one of the Files of the activity's type (spec §3: Video, Game, Text); `None` when optional. */
export function ActivityFileField({
  type,
  value,
  onChange,
  label,
  hint,
  error,
}: {
  type: ActivityType;
  value: number | null;
  onChange: (fileId: number | null) => void;
  label: string;
  hint: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const fileType = ACTIVITY_FILE_TYPES[type];
  const { data } = useResource<Paged<FileRecord>>(["files", fileType], `/api/files/?type=${fileType}&rowsPerPage=100`);
  const options = (data?.data ?? []).filter((file) => fileServes(type, file));
  // A chosen file not (yet) among the options shows as none (MUI warns on a value with no option); the form keeps it.
  const known = value === null || options.some((file) => file.id === value);
  return (
    <TextField
      select
      label={label}
      value={known ? (value ?? "") : ""}
      onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
      error={!!error}
      helperText={error ?? hint}
    >
      <MenuItem value="">{t("activities.noFile")}</MenuItem>
      {options.map((file) => (
        <MenuItem key={file.id} value={file.id}>
          {file.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
