import { SHELL_FADE_IN_MS } from "@clinic/shared";
import { Box, Fade, Toolbar, useMediaQuery, useTheme } from "@mui/material";
import { Suspense, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { Loading } from "../lib/components/Loading.tsx";
import { useSession } from "../lib/session.ts";
import { prefersReducedMotion } from "../lib/theme.ts";
import { BroadcastBanners } from "../modules/broadcasts/BroadcastBanners.tsx";
import { MembershipBanner } from "../modules/clinic/billing/MembershipBanner.tsx";
import { Notices } from "./Notices.tsx";
import { SideMenu } from "./SideMenu.tsx";
import { TopBar } from "./TopBar.tsx";

/** Side menu, top bar and the page, for signed-in users; everyone else goes to sign in and comes back. */
export function Shell() {
  const { session, isLoading } = useSession();
  const location = useLocation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down("sm"));
  const [menuOpen, setMenuOpen] = useState(false);

  if (isLoading) return <Loading />;
  if (!session) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/accounts/login/?next=${encodeURIComponent(next)}`} replace />;
  }

  return (
    <Notices>
      <Fade in appear timeout={prefersReducedMotion ? 0 : SHELL_FADE_IN_MS}>
        <Box sx={{ display: "flex", minHeight: "100vh" }}>
          <TopBar session={session} mobile={mobile} onMenu={() => setMenuOpen(true)} />
          <SideMenu session={session} mobile={mobile} open={menuOpen} onClose={() => setMenuOpen(false)} />
          <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
            <Toolbar />
            <BroadcastBanners session={session} />
            <MembershipBanner session={session} />
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
      </Fade>
    </Notices>
  );
}
