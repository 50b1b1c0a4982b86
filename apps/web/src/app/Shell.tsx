import { SHELL_FADE_IN_MS } from "@clinic/shared";
import { Box, Toolbar, useMediaQuery, useTheme } from "@mui/material";
import { keyframes } from "@mui/material/styles";
import { Suspense, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { Loading } from "../lib/components/Loading.tsx";
import { useSession } from "../lib/session.ts";
import { prefersReducedMotion } from "../lib/theme.ts";
import { BroadcastBanners } from "../modules/broadcasts/BroadcastBanners.tsx";
import { MembershipBanner } from "../modules/clinic/billing/MembershipBanner.tsx";
import { Notices } from "../lib/components/Notices.tsx";
import { SideMenu } from "./SideMenu.tsx";
import { TopBar } from "./TopBar.tsx";

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
      <Box
        sx={{
          display: "flex",
          minHeight: "100vh",
          animation: prefersReducedMotion ? undefined : `${fadeIn} ${SHELL_FADE_IN_MS}ms ${theme.transitions.easing.easeInOut}`,
        }}
      >
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
    </Notices>
  );
}
