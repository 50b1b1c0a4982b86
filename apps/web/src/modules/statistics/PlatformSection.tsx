import type { PlatformTable } from "@clinic/shared";
import { Box, Card, CardContent, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { type ReactNode, Suspense, useId } from "react";
import { useTranslation } from "react-i18next";
import { ExportButtons } from "../people/ExportButtons.tsx";
import { exportFilters, PLATFORM_EXPORT_PATH, type PlatformFilters } from "./api.ts";

export interface SectionColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/**
 * One figure of the statistics app: its title, its CSV/XLSX downloads, a chart when it has one
 * (an image whose words are `summary`, described by the table below for screen readers) and the
 * table of the same figures, which is also what the export holds.
 */
export function PlatformSection<Row>(props: {
  title: string;
  table: PlatformTable;
  filters: PlatformFilters;
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: SectionColumn<Row>[];
  empty: string;
  chart?: ReactNode;
  summary?: string;
  /** Long tables (every day of the range) scroll inside their card. */
  scroll?: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const tableId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {props.title}
          </Typography>
          <ExportButtons
            path={PLATFORM_EXPORT_PATH}
            search=""
            filters={exportFilters(props.filters, props.table)}
            label={t("statisticsApp.exportOf", { table: props.title })}
          />
        </Stack>
        {props.rows.length === 0 ? (
          <Typography color="text.secondary">{props.empty}</Typography>
        ) : (
          <>
            {props.chart ? (
              <Box role="img" aria-label={props.summary} aria-describedby={tableId} sx={{ mb: 2 }}>
                <Suspense fallback={<Skeleton variant="rounded" height={260} />}>{props.chart}</Suspense>
              </Box>
            ) : null}
            <Box
              sx={{ overflowX: "auto", ...(props.scroll ? { maxHeight: 320, overflowY: "auto" } : {}) }}
              // Every table may scroll (sideways on a phone): a stop for the keyboard, named apart from its section.
              tabIndex={0}
              role="region"
              aria-label={t("statisticsApp.tableOf", { table: props.title })}
            >
              <Table size="small" id={tableId} stickyHeader={props.scroll}>
                <caption style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}>{props.title}</caption>
                <TableHead>
                  <TableRow>
                    {props.columns.map((column) => (
                      <TableCell key={column.header} align={column.numeric ? "right" : "left"}>
                        {column.header}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {props.rows.map((row) => (
                    <TableRow key={props.rowKey(row)}>
                      {props.columns.map((column, index) => (
                        <TableCell
                          key={column.header}
                          align={column.numeric ? "right" : "left"}
                          component={index === 0 ? "th" : "td"}
                          scope={index === 0 ? "row" : undefined}
                        >
                          {column.cell(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
