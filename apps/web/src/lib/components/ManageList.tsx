import AddIcon from "@mui/icons-material/Add";
import { Button, Stack, Typography } from "@mui/material";
import type { QueryKey } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAction } from "../resource.ts";
import { useDeleteQuestion } from "./DeleteQuestion.tsx";
import { Loading } from "./Loading.tsx";
import { type ManageColumn, ManageTable } from "./ManageTable.tsx";
import { EditDeleteButtons } from "./RowButtons.tsx";

interface DeleteConfirmOptions<T> {
  title: string;
  text: (row: T) => string;
  run: (row: T) => Promise<unknown>;
  /** The lists to refetch once it is gone. */
  invalidate: QueryKey[];
  /** The notice once it is gone. */
  deleted: (row: T) => string;
  /** What else follows (leaving a category's page once it is gone). */
  onDeleted?: (row: T) => void;
  /** A refusal the screen answers itself (a discount orders used is offered to be switched off). */
  onFailure?: (failure: unknown, row: T) => void;
}

/** Delete a row of a managed list after asking: `ask(row)` opens the question, `dialog` is to be rendered. */
export function useDeleteConfirm<T>(options: DeleteConfirmOptions<T>) {
  const { t } = useTranslation();
  const remove = useAction((row: T) => options.run(row), {
    invalidate: options.invalidate,
    success: (_, row) => options.deleted(row),
    onSuccess: (_, row) => options.onDeleted?.(row),
    onFailure: (failure, row) => options.onFailure?.(failure, row),
  });
  return useDeleteQuestion(remove, { title: options.title, text: options.text, confirmLabel: t("manageList.delete") });
}

interface ManageListProps<T> {
  /** What the list holds, above it (none when the screen says it already). */
  intro?: string;
  addLabel: string;
  canAdd: boolean;
  canEdit: boolean;
  /** Asks before deleting (useDeleteConfirm's `ask`); absent when the user may not delete. */
  onDelete?: (row: T) => void;
  rows: readonly T[] | undefined;
  loading: boolean;
  rowKey: (row: T) => string | number;
  title: ManageColumn<T>;
  columns: ManageColumn<T>[];
  label: string;
  emptyText: string;
  nameOf: (row: T) => string;
  /** The add or edit dialog: `row` null adds one. */
  dialog: (props: { row: T | null; open: boolean; onClose: () => void }) => ReactNode;
  /** Anything else the screen asks (its delete question). */
  children?: ReactNode;
}

/**
 * A list managed in place (the shop's bundles and discounts, the booking app's setup): its intro, the add button for those who may
 * add, the list with edit and delete on each row for those who may, and the add or edit dialog.
 */
export function ManageList<T>({ intro, addLabel, canAdd, canEdit, onDelete, rows, loading, nameOf, dialog, children, ...table }: ManageListProps<T>) {
  const [editing, setEditing] = useState<T | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {intro ? <Typography color="text.secondary">{intro}</Typography> : null}
      {canAdd ? (
        <div>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {addLabel}
          </Button>
        </div>
      ) : null}
      {loading ? <Loading /> : null}
      <ManageTable
        {...table}
        rows={rows}
        actions={
          canEdit || onDelete
            ? (row) => (
                <EditDeleteButtons
                  name={nameOf(row)}
                  onEdit={canEdit ? () => setEditing(row) : undefined}
                  onDelete={onDelete ? () => onDelete(row) : undefined}
                />
              )
            : undefined
        }
      />
      {dialog({
        row: editing,
        open: adding || editing !== null,
        onClose: () => {
          setAdding(false);
          setEditing(null);
        },
      })}
      {children}
    </Stack>
  );
}
