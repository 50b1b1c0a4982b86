import { IMPORT_FIELDS, IMPORT_REQUIRED_FIELDS, type ImportField, type ImportPreview } from "@clinic/shared";
import { Box, MenuItem, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

/** Field → the index of the file's column that fills it. */
export type Mapping = Partial<Record<ImportField, number>>;

/** One select per field, then the first rows as the mapping reads them. */
export function MappingStep(props: {
  preview: ImportPreview;
  mapping: Mapping;
  onChange: (mapping: Mapping) => void;
  fieldLabel: (field: ImportField) => string;
}) {
  const { t } = useTranslation();
  const { preview, mapping } = props;
  const columnLabel = (index: number) => preview.headers[index] || t("people.import.column", { number: index + 1 });
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        {t("people.import.mapping", { count: preview.totalRows })}
      </Typography>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "repeat(3, 1fr)" } }}>
        {IMPORT_FIELDS.map((field) => (
          <TextField
            key={field}
            select
            size="small"
            label={props.fieldLabel(field)}
            required={IMPORT_REQUIRED_FIELDS.includes(field)}
            value={mapping[field] ?? ""}
            onChange={(event) => {
              const value = event.target.value as number | "";
              props.onChange({ ...mapping, [field]: value === "" ? undefined : Number(value) });
            }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t("people.import.noColumn")}</MenuItem>
            {preview.headers.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are known by their position
              <MenuItem key={index} value={index}>
                {columnLabel(index)}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Box>
      <Typography variant="subtitle1" component="h3">
        {t("people.import.preview")}
      </Typography>
      {/* Scrolls on its own: focusable, so keyboard users can scroll it too. */}
      <TableContainer sx={{ maxHeight: 320 }} tabIndex={0} role="region" aria-label={t("people.import.preview")}>
        <Table size="small" stickyHeader aria-label={t("people.import.preview")}>
          <TableHead>
            <TableRow>
              {IMPORT_FIELDS.map((field) => (
                <TableCell key={field}>{props.fieldLabel(field)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no id of their own
              <TableRow key={index}>
                {IMPORT_FIELDS.map((field) => {
                  const column = mapping[field];
                  return <TableCell key={field}>{column === undefined ? "—" : (row[column] ?? "")}</TableCell>;
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
