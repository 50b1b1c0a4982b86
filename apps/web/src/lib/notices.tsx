import { Box, Typography } from "@mui/material";
import { useSnackbar } from "notistack";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, failureReference } from "./api.ts";
import { sharedMessage } from "./field-messages.ts";

function Notice({ title, message }: { title: string; message?: string }) {
  return (
    <Box>
      <Typography component="p" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {message ? <Typography variant="body2">{message}</Typography> : null}
    </Box>
  );
}

/** The notices of spec §8: "Congratulations" for success, "Opps!" with the status for failures. */
export function useNotices() {
  const { enqueueSnackbar } = useSnackbar();
  // i18n.t, not the render's t: a notice after a language switch speaks the new language.
  const { i18n } = useTranslation();
  const t = useCallback((key: string) => i18n.t(key), [i18n]);
  const success = useCallback(
    (message: string) => enqueueSnackbar(<Notice title={t("notices.successTitle")} message={message} />, { variant: "success" }),
    [enqueueSnackbar, t],
  );
  const info = useCallback((message: string) => enqueueSnackbar(<Notice title={message} />, { variant: "info" }), [enqueueSnackbar]);
  const error = useCallback(
    (failure: unknown) => {
      const message = describeFailure(failure, t);
      enqueueSnackbar(<Notice title={t("notices.errorTitle")} message={message} />, { variant: "error" });
    },
    [enqueueSnackbar, t],
  );
  /** "Opps!" with a text of the screen's own (an export that failed), not a failed call's status. */
  const failure = useCallback(
    (message: string) => enqueueSnackbar(<Notice title={t("notices.errorTitle")} message={message} />, { variant: "error" }),
    [enqueueSnackbar, t],
  );
  return useMemo(() => ({ success, info, error, failure }), [success, info, error, failure]);
}

const STATUS_TEXTS = [0, 401, 403, 404, 409, 413, 429, 500, 503];

/**
 * The message a failure shows, in the user's language: a known status has its own text
 * (the server's English detail stays for 400 and 409, which explain a specific refusal),
 * anything else the spec's fallback "An error occurred"; the status follows in brackets.
 */
export function describeFailure(failure: unknown, t: (key: string) => string): string {
  if (!(failure instanceof ApiError)) return t("notices.fallback");
  if (failure.status === 0) return t("errors.status0");
  const fields = Object.values(failure.fieldErrors).flat();
  // Our API says `detail`; the auth endpoints say `message`.
  const said = failure.body.detail ?? failure.body.message;
  const detail = typeof said === "string" ? said : fields[0] && sharedMessage(t, fields[0]);
  if ((failure.status === 400 || failure.status === 409) && detail) return `${detail} (${failure.status})`;
  const text = STATUS_TEXTS.includes(failure.status) ? t(`errors.status${failure.status}`) : t("notices.fallback");
  const reference = failureReference(failure);
  return reference ? `${text} (${failure.status}) ${t("errors.reference")} ${reference}` : `${text} (${failure.status})`;
}
