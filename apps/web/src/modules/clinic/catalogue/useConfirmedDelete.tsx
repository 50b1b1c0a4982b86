import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import type { WithId } from "../../../lib/collection.ts";
import { useAction } from "../../../lib/resource.ts";

interface ConfirmedDeleteOptions<T extends WithId> {
  remove: (row: T) => Promise<unknown>;
  /** Query keys to reload; the first is the list the row is in, which loses the row at once. */
  invalidate: unknown[][];
  /** Notice after deleting (spec §8). */
  success: string;
  title: string;
  text: (row: T) => string;
}

/** Delete after asking: `ask(row)` opens the confirmation, `dialog` renders it. */
export function useConfirmedDelete<T extends WithId>(options: ConfirmedDeleteOptions<T>) {
  const { t } = useTranslation();
  const [row, setRow] = useState<T | null>(null);
  const action = useAction(options.remove, {
    invalidate: options.invalidate,
    removes: (_, removed) => (options.invalidate[0] ? [{ list: options.invalidate[0], records: [removed] }] : []),
    success: options.success,
    onSuccess: () => setRow(null),
  });
  const dialog = (
    <ConfirmDialog
      open={row !== null}
      title={options.title}
      text={row ? options.text(row) : ""}
      confirmLabel={t("catalogue.delete")}
      destructive
      busy={action.isPending}
      // A refusal (say 409: still in use) is told by its notice; the question is over either way.
      onConfirm={() => row && action.mutate(row, { onError: () => setRow(null) })}
      onCancel={() => setRow(null)}
    />
  );
  return { ask: setRow, dialog };
}
