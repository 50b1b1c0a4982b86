import { SHELL_FADE_IN_MS, type SessionState } from "@clinic/shared";
import MenuIcon from "@mui/icons-material/Menu";
import { AppBar, Box, IconButton, ThemeProvider, Toolbar, useMediaQuery, useTheme } from "@mui/material";
import { keyframes } from "@mui/material/styles";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { Loading } from "../lib/components/Loading.tsx";
import { useSession } from "../lib/session.ts";
import { prefersReducedMotion, sideMenuWidth, themeFor, WIDE_SCREEN } from "../lib/theme.ts";
import { BroadcastBanners } from "../modules/broadcasts/BroadcastBanners.tsx";
import { MembershipBanner } from "../modules/clinic/billing/MembershipBanner.tsx";
import { AiChatLauncher } from "../modules/ai/widget/launcher/AiChatLauncher.tsx";
import { Notices } from "../lib/components/Notices.tsx";
import { ADMIN_PAGE_DRAWER_WIDTH, AdminPageDrawer } from "./AdminPageDrawer.tsx";
import { EditorNavbarContext, useEditorNavbarHost } from "../lib/editor-navbar.tsx";
import { SideMenu } from "./SideMenu.tsx";
import { TopBar } from "./TopBar.tsx";

// The device's outbox, sync and banners (issue 43) load after the shell: every page would carry them.
const DeviceSync = lazy(() => import("../modules/offline/DeviceSync.tsx").then((module) => ({ default: module.DeviceSync })));

/**
 * The shell's fade-in (spec: one second). From all but transparent, not from 0: browsers take
 * nothing painted at opacity 0 as content, and an opacity animated on the compositor is not
 * painted again, so a page drawn during the fade had no largest contentful paint at all (the
 * storefront's Lighthouse run, issue 34).
 */
const fadeIn = keyframes`
  from { opacity: 0.01; }
  to { opacity: 1; }
`;

interface ShellFrameProps {
  session: SessionState;
  mobile: boolean;
  /** An editor navbar is mounted (spec §2): its bar replaces the top bar, the admin page drawer the side menu. */
  editing: boolean;
  /** The element the editor navbar is drawn into (editor-navbar.tsx). */
  setSlot?: (node: HTMLElement | null) => void;
  children: ReactNode;
}

/** The frame around the page: the top bar and side menu, or, while an editor navbar is mounted, its bar and the admin page drawer. */
export function ShellFrame({ session, mobile, editing, setSlot, children }: ShellFrameProps) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  const wide = useMediaQuery(useTheme().breakpoints.up(WIDE_SCREEN));
  const menuWidth = sideMenuWidth(session.userData.theme, wide);
  const offset = mobile ? 0 : editing ? ADMIN_PAGE_DRAWER_WIDTH : menuWidth;
  return (
    <>
      {editing ? (
        <AppBar
          position="fixed"
          color="inherit"
          elevation={0}
          sx={{ borderBottom: 1, borderColor: "divider", width: `calc(100% - ${offset}px)`, ml: `${offset}px` }}
        >
          <Box sx={{ display: "flex", alignItems: "center" }}>
            {mobile ? (
              <IconButton onClick={() => setMenuOpen(true)} aria-label={t("editorShell.openDrawer")} sx={{ ml: 1 }}>
                <MenuIcon />
              </IconButton>
            ) : null}
            <Box ref={setSlot} sx={{ flexGrow: 1, minWidth: 0 }} />
          </Box>
        </AppBar>
      ) : (
        <TopBar session={session} mobile={mobile} onMenu={() => setMenuOpen(true)} menuWidth={menuWidth} />
      )}
      {editing ? (
        <AdminPageDrawer session={session} mobile={mobile} open={menuOpen} onClose={close} />
      ) : (
        <SideMenu session={session} mobile={mobile} open={menuOpen} onClose={close} width={menuWidth} />
      )}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <Suspense fallback={null}>
          <DeviceSync session={session} />
        </Suspense>
        <BroadcastBanners session={session} />
        <MembershipBanner session={session} />
        {children}
      </Box>
    </>
  );
}

/** Side menu, top bar and the page, for signed-in users; everyone else goes to sign in and comes back. */
export function Shell() {
  const { session, isLoading } = useSession();
  const location = useLocation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down("sm"));
  const { editing, host, setSlot } = useEditorNavbarHost();

  if (isLoading) return <Loading />;
  if (!session) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/accounts/login/?next=${encodeURIComponent(next)}`} replace />;
  }

  return (
    // The user's theme (spec §9), from the session: a change saved in Config shows once the session is read again.
    <ThemeProvider theme={themeFor(session.userData.theme)}>
      <Notices>
        <EditorNavbarContext.Provider value={host}>
          <Box
            sx={{
              display: "flex",
              minHeight: "100vh",
              bgcolor: "background.default",
              animation: prefersReducedMotion ? undefined : `${fadeIn} ${SHELL_FADE_IN_MS}ms ${theme.transitions.easing.easeInOut}`,
            }}
          >
            <ShellFrame session={session} mobile={mobile} editing={editing} setSlot={setSlot}>
              <Suspense fallback={<Loading />}>
                <Outlet />
              </Suspense>
            </ShellFrame>
            <AiChatLauncher session={session} />
          </Box>
        </EditorNavbarContext.Provider>
      </Notices>
    </ThemeProvider>
  );
}
