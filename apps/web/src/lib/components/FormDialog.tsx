import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, useMediaQuery, useTheme } from "@mui/material";
import { type FormEventHandler, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** While the save runs: the submit button waits. */
  pending: boolean;
  /** Why the last save failed, when no field can say it. */
  problem?: string | null;
  /** A sentence above the fields (what the dialog is about). */
  text?: ReactNode;
  submitLabel?: string;
  /** The submit button in the error colour (cancel, refund). */
  destructive?: boolean;
  /** The submit button waits for something besides the save (the record still loading). */
  submitDisabled?: boolean;
  maxWidth?: "xs" | "sm" | "md" | "lg";
  /** A long form takes the whole screen on a phone. */
  phoneFullScreen?: boolean;
  children: ReactNode;
}

/**
 * A dialog that is a form: title, an optional sentence, the save's problem in an alert where the
 * user still is, the fields, then Cancel and the submit button. The fields scroll between the
 * title and the buttons, which stay in view (a plain <form> would make the whole dialog scroll).
 */
export function FormDialog({
  open,
  onClose,
  title,
  onSubmit,
  pending,
  problem,
  text,
  submitLabel,
  destructive,
  submitDisabled,
  maxWidth = "sm",
  phoneFullScreen,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth} fullScreen={phoneFullScreen && phone}>
      <form noValidate onSubmit={onSubmit} style={{ display: "flex", flexDirection: "column", minHeight: 0, flex: "1 1 auto" }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {text ? <DialogContentText>{text}</DialogContentText> : null}
            {problem ? <Alert severity="error">{problem}</Alert> : null}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" color={destructive ? "error" : "primary"} disabled={pending || submitDisabled}>
            {submitLabel ?? t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
