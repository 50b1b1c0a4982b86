import { type QueryClient, type QueryKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, get } from "./api.ts";
import { addRecords, removeFromCached, replaceInCached, type WithId } from "./collection.ts";
import { useNotices } from "./notices.tsx";
import { translatedFailure } from "./refusals.ts";

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

/** Records an action added to, or changed in, the lists whose query keys start with `list`. */
export interface ListChange {
  list: QueryKey;
  records: WithId[];
}

/** Where a list keeps the records just added to it: beside its pages, never refetched with them. */
export const addedKey = (list: QueryKey): QueryKey => ["added-records", ...list];

/** Forgets what was added to `list` (its reset to the initial state, spec §4). */
export const forgetAdded = (client: QueryClient, list: QueryKey) => client.removeQueries({ queryKey: addedKey(list), exact: true });

/**
 * The records just added to `list` in this session, newest first (spec §4: adding puts the new
 * record first). They stay first until the list is reset, whatever order the server pages in.
 */
export function useAddedRecords<T extends WithId>(list: QueryKey): T[] {
  const client = useQueryClient();
  const key = addedKey(list);
  const { data } = useQuery<T[]>({
    queryKey: key,
    queryFn: () => client.getQueryData<T[]>(key) ?? [],
    initialData: () => client.getQueryData<T[]>(key) ?? [],
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data;
}

/** Applies an action's list changes to the cache: added records first, changed ones replaced where they are, removed ones gone. */
export function applyListChanges(client: QueryClient, changes: { added: ListChange[]; changed: ListChange[]; removed: ListChange[] }): void {
  for (const { list, records } of changes.added) client.setQueryData<WithId[]>(addedKey(list), (current) => addRecords(current ?? [], records));
  const everywhere = (list: QueryKey, update: (cached: unknown) => unknown) => {
    client.setQueriesData({ queryKey: list }, update);
    client.setQueriesData({ queryKey: addedKey(list) }, update);
  };
  for (const { list, records } of changes.changed) for (const record of records) everywhere(list, (cached) => replaceInCached(cached, record));
  for (const { list, records } of changes.removed) for (const record of records) everywhere(list, (cached) => removeFromCached(cached, record.id));
}

export interface ActionOptions<TResult, TInput = unknown> {
  /** Query keys to refetch after success. */
  invalidate?: QueryKey[];
  /**
   * Translated text of the success notice; none for a silent action. Worded as the call answers,
   * before `onSuccess`: closing a dialog there changes what the wording reads (an edit becomes
   * an "add"). An action that switches the language words it with `{ lng }`.
   */
  success?: string | ((result: TResult, input: TInput) => string);
  /** Receives 400 field errors (as the server sent them) so a form can show them on its fields. */
  onFieldErrors?: (fields: Record<string, string[]>) => void;
  /** Records the action created, shown first in these lists (spec §4). */
  adds?: (result: TResult, input: TInput) => ListChange[];
  /** Records the action changed, replaced in place in these lists (spec §4). */
  replaces?: (result: TResult, input: TInput) => ListChange[];
  /** Records the action deleted (only their ids matter), gone from these lists at once (spec §4). */
  removes?: (result: TResult, input: TInput) => ListChange[];
  /** Runs before the lists refetch and the notice shows. */
  onSuccess?: (result: TResult, input: TInput) => void | Promise<void>;
  /** A refusal the screen answers itself too (a 409 shown in its dialog), before the notice. */
  onFailure?: (failure: unknown, input: TInput) => void;
}

/** The notices an action answers with (lib/notices.tsx). */
export interface ActionNotices {
  success: (message: string) => unknown;
  error: (failure: unknown) => unknown;
}

/**
 * What an action does once its call answers (useAction's callbacks, apart so a test can drive
 * them): the success notice worded first, then the lists, `onSuccess`, the refetches and the
 * notice; a failure's fields to the form, then `onFailure`, then its notice in the language of
 * the moment (`t` is read then), each module's refusal texts translated by key.
 */
export function actionCallbacks<TInput, TResult>(options: ActionOptions<TResult, TInput>, deps: { client: QueryClient; notices: ActionNotices; t: TFunction }) {
  return {
    onSuccess: async (result: TResult, input: TInput) => {
      const text = typeof options.success === "function" ? options.success(result, input) : options.success;
      applyListChanges(deps.client, {
        added: options.adds?.(result, input) ?? [],
        changed: options.replaces?.(result, input) ?? [],
        removed: options.removes?.(result, input) ?? [],
      });
      await options.onSuccess?.(result, input);
      await Promise.all((options.invalidate ?? []).map((queryKey) => deps.client.invalidateQueries({ queryKey })));
      if (text) deps.notices.success(text);
    },
    onError: (failure: unknown, input: TInput) => {
      if (failure instanceof ApiError && failure.status === 400) options.onFieldErrors?.(failure.fieldErrors);
      options.onFailure?.(failure, input);
      deps.notices.error(translatedFailure(failure, deps.t));
    },
  };
}

/**
 * The one create, update or delete call of every module (spec §8): success shows
 * "Congratulations" and the text; a 400 maps its fields onto the form; every failure shows
 * "Opps!" with the refusal in the interface language (lib/refusals.ts), or the status.
 */
export function useAction<TInput, TResult>(run: (input: TInput) => Promise<TResult>, options: ActionOptions<TResult, TInput> = {}) {
  const client = useQueryClient();
  const notices = useNotices();
  const { i18n } = useTranslation();
  return useMutation<TResult, unknown, TInput>({ mutationFn: run, ...actionCallbacks(options, { client, notices, t: i18n.t }) });
}
