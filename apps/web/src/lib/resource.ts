import { type QueryKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, get } from "./api.ts";
import { useNotices } from "./notices.tsx";

/** The network block every collection carries (spec §3, §4). */
export interface NetworkStatus {
  isFetching: boolean;
  error: boolean;
  message: string;
  status: number | null;
  lastAction: string | null;
  lastFetched: number | null;
}

/**
 * A server resource: TanStack Query underneath, the spec's network block on top. A failed
 * fetch shows an error notice with its status unless `quiet` (spec §8).
 */
export function useResource<T>(key: QueryKey, path: string | null, options: { quiet?: boolean; action?: string } = {}) {
  const notices = useNotices();
  const { t } = useTranslation();
  const notified = useRef<unknown>(null);
  const query = useQuery<T, ApiError>({
    queryKey: key,
    queryFn: ({ signal }) => get<T>(path as string, signal),
    enabled: path !== null,
  });
  if (query.error && notified.current !== query.error && !options.quiet) {
    notified.current = query.error;
    queueMicrotask(() => notices.error(query.error));
  }
  const network: NetworkStatus = {
    isFetching: query.isFetching,
    error: query.isError,
    message: query.error ? query.error.message || t("notices.fallback") : "",
    status: query.error ? query.error.status : query.isSuccess ? 200 : null,
    lastAction: options.action ?? (Array.isArray(key) ? String(key[0]) : null),
    lastFetched: query.dataUpdatedAt || null,
  };
  return { data: query.data, network, refetch: query.refetch, isLoading: query.isLoading };
}

export interface ActionOptions<TResult> {
  /** Query keys to refetch after success. */
  invalidate?: QueryKey[];
  /** Translated text of the success notice; none for a silent action. */
  success?: string | ((result: TResult) => string);
  /** Receives 400 field errors so a form can show them on its fields. */
  onFieldErrors?: (fields: Record<string, string[]>) => void;
  /** Runs before the notice, so a language switch already speaks in the notice. */
  onSuccess?: (result: TResult) => void | Promise<void>;
}

/**
 * A create, update or delete call (spec §8): success shows "Congratulations" and the text;
 * a 400 maps its fields onto the form and shows the body as an error notice; any other
 * failure shows "Opps!" with the status.
 */
export function useAction<TInput, TResult>(run: (input: TInput) => Promise<TResult>, options: ActionOptions<TResult> = {}) {
  const client = useQueryClient();
  const notices = useNotices();
  return useMutation<TResult, unknown, TInput>({
    mutationFn: run,
    onSuccess: async (result) => {
      await options.onSuccess?.(result);
      await Promise.all((options.invalidate ?? []).map((queryKey) => client.invalidateQueries({ queryKey })));
      const text = typeof options.success === "function" ? options.success(result) : options.success;
      if (text) notices.success(text);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) options.onFieldErrors?.(error.fieldErrors);
      notices.error(error);
    },
  });
}
