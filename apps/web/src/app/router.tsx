import { ROUTES } from "@clinic/shared";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from "react";
import { Navigate, type RouteObject, createBrowserRouter, matchPath } from "react-router";
import { Loading } from "../lib/components/Loading.tsx";
import { isBuilt, type ScreenId } from "../lib/screen-ids.ts";
import { homeOf, useSession } from "../lib/session.ts";
import { ErrorPage } from "./ErrorPage.tsx";
import { RouteGate } from "./RouteGate.tsx";
import { SCREEN_LOADERS, SCREENS } from "./screens.tsx";

/**
 * Every page and layout is a chunk of its own, so a page loads neither the shell (menu, top
 * bar) nor any screen it does not show. A chunk that fails to load (an old tab after a deploy)
 * throws into React's error callbacks, where lib/chunk-reload.ts reloads the page once.
 */
const named = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType) => lazy(() => load().then((module) => ({ default: pick(module) })));
const LogoutPage = named(
  () => import("../modules/accounts/LogoutPage.tsx"),
  (m) => m.LogoutPage,
);
const SetPasswordPage = named(
  () => import("../modules/people/SetPasswordPage.tsx"),
  (m) => m.SetPasswordPage,
);
// The booking app's public pages: reached without an account, outside the shell.
const BookingPage = named(
  () => import("../modules/booking/public/BookingPage.tsx"),
  (m) => m.BookingPage,
);
const MyBookingPage = named(
  () => import("../modules/booking/public/MyBookingPage.tsx"),
  (m) => m.MyBookingPage,
);
// The CRM's one-click unsubscribe page (issue 36): opened from an email, without an account.
const UnsubscribePage = named(
  () => import("../modules/crm/email/UnsubscribePage.tsx"),
  (m) => m.UnsubscribePage,
);
// The events' public page and a registrant's ticket (issue 37): without an account.
const PublicEventPage = named(
  () => import("../modules/events/public/PublicEventPage.tsx"),
  (m) => m.PublicEventPage,
);
const TicketPage = named(
  () => import("../modules/events/public/TicketPage.tsx"),
  (m) => m.TicketPage,
);
// The insurance quoter's private link (issue 38): the applicant reads, accepts or declines a quote without an account.
const InsuranceQuotePage = named(
  () => import("../modules/quoters/insurance/public/PublicQuotePage.tsx"),
  (m) => m.PublicQuotePage,
);
// The product quoter's private link (issue 38): the client reads, accepts or declines a quote without an account.
const PublicQuotePage = named(
  () => import("../modules/quoters/products/public/PublicQuotePage.tsx"),
  (m) => m.PublicQuotePage,
);
const NotFoundPage = named(
  () => import("./NotFoundPage.tsx"),
  (m) => m.NotFoundPage,
);
const loadShell = () => import("./Shell.tsx");
const Shell = named(loadShell, (m) => m.Shell);
const loadPopupLayout = () => import("./PopupLayout.tsx");
const PopupLayout = named(loadPopupLayout, (m) => m.PopupLayout);

const Suspended = ({ children }: { children: ReactNode }) => <Suspense fallback={<Loading />}>{children}</Suspense>;

/** Where the server sent the app (index.html) on this page load. */
const firstPath = typeof window === "undefined" ? "" : window.location.pathname;

/**
 * The sign-in page is not part of the app: it is a light page of its own (login.html, sent by the
 * server for /accounts/login/). The app's redirects to it (session ended, sign-out) land here and
 * load it in full, keeping `?next=`. Had the server sent the app for that address, loading it
 * again would loop: that is a server out of step with this build, and it says so.
 */
function SignInPage() {
  useEffect(() => {
    if (firstPath.startsWith("/accounts/login")) throw new Error("The server sent the app, not login.html, for the sign-in page.");
    window.location.replace(window.location.href);
  }, []);
  return <Loading />;
}

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
    { path: "/accounts/login/", element: <SignInPage /> },
    { path: "/accounts/logout/", element: page(LogoutPage) },
    { path: "/accounts/set-password/", element: page(SetPasswordPage) },
    { path: "/schedule/app/booking/:slug", element: page(BookingPage) },
    { path: "/schedule/app/my-booking/:token", element: page(MyBookingPage) },
    { path: "/crm/unsubscribe/:token", element: page(UnsubscribePage) },
    { path: "/events/:slug", element: page(PublicEventPage) },
    { path: "/events/ticket/:token", element: page(TicketPage) },
    { path: "/quoter/quote/:token", element: page(InsuranceQuotePage) },
    { path: "/quotes/:token", element: page(PublicQuotePage) },
    { element: page(Shell), children: shellRoutes },
    { element: page(PopupLayout), children: popupRoutes },
    { path: "*", element: page(NotFoundPage) },
    // A page that throws while rendering shows the error page (with the server's reference, when it has one).
  ].map((route): RouteObject => ({ ...route, errorElement: <ErrorPage /> }));
}

/** The registry route with a screen that `pathname` opens, if any. */
export function routeAt(pathname: string) {
  return ROUTES.find((route) => isBuilt(route.id) && matchPath(route.path, pathname) !== null);
}

/**
 * Asks for the chunks of the page at `pathname` (its layout and screen) at once, when it is a
 * signed-in page of the registry: rendered in turn, each would wait for the one above it, a round
 * trip each, and the screen for the session call too. Answers whether it was such a page.
 */
export function preloadPage(pathname: string): boolean {
  const entry = routeAt(pathname);
  if (!entry) return false;
  // A chunk that fails here fails again, and reloads the page, when it renders (lib/chunk-reload.ts).
  const quietly = (load: () => Promise<unknown>) => void load().catch(() => undefined);
  quietly(entry.popup ? loadPopupLayout : loadShell);
  quietly(SCREEN_LOADERS[entry.id as ScreenId]);
  return true;
}

export const createRouter = () => createBrowserRouter(appRoutes());
