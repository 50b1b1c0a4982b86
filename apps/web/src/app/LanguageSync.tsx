import { useEffect } from "react";
import { setLanguage } from "../lib/i18n.ts";
import { useSession } from "../lib/session.ts";

/** Once signed in, the user's saved language wins over the browser's. */
export function LanguageSync() {
  const { session } = useSession();
  const language = session?.userData.language;
  useEffect(() => {
    if (language) void setLanguage(language);
  }, [language]);
  return null;
}
