import { EXPORT_FORMATS } from "@clinic/shared";
import DownloadIcon from "@mui/icons-material/Download";
import { Button, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";

/**
 * Downloads of a people list as CSV or XLSX, in the list's current search and filters and the
 * user's language; the server checks the scope exactly as for the list.
 */
export function ExportButtons(props: { path: string; search: string; filters: Record<string, string | undefined>; label: string }) {
  const { t, i18n } = useTranslation();
  const href = (format: string) => {
    const params = new URLSearchParams({ format, language: i18n.language === "es" ? "es" : "en" });
    if (props.search.trim()) params.set("q", props.search.trim());
    for (const [key, value] of Object.entries(props.filters)) if (value) params.set(key, value);
    return `${props.path}?${params}`;
  };
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={props.label}>
      {EXPORT_FORMATS.map((format) => (
        <Button key={format} size="small" variant="outlined" startIcon={<DownloadIcon />} href={href(format)} download>
          {t(`people.export.${format}`)}
        </Button>
      ))}
    </Stack>
  );
}
