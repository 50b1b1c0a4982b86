import type { InsuranceProductState, InsuranceQuoteState } from "@clinic/shared";
import ArchiveOutlined from "@mui/icons-material/ArchiveOutlined";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import EditNoteOutlined from "@mui/icons-material/EditNoteOutlined";
import HighlightOff from "@mui/icons-material/HighlightOff";
import SendOutlined from "@mui/icons-material/SendOutlined";
import TimerOffOutlined from "@mui/icons-material/TimerOffOutlined";
import VerifiedOutlined from "@mui/icons-material/VerifiedOutlined";
import { Chip } from "@mui/material";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { QUOTE_STATE_COLORS } from "./format.ts";

// An icon and a word on every chip: a state never rests on colour alone.
const QUOTE_ICONS: Record<InsuranceQuoteState, ReactElement> = {
  draft: <EditNoteOutlined />,
  sent: <SendOutlined />,
  accepted: <CheckCircleOutline />,
  declined: <HighlightOff />,
  expired: <TimerOffOutlined />,
  bound: <VerifiedOutlined />,
};

/** A quote's state: draft, sent, accepted, declined, expired or bound into a policy. */
export function QuoteStateChip({ state }: { state: InsuranceQuoteState }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={QUOTE_STATE_COLORS[state]} icon={QUOTE_ICONS[state]} label={t(`quoter.states.${state}`)} />;
}

/** A product's state: active (offered) or archived (kept for its quotes, offered no more). */
export function ProductStateChip({ state }: { state: InsuranceProductState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={state === "active" ? "success" : "default"}
      icon={state === "active" ? <CheckCircleOutline /> : <ArchiveOutlined />}
      label={t(`quoter.productStates.${state}`)}
    />
  );
}
