import { lazy, Suspense } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { Loading } from "../lib/components/Loading.tsx";
import { useSession } from "../lib/session.ts";
import { Notices } from "../lib/components/Notices.tsx";

// The device's outbox and sync (issue 43) load after the page, as in the shell.
const DeviceSync = lazy(() => import("../modules/offline/DeviceSync.tsx").then((module) => ({ default: module.DeviceSync })));

/** Pages opened in a window of their own (the upload picker): signed-in only, without the shell. */
export function PopupLayout() {
  const { session, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <Loading />;
  if (!session) return <Navigate to={`/accounts/login/?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`} replace />;
  return (
    <Notices>
      {/* A game's page: the outbox is sent from here too, and nothing interrupts the game. */}
      <Suspense fallback={null}>
        <DeviceSync session={session} banners={false} />
      </Suspense>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </Notices>
  );
}
