import { type EventDetail, inLanguage } from "@clinic/shared";
import ContentCopy from "@mui/icons-material/ContentCopy";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import EventAvailableOutlined from "@mui/icons-material/EventAvailableOutlined";
import EditNoteOutlined from "@mui/icons-material/EditNoteOutlined";
import OpenInNew from "@mui/icons-material/OpenInNew";
import { Box, Button, IconButton, InputAdornment, Link, Paper, Stack, TextField, Tooltip, Typography } from "@mui/material";
import { Fragment, type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useDeleteConfirm } from "../../../lib/components/ManageList.tsx";
import { useNotices } from "../../../lib/notices.tsx";
import { useAction } from "../../../lib/resource.ts";
import { deleteEvent, EVENTS_HOME, EVENTS_KEY, EVERY_EVENT_LIST, updateEvent, useEventAbilities } from "./api.ts";
import { EventDialog } from "./EventDialog.tsx";
import { inputOfEvent } from "./event-form.ts";
import { eventWhen } from "./format.ts";
import { EventStateChip } from "./StateChips.tsx";

/** The public page's full address on this site. */
const publicUrl = (event: EventDetail) => (typeof window === "undefined" ? event.publicPath : `${window.location.origin}${event.publicPath}`);

/**
 * The event's card above its tabs: title in the reader's language, state, when (in the event's
 * zone, named), where, places; the public page's address to copy or open; edit, publish or
 * unpublish, and delete (the server refuses an event with registrations, and says so).
 */
export function EventHeader({ event }: { event: EventDetail }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const navigate = useNavigate();
  const notices = useNotices();
  const abilities = useEventAbilities();
  const input = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState(false);
  const title = inLanguage(event.title, i18n.language);
  const url = publicUrl(event);
  const publish = useAction((state: "draft" | "published") => updateEvent(event.id, inputOfEvent(event, state)), {
    invalidate: EVERY_EVENT_LIST,
    success: (saved) => t(saved.state === "published" ? "events.notices.published" : "events.notices.unpublished"),
  });
  const deletion = useDeleteConfirm<EventDetail>({
    title: t("events.page.deleteTitle"),
    text: () => t("events.page.deleteText", { title }),
    run: (row) => deleteEvent(row.id),
    invalidate: EVERY_EVENT_LIST.filter((key) => key[0] !== EVENTS_KEY),
    deleted: () => t("events.notices.deleted"),
    onDeleted: () => navigate(EVENTS_HOME),
  });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notices.info(t("events.page.linkCopied"));
    } catch {
      // No clipboard (an insecure origin, a refusal): the address is selected to copy by hand.
      input.current?.select();
    }
  };
  const facts: [string, ReactNode][] = [
    [t("events.fields.when"), `${eventWhen(event)} (${event.timeZone})`],
    [t("events.fields.venue"), event.venue || "—"],
    [
      t("events.fields.onlineUrl"),
      event.onlineUrl ? (
        <Link key="online" href={event.onlineUrl} target="_blank" rel="noopener noreferrer">
          {event.onlineUrl}
        </Link>
      ) : (
        "—"
      ),
    ],
    [t("events.fields.places"), t("events.page.placesLine", { taken: event.taken, capacity: event.capacity, waiting: event.counts.waiting })],
    ...(abilities.choosesClinic ? ([[t("events.fields.clinic"), event.clinic.name]] as [string, ReactNode][]) : []),
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
          <Typography id={headingId} component="h2" variant="h5" sx={{ overflowWrap: "anywhere" }}>
            {title}
          </Typography>
          <EventStateChip state={event.state} />
        </Stack>
        <Box
          component="dl"
          sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 2fr) minmax(0, 3fr)", sm: "160px minmax(0, 1fr)" }, columnGap: 2, rowGap: 1, m: 0 }}
        >
          {facts.map(([label, value]) => (
            <Fragment key={label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: "anywhere" }}>
                {value}
              </Typography>
            </Fragment>
          ))}
        </Box>
        <TextField
          label={t("events.page.publicLink")}
          value={url}
          size="small"
          fullWidth
          inputRef={input}
          onFocus={(focus) => focus.target.select()}
          helperText={event.state === "published" ? t("events.page.publicLinkOpen") : t("events.page.publicLinkHidden")}
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t("events.page.copyLink")}>
                    <IconButton aria-label={t("events.page.copyLink")} onClick={copy}>
                      <ContentCopy fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t("events.page.openLink")}>
                    <IconButton edge="end" aria-label={t("events.page.openLink")} href={event.publicPath} target="_blank" rel="noopener">
                      <OpenInNew fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t("events.page.edit")}
          </Button>
          {event.state === "draft" ? (
            <Button variant="contained" startIcon={<EventAvailableOutlined />} disabled={publish.isPending} onClick={() => publish.mutate("published")}>
              {t("events.page.publish")}
            </Button>
          ) : null}
          {event.state === "published" ? (
            <Button variant="outlined" startIcon={<EditNoteOutlined />} disabled={publish.isPending} onClick={() => publish.mutate("draft")}>
              {t("events.page.unpublish")}
            </Button>
          ) : null}
          <Button variant="outlined" color="error" startIcon={<DeleteOutline />} onClick={() => deletion.ask(event)}>
            {t("events.page.delete")}
          </Button>
        </Stack>
      </Stack>
      <EventDialog open={editing} event={event} choosesClinic={false} onClose={() => setEditing(false)} />
      {deletion.dialog}
    </Paper>
  );
}
