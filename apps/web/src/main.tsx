// First: it prepares what libraries that write styles while they load need (csp.ts).
import "./lib/csp.ts";
import { CacheProvider } from "@emotion/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { installChunkReload, reloadAfterChunkError } from "./lib/chunk-reload.ts";
import { emotionCache } from "./lib/csp.ts";
import i18next from "i18next";
import { initI18n } from "./lib/i18n.ts";
import { bootOffline, manifestLanguage } from "./lib/offline/boot.ts";

installChunkReload();
// Before the first call: a patient's reads are kept on the device, and answered from it offline.
bootOffline();
i18next.on("languageChanged", manifestLanguage);
initI18n();
createRoot(document.getElementById("root") as HTMLElement, {
  // A screen's lazy chunk that fails to load (an old tab after a deploy) reloads the page once.
  onCaughtError: (error, info) => {
    if (!reloadAfterChunkError(error)) console.error(error, info.componentStack);
  },
  onUncaughtError: (error) => {
    if (!reloadAfterChunkError(error)) reportError(error);
  },
}).render(
  <StrictMode>
    <CacheProvider value={emotionCache}>
      <App />
    </CacheProvider>
  </StrictMode>,
);
