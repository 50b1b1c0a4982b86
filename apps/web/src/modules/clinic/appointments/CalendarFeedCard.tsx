import ContentCopy from "@mui/icons-material/ContentCopy";
import { Button, Card, CardContent, CardHeader, IconButton, InputAdornment, TextField, Tooltip, Typography } from "@mui/material";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../lib/components/ConfirmDialog.tsx";
import { useNotices } from "../../../lib/notices.tsx";
import { useAction, useResource } from "../../../lib/resource.ts";
import { FEED_KEY, renewFeed } from "./api.ts";

/**
 * The private iCalendar address of the user's appointments, to subscribe to from any calendar
 * app; a new address stops the old one (when it leaked, say).
 */
export function CalendarFeedCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const notices = useNotices();
  const input = useRef<HTMLInputElement>(null);
  const { data } = useResource<{ url: string }>([FEED_KEY], "/api/calendar-feed/");
  const [asking, setAsking] = useState(false);
  const renew = useAction(() => renewFeed(), {
    invalidate: [[FEED_KEY]],
    success: t("appointments.feed.renewed"),
    onSuccess: () => setAsking(false),
  });

  const copy = async () => {
    if (!data) return;
    try {
      await navigator.clipboard.writeText(data.url);
      notices.info(t("appointments.feed.copied"));
    } catch {
      // No clipboard (an insecure origin, a refusal): the address is selected to copy by hand.
      input.current?.select();
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardHeader title={t("appointments.feed.title")} slotProps={{ title: { component: "h2", id: titleId, variant: "h6" } }} />
      <CardContent sx={{ pt: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t("appointments.feed.hint")}
        </Typography>
        <TextField
          label={t("appointments.feed.address")}
          value={data?.url ?? ""}
          fullWidth
          size="small"
          inputRef={input}
          onFocus={(event) => event.target.select()}
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t("appointments.feed.copy")}>
                    <span>
                      <IconButton edge="end" aria-label={t("appointments.feed.copy")} onClick={copy} disabled={!data}>
                        <ContentCopy fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button sx={{ mt: 1.5 }} onClick={() => setAsking(true)} disabled={!data}>
          {t("appointments.feed.renew")}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={asking}
        title={t("appointments.feed.renewTitle")}
        text={t("appointments.feed.renewText")}
        confirmLabel={t("appointments.feed.renew")}
        busy={renew.isPending}
        onConfirm={() => renew.mutate(undefined)}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}
