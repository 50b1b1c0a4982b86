import { Box, Button, Paper, Typography } from "@mui/material";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";

/** The pieces the pages reached without an account (booking's, the events') are built of, inside `PublicPageFrame`. */

/** A page that cannot be shown, and why; with a retry when the failure may pass. */
export function Unavailable({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography>{text}</Typography>
      {onRetry ? (
        <Button variant="contained" onClick={onRetry} sx={{ mt: 2 }}>
          {t("common.retry")}
        </Button>
      ) : null}
    </Paper>
  );
}

/** A titled card of the page. */
export function PageSection({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} id={id} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A description list: terms beside their values, stacked on a phone (it has no room beside them). */
export function Details({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" }, columnGap: 2, rowGap: 0.5 }}>
      {children}
    </Box>
  );
}

/** One line of a description list: the term and its value. */
export function Summary({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: "anywhere" }}>
        {value}
      </Typography>
    </>
  );
}
