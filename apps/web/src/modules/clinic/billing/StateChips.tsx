import type { MembershipState, OrderState } from "@clinic/shared";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import ErrorOutline from "@mui/icons-material/ErrorOutlineOutlined";
import HighlightOff from "@mui/icons-material/HighlightOff";
import HourglassEmpty from "@mui/icons-material/HourglassEmpty";
import InfoOutlined from "@mui/icons-material/InfoOutlined";
import Replay from "@mui/icons-material/Replay";
import WarningAmber from "@mui/icons-material/WarningAmber";
import { Chip } from "@mui/material";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { MEMBERSHIP_STATE_COLORS, ORDER_STATE_COLORS } from "./format.ts";

// An icon and a word on every chip: the state never rests on colour alone.
const MEMBERSHIP_ICONS: Record<MembershipState, ReactElement> = {
  active: <CheckCircleOutline />,
  expiring: <HourglassEmpty />,
  grace: <WarningAmber />,
  expired: <ErrorOutline />,
  trial: <InfoOutlined />,
  none: <HighlightOff />,
};

const ORDER_ICONS: Record<OrderState, ReactElement> = {
  pending: <HourglassEmpty />,
  paid: <CheckCircleOutline />,
  refunded: <Replay />,
  cancelled: <HighlightOff />,
  expired: <ErrorOutline />,
};

/** Where a membership stands today: active, expiring, grace, expired, trial or none. */
export function MembershipStateChip({ state }: { state: MembershipState }) {
  const { t } = useTranslation();
  return <Chip size="small" color={MEMBERSHIP_STATE_COLORS[state]} icon={MEMBERSHIP_ICONS[state]} label={t(`billing.membershipState.${state}`)} />;
}

/** An order's state: pending, paid, refunded, cancelled or expired. */
export function OrderStateChip({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={ORDER_STATE_COLORS[state]} icon={ORDER_ICONS[state]} label={t(`billing.orderState.${state}`)} />;
}
