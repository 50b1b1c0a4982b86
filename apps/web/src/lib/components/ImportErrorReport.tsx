import { guardCell } from "@clinic/shared";
import DownloadIcon from "@mui/icons-material/Download";
import { Alert, AlertTitle, Button, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";

/** One refused cell of an import, already in the user's language. */
export interface ReportRow {
  /** The row's line in the file (the header row is 1). */
  row: number;
  /** The column's name, or "—" for the row as a whole. */
  column: string;
  message: string;
}

/** One CSV cell: quoted, and kept from reading as a formula in a spreadsheet. */
const csvCell = (value: string | number) => `"${String(guardCell(value)).replaceAll('"', '""')}"`;

/** The report as a CSV file (with a BOM, so spreadsheets read accents right), in the user's language. */
export function reportCsv(rows: (string | number)[][]): Blob {
  return new Blob([`\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`], { type: "text/csv;charset=utf-8" });
}

/**
 * The rows a refused import names (people, products): how many, a table of row, column and
 * reason that scrolls on its own inside a dialog, and a download of the same report.
 */
export function ImportErrorReport(props: { errors: readonly ReportRow[]; title: string }) {
  const { t } = useTranslation();
  const download = () => {
    const header = [t("importReport.row"), t("importReport.column"), t("importReport.message")];
    const blob = reportCsv([header, ...props.errors.map((error) => [error.row, error.column, error.message])]);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = t("importReport.filename");
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Stack spacing={1}>
      <Alert severity="error">
        <AlertTitle>{props.title}</AlertTitle>
        {t("importReport.count", { count: props.errors.length })}
      </Alert>
      <TableContainer sx={{ maxHeight: 320 }} tabIndex={0} role="region" aria-label={t("importReport.title")}>
        <Table
          size="small"
          stickyHeader
          aria-label={t("importReport.title")}
          // On a phone the three columns share 300 px: narrower gutters, and a long word of a reason may break.
          sx={{
            "& .MuiTableCell-root": { px: { xs: 1, sm: 2 } },
            "& .MuiTableCell-root:first-of-type": { whiteSpace: "nowrap" },
            "& .MuiTableCell-body:last-of-type": { overflowWrap: "anywhere" },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t("importReport.row")}</TableCell>
              <TableCell>{t("importReport.column")}</TableCell>
              <TableCell>{t("importReport.message")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {props.errors.map((error, index) => (
              // The same cell can be refused twice (too long, then a formula): the position keeps keys apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the report never reorders
              <TableRow key={index}>
                <TableCell>{error.row}</TableCell>
                <TableCell>{error.column}</TableCell>
                <TableCell>{error.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <div>
        <Button startIcon={<DownloadIcon />} onClick={download}>
          {t("importReport.download")}
        </Button>
      </div>
    </Stack>
  );
}
