import { ROUTES } from "@clinic/shared";
import { Navigate, type RouteObject, createBrowserRouter } from "react-router";
import { LoginPage } from "../modules/accounts/LoginPage.tsx";
import { LogoutPage } from "../modules/accounts/LogoutPage.tsx";
import { SetPasswordPage } from "../modules/people/SetPasswordPage.tsx";
import { homeOf, useSession } from "../lib/session.ts";
import { NotFoundPage } from "./NotFoundPage.tsx";
import { PopupLayout } from "./PopupLayout.tsx";
import { RouteGate } from "./RouteGate.tsx";
import { SCREENS } from "./screens.tsx";
import { Loading, Shell } from "./Shell.tsx";

/** The site root sends a signed-in user to their home and anyone else to sign in. */
function SiteRoot() {
  const { session, isLoading } = useSession();
  if (isLoading) return <Loading />;
  return <Navigate to={session ? homeOf(session) : "/accounts/login/"} replace />;
}

/** Routes of the shared registry that have a screen; the rest are not routable yet. */
export function appRoutes(): RouteObject[] {
  const built = ROUTES.filter((entry) => entry.id in SCREENS).map((entry) => ({
    entry,
    route: { path: entry.path, handle: { routeId: entry.id }, element: <RouteGate entry={entry} screen={SCREENS[entry.id]} /> } as RouteObject,
  }));
  const shellRoutes = built.filter(({ entry }) => !entry.popup).map(({ route }) => route);
  const popupRoutes = built.filter(({ entry }) => entry.popup).map(({ route }) => route);
  return [
    { path: "/", element: <SiteRoot /> },
    { path: "/accounts/login/", element: <LoginPage /> },
    { path: "/accounts/logout/", element: <LogoutPage /> },
    { path: "/accounts/set-password/", element: <SetPasswordPage /> },
    { element: <Shell />, children: shellRoutes },
    { element: <PopupLayout />, children: popupRoutes },
    { path: "*", element: <NotFoundPage /> },
  ];
}

export const createRouter = () => createBrowserRouter(appRoutes());
