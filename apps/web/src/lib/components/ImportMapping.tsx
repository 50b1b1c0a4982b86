import type { ImportPreview } from "@clinic/shared";
import { Box, MenuItem, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from "@mui/material";

/** Field → the index of the file's column that fills it. */
export type ColumnMapping<Field extends string> = Partial<Record<Field, number>>;

/** The step's texts, in the caller's words and language. */
export interface ImportMappingTexts {
  /** The heading above the selects (it may name the row count). */
  title: string;
  preview: string;
  noColumn: string;
  /** A column without a header, by its 1-based number. */
  column: (number: number) => string;
}

/**
 * The mapping step of an import (people, CRM clients): one select per field, then the file's
 * first rows as the mapping reads them, so a wrong column shows at once. The preview shows the
 * mapped fields only when `mappedOnly` (a long field list), every field otherwise.
 */
export function ImportMappingStep<Field extends string>(props: {
  fields: readonly Field[];
  required?: readonly Field[];
  preview: ImportPreview;
  mapping: ColumnMapping<Field>;
  onChange: (mapping: ColumnMapping<Field>) => void;
  fieldLabel: (field: Field) => string;
  texts: ImportMappingTexts;
  mappedOnly?: boolean;
}) {
  const { preview, mapping, texts } = props;
  const columnLabel = (index: number) => preview.headers[index] || texts.column(index + 1);
  const shown = props.mappedOnly ? props.fields.filter((field) => mapping[field] !== undefined) : props.fields;
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        {texts.title}
      </Typography>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "repeat(3, 1fr)" } }}>
        {props.fields.map((field) => (
          <TextField
            key={field}
            select
            size="small"
            label={props.fieldLabel(field)}
            required={props.required?.includes(field)}
            value={mapping[field] ?? ""}
            onChange={(event) => {
              const value = event.target.value as number | "";
              props.onChange({ ...mapping, [field]: value === "" ? undefined : Number(value) });
            }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{texts.noColumn}</MenuItem>
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
        {texts.preview}
      </Typography>
      {/* Scrolls on its own: focusable, so keyboard users can scroll it too. */}
      <TableContainer sx={{ maxHeight: 320 }} tabIndex={0} role="region" aria-label={texts.preview}>
        <Table size="small" stickyHeader aria-label={texts.preview}>
          <TableHead>
            <TableRow>
              {shown.map((field) => (
                <TableCell key={field} sx={{ whiteSpace: "nowrap" }}>
                  {props.fieldLabel(field)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no id of their own
              <TableRow key={index}>
                {shown.map((field) => {
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
