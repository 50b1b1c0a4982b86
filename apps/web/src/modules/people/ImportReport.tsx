import { guardCell, type ImportField, type ImportRowError } from "@clinic/shared";
import DownloadIcon from "@mui/icons-material/Download";
import { Alert, AlertTitle, Button, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/** A refused row's reason in the user's language (the server's English is for API clients). */
export function rowErrorText(t: TFunction, error: ImportRowError): string {
  if (error.code === "invalid")
    return t(error.field === "language" ? "people.import.errors.language" : `people.import.errors.invalid.${error.field ?? "other"}`);
  if (error.code === "seats") return t(`people.import.errors.seats.${error.params?.kind === "therapist" ? "therapist" : "patient"}`, error.params ?? {});
  return t(`people.import.errors.${error.code}`, error.params ?? {});
}

/** One CSV cell: quoted, and kept from reading as a formula in a spreadsheet. */
const csvCell = (value: string | number) => `"${String(guardCell(value)).replaceAll('"', '""')}"`;

/** The report as a CSV file (with a BOM, so spreadsheets read accents right), in the user's language. */
export function reportCsv(rows: (string | number)[][]): Blob {
  return new Blob([`\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`], { type: "text/csv;charset=utf-8" });
}

/** The rows a refused import names, with a download of the same report. */
export function ImportReport(props: { errors: ImportRowError[]; message: (error: ImportRowError) => string; fieldLabel: (field: ImportField) => string }) {
  const { t } = useTranslation();
  const column = (error: ImportRowError) => (error.field ? props.fieldLabel(error.field) : "—");
  const download = () => {
    const header = [t("people.import.report.row"), t("people.import.report.column"), t("people.import.report.message")];
    const blob = reportCsv([header, ...props.errors.map((error) => [error.row, column(error), props.message(error)])]);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = t("people.import.report.filename");
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Stack spacing={1}>
      <Alert severity="error">
        <AlertTitle>{t("people.import.failed")}</AlertTitle>
        {t("people.import.report.count", { count: props.errors.length })}
      </Alert>
      <TableContainer sx={{ maxHeight: 320 }} tabIndex={0} role="region" aria-label={t("people.import.report.title")}>
        <Table size="small" stickyHeader aria-label={t("people.import.report.title")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("people.import.report.row")}</TableCell>
              <TableCell>{t("people.import.report.column")}</TableCell>
              <TableCell>{t("people.import.report.message")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {props.errors.map((error) => (
              <TableRow key={`${error.row}-${error.field}-${error.code}`}>
                <TableCell>{error.row}</TableCell>
                <TableCell>{column(error)}</TableCell>
                <TableCell>{props.message(error)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <div>
        <Button startIcon={<DownloadIcon />} onClick={download}>
          {t("people.import.report.download")}
        </Button>
      </div>
    </Stack>
  );
}
