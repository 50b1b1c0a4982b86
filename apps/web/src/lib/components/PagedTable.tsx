import { Typography } from "@mui/material";
import type { WithId } from "../collection.ts";
import type { PagedList } from "../usePagedList.ts";
import { VISUALLY_HIDDEN } from "../visually-hidden.ts";
import { type ListLabels, ListLoading, ListPagination } from "./ListPagination.tsx";
import { type ManageColumn, ManageTable } from "./ManageTable.tsx";

/**
 * A server-paged list (usePagedList) shown as a table: its heading for screen readers (the
 * table's label), the loading bar, the rows by id, then the pager.
 */
export function PagedTable<T extends WithId>(props: {
  list: PagedList<T>;
  /** Given as a JSX attribute by the caller (`labels="catalogue"`), so the build loads those texts with the caller's code. */
  labels: ListLabels;
  title: ManageColumn<T>;
  columns: ManageColumn<T>[];
  label: string;
  emptyText: string;
}) {
  const { list, labels, label } = props;
  return (
    <>
      <Typography component="h2" sx={VISUALLY_HIDDEN}>
        {label}
      </Typography>
      <ListLoading loading={list.loading} labels={labels} />
      <ManageTable rows={list.rows} rowKey={(row) => row.id} title={props.title} columns={props.columns} label={label} emptyText={props.emptyText} />
      <ListPagination list={list} labels={labels} />
    </>
  );
}
