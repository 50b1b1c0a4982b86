import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PublicPageFrame } from "../../../lib/components/PublicPageFrame.tsx";

/** The frame of the public booking pages, headed by the service's name. */
export function PublicLayout({ serviceName, children }: { serviceName: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  const heading = serviceName ?? t("bookingPublic.appName");
  return (
    <PublicPageFrame
      heading={heading}
      documentTitle={heading}
      languageLabel={t("bookingPublic.language")}
      languageNames={{ en: t("bookingPublic.languages.en"), es: t("bookingPublic.languages.es") }}
      width="md"
    >
      {children}
    </PublicPageFrame>
  );
}
