import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { Loading } from "../../lib/components/Loading.tsx";
import { SESSION_KEY, signOut } from "../../lib/session.ts";

/** Ends the session on the server, forgets cached data, and lands on the sign-in page. */
export function LogoutPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    signOut()
      .catch(() => undefined)
      .finally(() => {
        if (cancelled) return;
        client.clear();
        client.setQueryData(SESSION_KEY, null);
        navigate("/accounts/login/", { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [client, navigate]);
  return <Loading />;
}
