import { CssBaseline, ThemeProvider } from "@mui/material";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { RouterProvider } from "react-router/dom";
import { ApiError } from "../lib/api.ts";
import { prefetchSession, SESSION_KEY } from "../lib/session.ts";
import { LanguageSync } from "./LanguageSync.tsx";
import { createRouter, preloadPage } from "./router.tsx";
import { theme } from "../lib/theme.ts";

function makeQueryClient() {
  // A 401 from any call means the session ended (idle, lifetime, signed out elsewhere):
  // forgetting it sends the shell to the sign-in page, which brings the user back here.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) client.setQueryData(SESSION_KEY, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // A refusal or a missing record will not change by asking again.
        // Offline, asking again cannot help either.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2 && navigator.onLine,
        refetchOnWindowFocus: false,
        // Offline, a patient's reads are answered from the device (lib/offline): they must run, not pause.
        networkMode: "always",
      },
      mutations: { networkMode: "always" },
    },
  });
  return client;
}

export function App() {
  const [client] = useState(makeQueryClient);
  const [router] = useState(() => {
    // The first page's chunks and, on a signed-in page, the session: together, before anything renders.
    if (preloadPage(window.location.pathname)) prefetchSession(client);
    return createRouter();
  });
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <LanguageSync />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
