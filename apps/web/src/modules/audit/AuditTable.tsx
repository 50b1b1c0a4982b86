import type { AuditRecord } from "@clinic/shared";
import { Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListLoading, ListPagination } from "../../lib/components/ListPagination.tsx";
import { formatDateTime } from "../../lib/dates.ts";
import type { PagedList } from "../../lib/usePagedList.ts";

interface Column {
  key: string;
  title: string;
  cell: (row: AuditRecord) => ReactNode;
}

/** A detail value in a few characters: ids and long texts cut short (the export carries them whole). */
const shortValue = (value: unknown): string => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
};

/** The detail as `key: value` lines, at most six: readable at a glance, whole in the export. */
const detailLines = (detail: AuditRecord["detail"]): string[] => {
  const entries = Object.entries(detail ?? {}).filter(([, value]) => value !== null && value !== undefined && value !== "");
  const lines = entries.slice(0, 6).map(([key, value]) => `${key}: ${shortValue(value)}`);
  return entries.length > 6 ? [...lines, "…"] : lines;
};

/**
 * The audit records of one server page, newest first. On a phone the table keeps its columns
 * and scrolls sideways inside a focusable region.
 */
export function AuditTable({ list, label, filtered }: { list: PagedList<AuditRecord>; label: string; filtered: boolean }) {
  const { t } = useTranslation();
  const columns: Column[] = [
    { key: "at", title: t("audit.columns.at"), cell: (row) => <span style={{ whiteSpace: "nowrap" }}>{formatDateTime(row.at)}</span> },
    {
      key: "actor",
      title: t("audit.columns.actor"),
      cell: (row) =>
        row.actor ? (
          <>
            <Typography variant="body2">{row.actor.name ?? t("audit.deleted")}</Typography>
            {row.actor.role ? (
              <Typography variant="caption" color="text.secondary">
                {t(`audit.roles.${row.actor.role}`)}
              </Typography>
            ) : null}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t("audit.job")}
          </Typography>
        ),
    },
    { key: "subject", title: t("audit.columns.subject"), cell: (row) => (row.subject ? (row.subject.name ?? t("audit.deleted")) : "—") },
    {
      key: "action",
      title: t("audit.columns.action"),
      cell: (row) => (
        <Typography component="code" variant="body2" sx={{ fontFamily: "monospace", whiteSpace: "nowrap" }}>
          {row.action}
        </Typography>
      ),
    },
    {
      key: "outcome",
      title: t("audit.columns.outcome"),
      cell: (row) => <Chip size="small" variant="outlined" color={row.outcome === "ok" ? "success" : "error"} label={t(`audit.outcomes.${row.outcome}`)} />,
    },
    { key: "ip", title: t("audit.columns.ip"), cell: (row) => row.ip ?? "—" },
    {
      key: "detail",
      title: t("audit.columns.detail"),
      cell: (row) => (
        <Typography component="div" variant="caption" sx={{ minWidth: 220, fontFamily: "monospace", wordBreak: "break-word" }}>
          {detailLines(row.detail).map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Typography>
      ),
    },
  ];
  return (
    <>
      <ListLoading loading={list.loading} labels="people" />
      <TableContainer tabIndex={0} role="region" aria-label={t("audit.scrollRegion", { label })} sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label={label} sx={{ minWidth: 1000 }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} sx={{ whiteSpace: "nowrap" }}>
                  {column.title}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.rows?.map((row) => (
              <TableRow key={row.id} hover>
                {columns.map((column) => (
                  <TableCell key={column.key} sx={{ verticalAlign: "top" }}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {list.rows && list.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography color="text.secondary">{t(filtered ? "audit.emptyFiltered" : "audit.empty")}</Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination list={list} labels="people" />
    </>
  );
}
