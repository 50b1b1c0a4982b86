import type { EventState, RegistrationState } from "@clinic/shared";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import EditNoteOutlined from "@mui/icons-material/EditNoteOutlined";
import EventAvailableOutlined from "@mui/icons-material/EventAvailableOutlined";
import HighlightOff from "@mui/icons-material/HighlightOff";
import HourglassEmpty from "@mui/icons-material/HourglassEmpty";
import HowToRegOutlined from "@mui/icons-material/HowToRegOutlined";
import Replay from "@mui/icons-material/Replay";
import ScheduleOutlined from "@mui/icons-material/ScheduleOutlined";
import TimerOffOutlined from "@mui/icons-material/TimerOffOutlined";
import { Chip } from "@mui/material";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { EVENT_STATE_COLORS, REGISTRATION_STATE_COLORS } from "./format.ts";

// An icon and a word on every chip: a state never rests on colour alone.
const EVENT_ICONS: Record<EventState, ReactElement> = {
  draft: <EditNoteOutlined />,
  published: <EventAvailableOutlined />,
  cancelled: <HighlightOff />,
};

const REGISTRATION_ICONS: Record<RegistrationState, ReactElement> = {
  pending_payment: <HourglassEmpty />,
  confirmed: <CheckCircleOutline />,
  waiting: <ScheduleOutlined />,
  checked_in: <HowToRegOutlined />,
  cancelled: <HighlightOff />,
  refunded: <Replay />,
  expired: <TimerOffOutlined />,
};

/** An event's state: draft, published (open to the public) or cancelled. */
export function EventStateChip({ state }: { state: EventState }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={EVENT_STATE_COLORS[state]} icon={EVENT_ICONS[state]} label={t(`events.states.${state}`)} />;
}

/** A registration's state, with its place in the waiting list while it waits. */
export function RegistrationStateChip({ state, waitingPosition = null }: { state: RegistrationState; waitingPosition?: number | null }) {
  const { t } = useTranslation();
  const label =
    state === "waiting" && waitingPosition !== null
      ? t("events.registrationStates.waitingAt", { position: waitingPosition })
      : t(`events.registrationStates.${state}`);
  return <Chip size="small" variant="outlined" color={REGISTRATION_STATE_COLORS[state]} icon={REGISTRATION_ICONS[state]} label={label} />;
}
