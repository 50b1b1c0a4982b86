import AppsOutlined from "@mui/icons-material/AppsOutlined";
import ArticleOutlined from "@mui/icons-material/ArticleOutlined";
import MenuOpenOutlined from "@mui/icons-material/MenuOpenOutlined";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import SmartToyOutlined from "@mui/icons-material/SmartToyOutlined";
import TuneOutlined from "@mui/icons-material/TuneOutlined";
import AssignmentOutlined from "@mui/icons-material/AssignmentOutlined";
import CategoryOutlined from "@mui/icons-material/CategoryOutlined";
import ExtensionOutlined from "@mui/icons-material/ExtensionOutlined";
import DashboardOutlined from "@mui/icons-material/DashboardOutlined";
import TipsAndUpdatesOutlined from "@mui/icons-material/TipsAndUpdatesOutlined";
import FolderOutlined from "@mui/icons-material/FolderOutlined";
import FavoriteBorderOutlined from "@mui/icons-material/FavoriteBorderOutlined";
import SettingsOutlined from "@mui/icons-material/SettingsOutlined";
import ToggleOnOutlined from "@mui/icons-material/ToggleOnOutlined";
import CardMembershipOutlined from "@mui/icons-material/CardMembershipOutlined";
import RestaurantOutlined from "@mui/icons-material/RestaurantOutlined";
import ApartmentOutlined from "@mui/icons-material/ApartmentOutlined";
import AdminPanelSettingsOutlined from "@mui/icons-material/AdminPanelSettingsOutlined";
import PolicyOutlined from "@mui/icons-material/PolicyOutlined";
import PeopleAltOutlined from "@mui/icons-material/PeopleAltOutlined";
import SecurityOutlined from "@mui/icons-material/SecurityOutlined";
import EventOutlined from "@mui/icons-material/EventOutlined";
import ScheduleOutlined from "@mui/icons-material/ScheduleOutlined";
import ReceiptLongOutlined from "@mui/icons-material/ReceiptLongOutlined";
import WorkspacePremiumOutlined from "@mui/icons-material/WorkspacePremiumOutlined";
import FactCheckOutlined from "@mui/icons-material/FactCheckOutlined";
import InsightsOutlined from "@mui/icons-material/InsightsOutlined";
import MonitorHeartOutlined from "@mui/icons-material/MonitorHeartOutlined";
import CampaignOutlined from "@mui/icons-material/CampaignOutlined";
import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import SendOutlined from "@mui/icons-material/SendOutlined";
import StoreOutlined from "@mui/icons-material/StoreOutlined";
import StorefrontOutlined from "@mui/icons-material/StorefrontOutlined";
import ShoppingCartOutlined from "@mui/icons-material/ShoppingCartOutlined";
import ReceiptOutlined from "@mui/icons-material/ReceiptOutlined";
import Inventory2Outlined from "@mui/icons-material/Inventory2Outlined";
import WarehouseOutlined from "@mui/icons-material/WarehouseOutlined";
import LocalOfferOutlined from "@mui/icons-material/LocalOfferOutlined";
import RedeemOutlined from "@mui/icons-material/RedeemOutlined";
import BusinessCenterOutlined from "@mui/icons-material/BusinessCenterOutlined";
import ContactsOutlined from "@mui/icons-material/ContactsOutlined";
import FlagOutlined from "@mui/icons-material/FlagOutlined";
import HeadsetMicOutlined from "@mui/icons-material/HeadsetMicOutlined";
import BarChartOutlined from "@mui/icons-material/BarChartOutlined";
import MailOutlined from "@mui/icons-material/MailOutlined";
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
  assign: AssignmentOutlined,
  nutritionPlans: RestaurantOutlined,
  memberships: CardMembershipOutlined,
  getMembership: WorkspacePremiumOutlined,
  paymentHistory: ReceiptLongOutlined,
  users: ApartmentOutlined,
  patients: PeopleAltOutlined,
  userAdmin: AdminPanelSettingsOutlined,
  groups: SecurityOutlined,
  appointments: EventOutlined,
  schedule: ScheduleOutlined,
  forms: FactCheckOutlined,
  statistics: InsightsOutlined,
  test: MonitorHeartOutlined,
  audit: PolicyOutlined,
  globalMessages: CampaignOutlined,
  notifications: NotificationsOutlined,
  message: SendOutlined,
  shopStorefront: StorefrontOutlined,
  shopCart: ShoppingCartOutlined,
  shopMyOrders: ReceiptOutlined,
  shopStoreManager: StoreOutlined,
  shopManager: Inventory2Outlined,
  shopInventory: WarehouseOutlined,
  shopDiscounts: LocalOfferOutlined,
  shopBundles: RedeemOutlined,
  shopOrders: ReceiptLongOutlined,
  crmHome: BusinessCenterOutlined,
  crmUsers: ContactsOutlined,
  crmInitiatives: FlagOutlined,
  crmCallCenter: HeadsetMicOutlined,
  crmStatistics: BarChartOutlined,
  crmEmail: MailOutlined,
  cmsPages: ArticleOutlined,
  cmsMenus: MenuOpenOutlined,
  chat: ForumOutlined,
  chatSettings: TuneOutlined,
  aiChat: SmartToyOutlined,
};

/** The menu icon of a route; routes without their own share a neutral one. */
export function RouteIcon({ routeId }: { routeId: string }) {
  const Icon = ICONS[routeId] ?? AppsOutlined;
  return <Icon fontSize="small" />;
}
