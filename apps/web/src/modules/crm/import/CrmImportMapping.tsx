import { CRM_IMPORT_FIELDS, type CrmImportPreview } from "@clinic/shared";
import { Box, MenuItem, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { Mapping } from "./import-api.ts";

/**
 * The mapping step of the clients import: one select per client field (the server's suggestion
 * chosen), then the file's first rows as the mapping reads them, so a wrong column shows at once.
 */
export function CrmImportMapping(props: { preview: CrmImportPreview; mapping: Mapping; onChange: (mapping: Mapping) => void }) {
  const { t } = useTranslation();
  const { preview, mapping } = props;
  const columnLabel = (index: number) => preview.headers[index] || t("crmImport.column", { number: index + 1 });
  const fieldLabel = (field: string) => t(`crmImport.fields.${field}`);
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        {t("crmImport.mapping", { count: preview.totalRows })}
      </Typography>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "repeat(3, 1fr)" } }}>
        {CRM_IMPORT_FIELDS.map((field) => (
          <TextField
            key={field}
            select
            size="small"
            label={fieldLabel(field)}
            value={mapping[field] ?? ""}
            onChange={(event) => {
              const value = event.target.value as number | "";
              props.onChange({ ...mapping, [field]: value === "" ? undefined : Number(value) });
            }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t("crmImport.noColumn")}</MenuItem>
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
        {t("crmImport.preview")}
      </Typography>
      {/* Scrolls on its own: focusable, so keyboard users can scroll it too. */}
      <TableContainer sx={{ maxHeight: 320 }} tabIndex={0} role="region" aria-label={t("crmImport.preview")}>
        <Table size="small" stickyHeader aria-label={t("crmImport.preview")}>
          <TableHead>
            <TableRow>
              {CRM_IMPORT_FIELDS.filter((field) => mapping[field] !== undefined).map((field) => (
                <TableCell key={field} sx={{ whiteSpace: "nowrap" }}>
                  {fieldLabel(field)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no id of their own
              <TableRow key={index}>
                {CRM_IMPORT_FIELDS.filter((field) => mapping[field] !== undefined).map((field) => (
                  <TableCell key={field}>{row[mapping[field] as number] ?? ""}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
