import { useTranslation } from "react-i18next";
import type { WithId } from "../../../lib/collection.ts";
import { useDeleteQuestion } from "../../../lib/components/DeleteQuestion.tsx";
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
  const action = useAction(options.remove, {
    invalidate: options.invalidate,
    removes: (_, removed) => (options.invalidate[0] ? [{ list: options.invalidate[0], records: [removed] }] : []),
    success: options.success,
  });
  return useDeleteQuestion(action, { title: options.title, text: options.text, confirmLabel: t("catalogue.delete") });
}
