import type { SessionState } from "@clinic/shared";
import HomeOutlined from "@mui/icons-material/HomeOutlined";
import { Box, Divider, List, ListItem, ListItemButton, ListItemIcon, Tooltip } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation } from "react-router";
import { currentLanguage } from "../lib/i18n.ts";
import { menuFor } from "./menu.ts";
import { RouteIcon } from "./RouteIcon.tsx";
import { ShellDrawer } from "./ShellDrawer.tsx";

/** Wide enough for a 24 px icon with a 48 px touch target and its padding. */
export const ADMIN_PAGE_DRAWER_WIDTH = 72;

interface AdminPageDrawerProps {
  session: SessionState;
  /** Below the small breakpoint it opens over the page from the editor navbar's menu button. */
  mobile: boolean;
  open: boolean;
  onClose: () => void;
}

function DrawerLink({
  label,
  selected,
  children,
  ...target
}: { label: string; selected?: boolean; children: ReactNode } & ({ to: string } | { href: string }) & { onClick: () => void }) {
  const link = "to" in target ? { component: RouterLink, to: target.to } : { component: "a" as const, href: target.href };
  return (
    <ListItem disablePadding sx={{ justifyContent: "center" }}>
      {/* The tooltip shows the name to sighted users; aria-label gives it to everyone else (the icon is decorative). */}
      <Tooltip title={label} placement="right">
        <ListItemButton
          {...link}
          onClick={target.onClick}
          selected={selected}
          aria-current={selected ? "page" : undefined}
          aria-label={label}
          sx={{ justifyContent: "center", minHeight: 48, px: 0, mx: 1, borderRadius: 2 }}
        >
          <ListItemIcon sx={{ minWidth: 0 }}>{children}</ListItemIcon>
        </ListItemButton>
      </Tooltip>
    </ListItem>
  );
}

/**
 * Spec §2: "When an editor navbar is present, a slim navigation drawer labelled as the admin page
 * drawer appears instead" of the side menu. The same destinations as the side menu, icons only,
 * so the editor keeps the width for the page being edited.
 */
export function AdminPageDrawer({ session, mobile, open, onClose }: AdminPageDrawerProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const language = currentLanguage();
  const routes = menuFor(session).flatMap((group) => group.routes);
  return (
    <ShellDrawer mobile={mobile} open={open} onClose={onClose} width={ADMIN_PAGE_DRAWER_WIDTH}>
      <Box component="nav" aria-label={t("editorShell.drawer")} sx={{ overflowY: "auto", py: 1 }}>
        <List dense disablePadding>
          <DrawerLink label={t("shell.home")} href="/" onClick={onClose}>
            <HomeOutlined />
          </DrawerLink>
        </List>
        <Divider sx={{ my: 1 }} />
        <List dense disablePadding>
          {routes.map((entry) => (
            <DrawerLink
              key={entry.id}
              label={entry.title[language]}
              to={entry.path}
              selected={pathname === entry.path || pathname.startsWith(`${entry.path}/`)}
              onClick={onClose}
            >
              <RouteIcon routeId={entry.id} />
            </DrawerLink>
          ))}
        </List>
      </Box>
    </ShellDrawer>
  );
}
