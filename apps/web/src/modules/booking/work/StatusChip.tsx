import type { BookingStatus } from "@clinic/shared";
import { Chip, type ChipProps } from "@mui/material";
import { useTranslation } from "react-i18next";
import "../shared/format.ts";

const STATUS_COLORS: Record<BookingStatus, ChipProps["color"]> = {
  pending: "warning",
  confirmed: "info",
  cancelled: "default",
  completed: "success",
  no_show: "error",
};

/** A booking's status in words, coloured by what it asks of the staff (a held one waits, a no-show stands out). */
export function StatusChip({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={STATUS_COLORS[status]} label={t(`bookingShared.statuses.${status}`)} />;
}
