import { STATISTICS_MESSAGES } from "@clinic/shared";
import type { TFunction } from "i18next";
import { registerRefusals } from "../../../lib/refusals.ts";

type StatisticsMessage = keyof typeof STATISTICS_MESSAGES;
const KEYS = new Map(Object.entries(STATISTICS_MESSAGES).map(([key, message]) => [message as string, key as StatisticsMessage]));

/**
 * A statistics message in the interface language: the API's (and the shared schemas') English
 * STATISTICS_MESSAGES by key; any other text is the server's own words and stays as it is.
 */
export function translateStatisticsMessage(message: string, t: TFunction): string {
  const key = KEYS.get(message);
  return key ? t(`statistics.messages.${key}`) : message;
}

registerRefusals((t, message) => translateStatisticsMessage(message, t));

/** A 400's field errors, each field's messages translated and joined. */
export function statisticsFieldErrors(fields: Record<string, string[]>, t: TFunction): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [field, messages.map((message) => translateStatisticsMessage(message, t)).join(" ")]),
  );
}
