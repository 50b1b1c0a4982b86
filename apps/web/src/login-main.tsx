// First: it prepares what libraries that write styles while they load need (csp.ts).
import "./lib/csp.ts";
import type { SessionState } from "@clinic/shared";
import { CacheProvider } from "@emotion/react";
import { CssBaseline, ThemeProvider } from "@mui/material";
import { type ReactNode, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ApiError, get } from "./lib/api.ts";
import { installChunkReload, reloadAfterChunkError } from "./lib/chunk-reload.ts";
import { Loading } from "./lib/components/Loading.tsx";
import { emotionCache } from "./lib/csp.ts";
import { theme } from "./lib/theme.ts";
import { destinationOf, LoginPage } from "./modules/accounts/LoginPage.tsx";
import { initLoginI18n } from "./modules/accounts/login-i18n.ts";

/**
 * The sign-in page's own entry (login.html, which the server sends for /accounts/login/): React,
 * the app's theme and the page's texts, without the router, the query cache or the shell, so it
 * loads a fraction of what the app does. Signing in then loads the app in full.
 */
installChunkReload();

/** The signed-in user's state, or null when signed out. */
async function currentSession(): Promise<SessionState | null> {
  try {
    return await get<SessionState>("/api/get-user-profile/");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

const root = createRoot(document.getElementById("root") as HTMLElement, {
  // A chunk that fails to load (zod on submit, the other language, after a deploy) reloads the page once.
  onCaughtError: (error, info) => {
    if (!reloadAfterChunkError(error)) console.error(error, info.componentStack);
  },
  onUncaughtError: (error) => {
    if (!reloadAfterChunkError(error)) reportError(error);
  },
});

const show = (page: ReactNode) =>
  root.render(
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {page}
        </ThemeProvider>
      </CacheProvider>
    </StrictMode>,
  );

show(<Loading />);
// The texts and the session are asked for together; a visitor already signed in goes on at once.
const session = currentSession().catch(() => null);
Promise.all([session, initLoginI18n()]).then(
  ([state]) => {
    if (state) window.location.replace(destinationOf(state));
    else show(<LoginPage />);
  },
  (error: unknown) => {
    if (!reloadAfterChunkError(error)) reportError(error);
  },
);
