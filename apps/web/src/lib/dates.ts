import { DATE_FORMAT, DATE_TIME_FORMAT } from "@clinic/shared";
import dayjs from "dayjs";

/** Dates travel as ISO 8601 in UTC and show in the viewer's local time (spec §9). */
export const formatDate = (iso: string | Date | null | undefined) => (iso ? dayjs(iso).format(DATE_FORMAT) : "");
export const formatDateTime = (iso: string | Date | null | undefined) => (iso ? dayjs(iso).format(DATE_TIME_FORMAT) : "");

/** An ISO instant as a DateTimeField's value: the viewer's local time to the minute, without a zone. */
export const toLocalInput = (iso: string | null) => (iso ? dayjs(iso).format("YYYY-MM-DDTHH:mm") : "");

/** A DateTimeField's value as an ISO instant in UTC, as the API speaks; "" when empty or not a time (typed text). */
export const fromLocalInput = (local: string) => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return "";
  const parsed = dayjs(local);
  return parsed.isValid() && parsed.format("YYYY-MM-DDTHH:mm") === local ? parsed.toISOString() : "";
};
