import type { ShopOrderState } from "@clinic/shared";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import HighlightOff from "@mui/icons-material/HighlightOff";
import HourglassEmpty from "@mui/icons-material/HourglassEmpty";
import LocalShippingOutlined from "@mui/icons-material/LocalShippingOutlined";
import Replay from "@mui/icons-material/Replay";
import { Chip } from "@mui/material";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { ORDER_STATE_COLORS } from "./states.ts";

// An icon and a word on every chip: the state never rests on colour alone.
const ICONS: Record<ShopOrderState, ReactElement> = {
  pending: <HourglassEmpty />,
  paid: <CheckCircleOutline />,
  fulfilled: <LocalShippingOutlined />,
  cancelled: <HighlightOff />,
  refunded: <Replay />,
};

/** A shop order's state, the same on the customer's and the manager's screens. */
export function OrderStateChip({ state }: { state: ShopOrderState }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={ORDER_STATE_COLORS[state]} icon={ICONS[state]} label={t(`shopOrders.states.${state}`)} />;
}
