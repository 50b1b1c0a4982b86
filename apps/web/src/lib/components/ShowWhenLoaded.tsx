import { Box } from "@mui/material";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Loading } from "./Loading.tsx";

/** Longest a page stays hidden for a slow answer: past it, it shows as far as it got. */
export const SHOW_AT_THE_LATEST_MS = 2500;

/** Whether a query still has nothing to show and is asking for it (a refetch of shown data does not count). */
export const stillLoading = (client: QueryClient): boolean => client.isFetching({ predicate: (query) => query.state.data === undefined }) > 0;

/**
 * Lays a page out hidden until the queries it started on mounting have answered for the first
 * time (or SHOW_AT_THE_LATEST_MS), then shows it whole: cards that fill in one by one push those
 * below them down the screen (layout shift, the patient home's CLS in issue 34), and a reader
 * loses their place. A spinner stands over it meanwhile. Data already in the cache shows at once.
 */
export function ShowWhenLoaded({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    const check = () => {
      if (!stillLoading(client)) setShown(true);
    };
    // Effects run children first: by now the page's cards have started their queries.
    check();
    return client.getQueryCache().subscribe(check);
  }, [client, shown]);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), SHOW_AT_THE_LATEST_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Box sx={{ position: "relative" }} aria-busy={!shown}>
      {shown ? null : (
        <Box sx={{ position: "absolute", inset: 0, zIndex: 1 }}>
          <Loading />
        </Box>
      )}
      <Box sx={shown ? undefined : { visibility: "hidden" }}>{children}</Box>
    </Box>
  );
}
