import type { ShopOrder } from "@clinic/shared";
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
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
  const titleId = useId();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const action = useOrderAction(order, run, success, onClose, (fields) => setError(fields.note?.join(" ")));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          action.mutate(note.trim());
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" color={destructive ? "error" : "primary"} disabled={action.isPending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
