import { DATE_FORMAT, DATE_TIME_FORMAT } from "@clinic/shared";
import dayjs from "dayjs";

/** Dates travel as ISO 8601 in UTC and show in the viewer's local time (spec §9). */
export const formatDate = (iso: string | Date | null | undefined) => (iso ? dayjs(iso).format(DATE_FORMAT) : "");
export const formatDateTime = (iso: string | Date | null | undefined) => (iso ? dayjs(iso).format(DATE_TIME_FORMAT) : "");

/** An ISO instant as a `datetime-local` value: that field speaks the browser's local time without a zone. */
export const toLocalInput = (iso: string | null) => (iso ? dayjs(iso).format("YYYY-MM-DDTHH:mm") : "");

/** A `datetime-local` value as an ISO instant in UTC, as the API speaks; "" when empty or not a time. */
export const fromLocalInput = (local: string) => {
  const parsed = dayjs(local);
  return local && parsed.isValid() ? parsed.toISOString() : "";
};
