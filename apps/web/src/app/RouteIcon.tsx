import AppsOutlined from "@mui/icons-material/AppsOutlined";
import CategoryOutlined from "@mui/icons-material/CategoryOutlined";
import ExtensionOutlined from "@mui/icons-material/ExtensionOutlined";
import DashboardOutlined from "@mui/icons-material/DashboardOutlined";
import TipsAndUpdatesOutlined from "@mui/icons-material/TipsAndUpdatesOutlined";
import FolderOutlined from "@mui/icons-material/FolderOutlined";
import FavoriteBorderOutlined from "@mui/icons-material/FavoriteBorderOutlined";
import SettingsOutlined from "@mui/icons-material/SettingsOutlined";
import ToggleOnOutlined from "@mui/icons-material/ToggleOnOutlined";
import type { SvgIconComponent } from "@mui/icons-material";

const ICONS: Record<string, SvgIconComponent> = {
  dashboard: DashboardOutlined,
  patientHome: FavoriteBorderOutlined,
  config: SettingsOutlined,
  flags: ToggleOnOutlined,
  recommendations: TipsAndUpdatesOutlined,
  activities: ExtensionOutlined,
  categories: CategoryOutlined,
  files: FolderOutlined,
};

/** The menu icon of a route; routes without their own share a neutral one. */
export function RouteIcon({ routeId }: { routeId: string }) {
  const Icon = ICONS[routeId] ?? AppsOutlined;
  return <Icon fontSize="small" />;
}
