import { Drawer } from "@mui/material";
import type { ReactNode } from "react";

interface ShellDrawerProps {
  /** Below the small breakpoint the drawer opens over the page; above it, it stays beside the page. */
  mobile: boolean;
  open: boolean;
  onClose: () => void;
  /** In pixels: the side menu's theme width, or the admin page drawer's slim icon column. */
  width: number;
  children: ReactNode;
}

/** The frame shared by the side menu and the slimmer admin page drawer of the editors. */
export function ShellDrawer({ mobile, open, onClose, width, children }: ShellDrawerProps) {
  return (
    <Drawer
      variant={mobile ? "temporary" : "permanent"}
      open={mobile ? open : true}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{
        width: mobile ? undefined : width,
        flexShrink: 0,
        // A phone's drawer never covers the whole screen, whatever the width asked for.
        "& .MuiDrawer-paper": { width: mobile ? `min(${width}px, 85vw)` : width, boxSizing: "border-box" },
      }}
    >
      {children}
    </Drawer>
  );
}
