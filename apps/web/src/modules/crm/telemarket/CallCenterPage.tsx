import type { CrmCallSource, CrmNextCallAnswer } from "@clinic/shared";
import EventIcon from "@mui/icons-material/Event";
import PhoneForwardedIcon from "@mui/icons-material/PhoneForwarded";
import { Alert, Box, Button, ListSubheader, MenuItem, Skeleton, Stack, TextField, Typography } from "@mui/material";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { FigureTiles } from "../../../lib/components/FigureTiles.tsx";
import { formatDateTime } from "../../../lib/dates.ts";
import { useAction } from "../../../lib/resource.ts";
import { ActivityDialog } from "./ActivityDialog.tsx";
import { EVERY_TELEMARKET_LIST, nextCall, releaseEntry, type SourceChoice, useSources } from "./api.ts";
import { CallCard } from "./CallCard.tsx";
import { OutcomePanel } from "./OutcomePanel.tsx";
import { CalendarFeedCard } from "../../clinic/appointments/CalendarFeedCard.tsx";
import { UpcomingMeetings } from "./UpcomingMeetings.tsx";

type Claimed = Extract<CrmNextCallAnswer, { client: unknown }>;

/** A source's key in the picker and the address: `initiative:3`, `list:5`. */
const keyOf = (source: { kind: string; id: number }) => `${source.kind}:${source.id}`;

/** The source the address names (`?initiative=<id>` or `?list=<id>`), as a picker key. */
function addressed(params: URLSearchParams): string {
  const initiative = params.get("initiative");
  if (initiative && /^\d+$/.test(initiative)) return `initiative:${initiative}`;
  const list = params.get("list");
  if (list && /^\d+$/.test(list)) return `list:${list}`;
  return "";
}

function choiceOf(key: string): SourceChoice | null {
  const [kind, id] = key.split(":");
  if (!id) return null;
  return kind === "initiative" ? { initiativeId: Number(id) } : { listId: Number(id) };
}

/**
 * The call centre (`/crm/app/telemarket/call-center`): the agent chooses an initiative of theirs
 * or a list, sees where its queue stands and asks for the next client, who is theirs for 15
 * minutes. The client's card shows their contact data and history; the outcome buttons log the
 * call and the next client is one click away. A meeting booked here shows in the agent's
 * upcoming meetings and their calendar feed.
 */
export function CallCenterPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sources = useSources();
  const [sourceKey, setSourceKey] = useState(() => addressed(params));
  const [answer, setAnswer] = useState<CrmNextCallAnswer | null>(null);
  const [meeting, setMeeting] = useState(false);
  const nextButton = useRef<HTMLButtonElement>(null);
  // Once the button is enabled again (the next render): the next client is one key press away.
  const focusNext = () => requestAnimationFrame(() => nextButton.current?.focus());
  const source = sources.data?.find((one) => keyOf(one) === sourceKey) ?? null;
  const claimed: Claimed | null = answer && answer.entry !== null ? (answer as Claimed) : null;

  const next = useAction((key: string) => nextCall(choiceOf(key) as SourceChoice), { invalidate: EVERY_TELEMARKET_LIST, onSuccess: setAnswer });
  const release = useAction((entryId: number) => releaseEntry(entryId), {
    invalidate: EVERY_TELEMARKET_LIST,
    success: () => t("crmTelemarket.notices.released"),
    onSuccess: () => {
      setAnswer(null);
      focusNext();
    },
  });

  const choose = (key: string) => {
    setSourceKey(key);
    setAnswer(null);
    const [kind, id] = key.split(":");
    setParams(kind && id ? { [kind]: id } : {}, { replace: true });
  };
  const initiatives = (sources.data ?? []).filter((one) => one.kind === "initiative");
  const lists = (sources.data ?? []).filter((one) => one.kind === "list");
  const option = (one: CrmCallSource) => (
    <MenuItem key={keyOf(one)} value={keyOf(one)}>
      {t("crmTelemarket.sources.option", { title: one.title, due: one.dueNow, open: one.open })}
    </MenuItem>
  );

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Typography color="text.secondary">{t("crmTelemarket.callCenter.intro")}</Typography>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 2fr) minmax(0, 1fr)" }, alignItems: "start" }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          {!sources.data ? (
            <Skeleton variant="rounded" height={56} aria-hidden />
          ) : sources.data.length === 0 ? (
            <Alert severity="info">{t("crmTelemarket.sources.none")}</Alert>
          ) : (
            <TextField
              select
              label={t("crmTelemarket.sources.label")}
              value={source ? sourceKey : ""}
              onChange={(event) => choose(event.target.value)}
              // The client on the phone is logged or released first.
              disabled={claimed !== null}
              sx={{ maxWidth: 520 }}
            >
              {initiatives.length > 0 ? <ListSubheader>{t("crmTelemarket.sources.initiatives")}</ListSubheader> : null}
              {initiatives.map(option)}
              {lists.length > 0 ? <ListSubheader>{t("crmTelemarket.sources.lists")}</ListSubheader> : null}
              {lists.map(option)}
            </TextField>
          )}
          {source ? (
            <FigureTiles
              label={t("crmTelemarket.sources.figures", { title: source.title })}
              columns={{ md: 4, xl: 4 }}
              items={[
                [t("crmTelemarket.sources.clients"), source.clients],
                [t("crmTelemarket.sources.dueNow"), source.dueNow],
                [t("crmTelemarket.sources.open"), source.open],
                [t("crmTelemarket.sources.closed"), source.closed],
              ]}
            />
          ) : null}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
            <Button
              ref={nextButton}
              variant="contained"
              size="large"
              startIcon={<PhoneForwardedIcon />}
              disabled={!source || next.isPending || claimed !== null}
              onClick={() => next.mutate(sourceKey)}
            >
              {t("crmTelemarket.callCenter.next")}
            </Button>
            {claimed ? (
              <>
                <Button variant="outlined" startIcon={<EventIcon />} onClick={() => setMeeting(true)}>
                  {t("crmTelemarket.activities.bookMeeting")}
                </Button>
                <Button variant="outlined" color="inherit" disabled={release.isPending} onClick={() => release.mutate(claimed.entry.id)}>
                  {t("crmTelemarket.callCenter.release")}
                </Button>
              </>
            ) : null}
          </Stack>
          {answer && answer.entry === null ? (
            <Alert severity="info" role="status">
              {answer.nextDueAt ? t("crmTelemarket.callCenter.nobodyDue", { when: formatDateTime(answer.nextDueAt) }) : t("crmTelemarket.callCenter.queueDone")}
            </Alert>
          ) : null}
          {claimed ? (
            <>
              <Typography variant="body2" color="text.secondary" role="status">
                {t("crmTelemarket.callCenter.yours", { until: formatDateTime(claimed.entry.claimedUntil) })}
              </Typography>
              <CallCard client={claimed.client} entry={claimed.entry} recent={claimed.recent} />
              <OutcomePanel
                key={claimed.entry.id}
                entryId={claimed.entry.id}
                onLogged={() => {
                  setAnswer(null);
                  focusNext();
                }}
              />
              <ActivityDialog
                open={meeting}
                clientId={claimed.client.id}
                kind="meeting"
                activity={null}
                initiativeId={claimed.source.kind === "initiative" ? claimed.source.id : null}
                onClose={() => setMeeting(false)}
              />
            </>
          ) : null}
        </Stack>
        <Stack spacing={2}>
          <UpcomingMeetings />
          {/* The agent's meetings are in their private calendar feed, with any appointments (one feed). */}
          <CalendarFeedCard />
        </Stack>
      </Box>
    </Stack>
  );
}
