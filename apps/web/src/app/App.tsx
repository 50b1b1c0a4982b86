import { CssBaseline, ThemeProvider } from "@mui/material";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SnackbarProvider } from "notistack";
import { useState } from "react";
import { RouterProvider } from "react-router/dom";
import { ApiError } from "../lib/api.ts";
import { LanguageSync } from "./LanguageSync.tsx";
import { createRouter } from "./router.tsx";
import { theme } from "./theme.ts";

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refusal or a missing record will not change by asking again.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function App() {
  const [client] = useState(makeQueryClient);
  const [router] = useState(createRouter);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: "bottom", horizontal: "right" }} autoHideDuration={5000}>
          <LanguageSync />
          <RouterProvider router={router} />
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
