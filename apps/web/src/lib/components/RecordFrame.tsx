import ArrowBack from "@mui/icons-material/ArrowBack";
import { Alert, Button, Stack } from "@mui/material";
import type { ReactNode } from "react";
import { Link as RouterLink, useParams } from "react-router";
import type { NetworkStatus } from "../resource.ts";
import { Loading } from "./Loading.tsx";

/** The record id in the address's `param`, or null when it is not one (so nothing is asked for). */
export function usePathId(param: string): number | null {
  const id = Number(useParams()[param]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * A page of one record (a quote): the way back to its list above it, and in its place "not
 * found" (an id that is none, a 404: another's or gone), "could not load" or the spinner until
 * it has loaded. Texts come translated from the page.
 */
export function RecordFrame<T>(props: {
  id: number | null;
  record: { data: T | undefined; network: NetworkStatus };
  back: { to: string; label: string };
  texts: { notFound: string; loadError: string };
  children: (record: T) => ReactNode;
}) {
  const { id, record, texts } = props;
  const back = (
    <div>
      <Button component={RouterLink} to={props.back.to} startIcon={<ArrowBack />}>
        {props.back.label}
      </Button>
    </div>
  );
  if (id === null || record.network.status === 404)
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="warning">{texts.notFound}</Alert>
      </Stack>
    );
  if (!record.data)
    return record.network.error ? (
      <Stack spacing={2}>
        {back}
        <Alert severity="error">{texts.loadError}</Alert>
      </Stack>
    ) : (
      <Loading />
    );
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {back}
      {props.children(record.data)}
    </Stack>
  );
}
