import type { ShopOrder } from "@clinic/shared";
import { TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../lib/components/FormDialog.tsx";
import { shopMessage } from "./states.ts";
import { useOrderAction } from "./useOrderAction.ts";

interface NoteDialogProps {
  order: ShopOrder;
  title: string;
  text: string;
  submitLabel: string;
  success: string;
  destructive?: boolean;
  run: (note: string) => Promise<ShopOrder>;
  onClose: () => void;
}

/**
 * Asks before a step of the order (mark paid, shipped or collected, cancel) with an optional
 * note, which the order's history keeps beside the step.
 */
export function NoteDialog({ order, title, text, submitLabel, success, destructive, run, onClose }: NoteDialogProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const action = useOrderAction(order, run, success, onClose, (fields) => setError(fields.note?.join(" ")));
  return (
    <FormDialog
      open
      onClose={onClose}
      title={title}
      text={text}
      onSubmit={(event) => {
        event.preventDefault();
        action.mutate(note.trim());
      }}
      pending={action.isPending}
      submitLabel={submitLabel}
      destructive={destructive}
    >
      <TextField
        label={t("shopOrders.actions.note")}
        fullWidth
        multiline
        minRows={2}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={!!error}
        helperText={shopMessage(t, error) ?? t("shopOrders.actions.noteHint")}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
    </FormDialog>
  );
}
