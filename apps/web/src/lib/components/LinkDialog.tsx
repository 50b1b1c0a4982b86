import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Addresses a link may take: the server keeps only these schemes too. */
const LINK = /^(https?:\/\/|mailto:)\S+$/i;

interface LinkDialogProps {
  open: boolean;
  initial: string;
  onClose: () => void;
  /** "" removes the link. */
  onSave: (href: string) => void;
}

/** Asks for a link's address (http, https or mailto); an empty address removes the link. */
export function LinkDialog({ open, initial, onClose, onSave }: LinkDialogProps) {
  const { t } = useTranslation();
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setHref(initial);
      setError(null);
    }
  }, [open, initial]);

  function save() {
    const value = href.trim();
    const withScheme = value && !/^[a-z]+:/i.test(value) ? `https://${value}` : value;
    if (withScheme && !LINK.test(withScheme)) {
      setError(t("editor.linkInvalid"));
      return;
    }
    onSave(withScheme);
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t("editor.linkTitle")}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t("editor.linkAddress")}
          value={href}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              save();
            }
          }}
          error={!!error}
          helperText={error ?? t("editor.linkHint")}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button variant="contained" onClick={save}>
          {t("common.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
