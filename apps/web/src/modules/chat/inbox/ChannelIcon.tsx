import type { ChatChannel } from "@clinic/shared";
import PhoneAndroidOutlined from "@mui/icons-material/PhoneAndroidOutlined";
import WhatsApp from "@mui/icons-material/WhatsApp";
import { useTranslation } from "react-i18next";

/** WhatsApp's mark or the app's phone, named for screen readers. */
export function ChannelIcon({ channel }: { channel: ChatChannel }) {
  const { t } = useTranslation();
  const label = t(`chat.channels.${channel}`);
  return channel === "whatsapp" ? (
    <WhatsApp fontSize="small" sx={{ color: "#1a7f37" }} titleAccess={label} />
  ) : (
    <PhoneAndroidOutlined fontSize="small" color="primary" titleAccess={label} />
  );
}
