import type { ProductQuoteState } from "@clinic/shared";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import EditNoteOutlined from "@mui/icons-material/EditNoteOutlined";
import HighlightOff from "@mui/icons-material/HighlightOff";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import MarkEmailReadOutlined from "@mui/icons-material/MarkEmailReadOutlined";
import SendOutlined from "@mui/icons-material/SendOutlined";
import ShoppingCartCheckoutOutlined from "@mui/icons-material/ShoppingCartCheckoutOutlined";
import TimerOffOutlined from "@mui/icons-material/TimerOffOutlined";
import { Chip } from "@mui/material";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { QUOTE_STATE_COLORS } from "./format.ts";

// An icon and a word on every chip: a state never rests on colour alone.
const ICONS: Record<ProductQuoteState, ReactElement> = {
  draft: <EditNoteOutlined />,
  sent: <SendOutlined />,
  viewed: <MarkEmailReadOutlined />,
  accepted: <CheckCircleOutline />,
  declined: <HighlightOff />,
  expired: <TimerOffOutlined />,
  converted: <ShoppingCartCheckoutOutlined />,
  revised: <HistoryOutlined />,
};

/** A quote's state: draft, sent, viewed by the client, accepted, declined, expired, converted into an order, or revised. */
export function QuoteStateChip({ state }: { state: ProductQuoteState }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={QUOTE_STATE_COLORS[state]} icon={ICONS[state]} label={t(`productQuoter.states.${state}`)} />;
}
