import { ROUTES } from "@clinic/shared";
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { Navigate, type RouteObject, createBrowserRouter } from "react-router";
import { Loading } from "../lib/components/Loading.tsx";
import { isBuilt } from "../lib/screen-ids.ts";
import { homeOf, useSession } from "../lib/session.ts";
import { RouteGate } from "./RouteGate.tsx";
import { SCREENS } from "./screens.tsx";

/**
 * Every page and layout is a chunk of its own, so the sign-in page loads neither the shell
 * (menu, top bar) nor any screen. A chunk that fails to load (an old tab after a deploy)
 * throws into React's error callbacks, where lib/chunk-reload.ts reloads the page once.
 */
const named = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType) => lazy(() => load().then((module) => ({ default: pick(module) })));
const LoginPage = named(
  () => import("../modules/accounts/LoginPage.tsx"),
  (m) => m.LoginPage,
);
const LogoutPage = named(
  () => import("../modules/accounts/LogoutPage.tsx"),
  (m) => m.LogoutPage,
);
const SetPasswordPage = named(
  () => import("../modules/people/SetPasswordPage.tsx"),
  (m) => m.SetPasswordPage,
);
const NotFoundPage = named(
  () => import("./NotFoundPage.tsx"),
  (m) => m.NotFoundPage,
);
const Shell = named(
  () => import("./Shell.tsx"),
  (m) => m.Shell,
);
const PopupLayout = named(
  () => import("./PopupLayout.tsx"),
  (m) => m.PopupLayout,
);

const Suspended = ({ children }: { children: ReactNode }) => <Suspense fallback={<Loading />}>{children}</Suspense>;

/** The site root sends a signed-in user to their home and anyone else to sign in. */
function SiteRoot() {
  const { session, isLoading } = useSession();
  if (isLoading) return <Loading />;
  return <Navigate to={session ? homeOf(session) : "/accounts/login/"} replace />;
}

/** Routes of the shared registry that have a screen; the rest are not routable yet. */
export function appRoutes(): RouteObject[] {
  const built = ROUTES.filter((entry) => isBuilt(entry.id)).map((entry) => ({
    entry,
    route: {
      path: entry.path,
      handle: { routeId: entry.id },
      element: <RouteGate entry={entry} screen={SCREENS[entry.id as keyof typeof SCREENS]} />,
    } as RouteObject,
  }));
  const shellRoutes = built.filter(({ entry }) => !entry.popup).map(({ route }) => route);
  const popupRoutes = built.filter(({ entry }) => entry.popup).map(({ route }) => route);
  const page = (Page: ComponentType) => (
    <Suspended>
      <Page />
    </Suspended>
  );
  return [
    { path: "/", element: <SiteRoot /> },
    { path: "/accounts/login/", element: page(LoginPage) },
    { path: "/accounts/logout/", element: page(LogoutPage) },
    { path: "/accounts/set-password/", element: page(SetPasswordPage) },
    { element: page(Shell), children: shellRoutes },
    { element: page(PopupLayout), children: popupRoutes },
    { path: "*", element: page(NotFoundPage) },
  ];
}

export const createRouter = () => createBrowserRouter(appRoutes());
