/** thirdweb's picker dressed as the app's buttons: each colour the Chakra token named beside it (tested). */
import type { CSSProperties } from "react";
import { lightTheme } from "thirdweb/react";

export const THIRDWEB_COLORS = {
  primaryButtonBg: "#ffffff", // colors.white
  primaryButtonText: "#27272a", // colors.gray.800
  secondaryButtonHoverBg: "#f4f4f5", // colors.gray.100
  accentButtonBg: "#2563eb", // colors.blue.600
  accentButtonText: "#ffffff", // colors.white
  accentText: "#2563eb", // colors.blue.600
  primaryText: "#09090b", // colors.black
  secondaryText: "#52525b", // colors.gray.600
  borderColor: "#e4e4e7", // colors.gray.200
  separatorLine: "#e4e4e7", // colors.gray.200
} as const;

export const THIRDWEB_THEME = lightTheme({ fontFamily: "inherit", colors: THIRDWEB_COLORS });

/** Chakra's button at size md. */
export const MORE_WALLETS_BUTTON_STYLE: CSSProperties = {
  width: "100%",
  minWidth: 0,
  height: "40px",
  paddingInline: "16px",
  borderRadius: "4px",
  border: `1px solid ${THIRDWEB_COLORS.borderColor}`,
  fontSize: "14px",
  fontWeight: 500,
};
