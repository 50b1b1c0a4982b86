import { Alert, AlertTitle, Box, Button, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { dismissEntry, flushOutbox, useOutboxEntries } from "../../lib/offline/delivery.ts";
import type { OutboxEntry } from "../../lib/offline/device-db.ts";
import { refusalText } from "../../lib/refusals.ts";

const KNOWN_CODES = ["assignmentInactive", "formChanged", "alreadySubmitted", "keyMalformed", "keyReused"];

function kindOf(entry: OutboxEntry): string {
  const { action } = entry;
  if (action.kind === "reply") return action.body.game ? "game" : "reply";
  if (action.kind === "form") return action.body.submit ? "formSubmit" : "form";
  if (action.body.favorite !== undefined) return action.body.favorite ? "favourite" : "unfavourite";
  return "assignment";
}

/** Why the server refused an entry, in plain words: its refusal code's text, else the server's reason. */
function useReason() {
  const { t } = useTranslation();
  return (entry: OutboxEntry) => {
    const refusal = entry.refusal;
    if (!refusal) return "";
    if (refusal.code && KNOWN_CODES.includes(refusal.code)) return t(`offline.outbox.codes.${refusal.code}`);
    const general = refusal.status === 403 ? "forbidden" : refusal.status === 404 ? "notFound" : refusal.status === 400 ? "invalid" : null;
    const detail = refusal.detail ? refusalText(t, refusal.detail) : "";
    return [general ? t(`offline.outbox.codes.${general}`) : null, detail].filter(Boolean).join(" ");
  };
}

/**
 * On the patient's home: what this device still holds for the server (played games, activities
 * marked, form answers), and what the server refused, each with its reason, until the patient
 * dismisses it. Nothing leaves the outbox unseen.
 */
export function OutboxList() {
  const entries = useOutboxEntries() ?? [];
  return <OutboxView entries={entries} online={navigator.onLine} />;
}

/** The outbox as the patient reads it, from its entries. */
export function OutboxView({ entries, online }: { entries: OutboxEntry[]; online: boolean }) {
  const { t } = useTranslation();
  const reason = useReason();
  const waiting = entries.filter((entry) => entry.state === "waiting");
  const refused = entries.filter((entry) => entry.state === "refused");
  if (entries.length === 0) return null;
  return (
    <Stack spacing={1.5} data-testid="outbox">
      {waiting.length > 0 ? (
        <Alert
          severity="info"
          role="status"
          action={
            online ? (
              <Button color="inherit" size="small" onClick={() => void flushOutbox()}>
                {t("offline.outbox.sendNow")}
              </Button>
            ) : null
          }
        >
          <AlertTitle>{t("offline.outbox.title")}</AlertTitle>
          {t("offline.outbox.waiting", { count: waiting.length })}
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {waiting.map((entry) => (
              <li key={entry.key}>{`${t(`offline.outbox.kinds.${kindOf(entry)}`)}: ${entry.label}`}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {refused.length > 0 ? (
        <Alert severity="warning" role="alert">
          <AlertTitle>{t("offline.outbox.refusedTitle")}</AlertTitle>
          <Typography variant="body2">{t("offline.outbox.refusedHint")}</Typography>
          <Stack component="ul" spacing={1} sx={{ m: 0, mt: 1, pl: 0, listStyle: "none" }}>
            {refused.map((entry) => (
              <Box component="li" key={entry.key} data-testid="outbox-refused" sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                <Box sx={{ flex: "1 1 240px" }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {`${t(`offline.outbox.kinds.${kindOf(entry)}`)}: ${entry.label}`}
                  </Typography>
                  <Typography variant="body2">{reason(entry)}</Typography>
                </Box>
                <Button
                  size="small"
                  color="inherit"
                  variant="outlined"
                  onClick={() => void dismissEntry(entry.key)}
                  aria-label={t("offline.outbox.dismissNamed", { name: entry.label })}
                >
                  {t("offline.outbox.dismiss")}
                </Button>
              </Box>
            ))}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
