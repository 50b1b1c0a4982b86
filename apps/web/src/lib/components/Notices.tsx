import { styled } from "@mui/material/styles";
import { MaterialDesignContent, SnackbarProvider } from "notistack";
import type { ReactNode } from "react";

/** Notices in the theme's darker shades: notistack's own green fails WCAG AA contrast with white text. */
const NoticeContent = styled(MaterialDesignContent)(({ theme }) => ({
  "&.notistack-MuiContent-success": { backgroundColor: theme.palette.success.dark },
  "&.notistack-MuiContent-error": { backgroundColor: theme.palette.error.dark },
  "&.notistack-MuiContent-info": { backgroundColor: theme.palette.info.dark },
  "&.notistack-MuiContent-warning": { backgroundColor: theme.palette.warning.dark },
}));
const NOTICE_COMPONENTS = { success: NoticeContent, error: NoticeContent, info: NoticeContent, warning: NoticeContent, default: NoticeContent };

/**
 * Where notices (lib/notices.tsx) appear. The signed-in layouts and the public booking pages give it, not the app root:
 * the sign-in pages show no notices and so do not load notistack.
 */
export function Notices({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider Components={NOTICE_COMPONENTS} maxSnack={3} anchorOrigin={{ vertical: "bottom", horizontal: "right" }} autoHideDuration={5000}>
      {children}
    </SnackbarProvider>
  );
}
