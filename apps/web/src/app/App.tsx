import { CssBaseline, ThemeProvider } from "@mui/material";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { styled } from "@mui/material/styles";
import { MaterialDesignContent, SnackbarProvider } from "notistack";
import { useState } from "react";
import { RouterProvider } from "react-router/dom";
import { ApiError } from "../lib/api.ts";
import { SESSION_KEY } from "../lib/session.ts";
import { LanguageSync } from "./LanguageSync.tsx";
import { createRouter } from "./router.tsx";
import { theme } from "./theme.ts";

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
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}

/** Notices in the theme's darker shades: notistack's own green fails WCAG AA contrast with white text. */
const NoticeContent = styled(MaterialDesignContent)(({ theme }) => ({
  "&.notistack-MuiContent-success": { backgroundColor: theme.palette.success.dark },
  "&.notistack-MuiContent-error": { backgroundColor: theme.palette.error.dark },
  "&.notistack-MuiContent-info": { backgroundColor: theme.palette.info.dark },
  "&.notistack-MuiContent-warning": { backgroundColor: theme.palette.warning.dark },
}));
const NOTICE_COMPONENTS = { success: NoticeContent, error: NoticeContent, info: NoticeContent, warning: NoticeContent, default: NoticeContent };

export function App() {
  const [client] = useState(makeQueryClient);
  const [router] = useState(createRouter);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <SnackbarProvider Components={NOTICE_COMPONENTS} maxSnack={3} anchorOrigin={{ vertical: "bottom", horizontal: "right" }} autoHideDuration={5000}>
          <LanguageSync />
          <RouterProvider router={router} />
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
