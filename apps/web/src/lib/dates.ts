import { DATE_FORMAT, DATE_TIME_FORMAT } from "@clinic/shared";
import dayjs from "dayjs";

/** Dates travel as ISO 8601 in UTC and show in the viewer's local time (spec §9). */
export const formatDate = (iso: string | Date | null | undefined) => (iso ? dayjs(iso).format(DATE_FORMAT) : "");
export const formatDateTime = (iso: string | Date | null | undefined) => (iso ? dayjs(iso).format(DATE_TIME_FORMAT) : "");
