import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "./ConfirmDialog.tsx";

interface DeleteQuestionTexts<T> {
  title: string;
  text: (row: T) => string;
  confirmLabel: string;
}

/**
 * Asks before `remove` deletes a row: `ask(row)` opens the question, `dialog` is to be rendered.
 * The question closes once the call has answered, either way: a refusal (409, still in use) is
 * told by the action's own notice.
 */
export function useDeleteQuestion<T>(remove: UseMutationResult<unknown, unknown, T>, texts: DeleteQuestionTexts<T>) {
  const [row, setRow] = useState<T | null>(null);
  const dialog = (
    <ConfirmDialog
      open={row !== null}
      title={texts.title}
      text={row ? texts.text(row) : ""}
      confirmLabel={texts.confirmLabel}
      destructive
      busy={remove.isPending}
      onConfirm={() => row && remove.mutate(row, { onSettled: () => setRow(null) })}
      onCancel={() => setRow(null)}
    />
  );
  return { ask: setRow, dialog };
}
