import type { PlatformTable } from "@clinic/shared";
import { TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { ChartFigure, FiguresTable, SectionCard } from "../../lib/components/ChartFigure.tsx";
import { ExportButtons } from "../../lib/components/ExportButtons.tsx";
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
  const tableId = useId();
  return (
    <SectionCard
      title={props.title}
      actions={
        <ExportButtons
          kind="statistics"
          path={PLATFORM_EXPORT_PATH}
          search=""
          filters={exportFilters(props.filters, props.table)}
          label={t("statisticsApp.exportOf", { table: props.title })}
        />
      }
    >
      {props.rows.length === 0 ? (
        <Typography color="text.secondary">{props.empty}</Typography>
      ) : (
        <>
          {props.chart ? (
            <ChartFigure summary={props.summary ?? props.title} tableId={tableId} points={props.rows.length} height={260}>
              {props.chart}
            </ChartFigure>
          ) : null}
          {/* Named apart from its section: the table is a keyboard stop of its own. */}
          <FiguresTable id={tableId} caption={t("statisticsApp.tableOf", { table: props.title })} scrolls={props.scroll ?? false} captionHidden>
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
          </FiguresTable>
        </>
      )}
    </SectionCard>
  );
}
