import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createThirdwebClient } from "thirdweb";
import { privateKeyToAccount } from "thirdweb/wallets";

/** One key per Google account, from a secret in the data dir: the same address on every visit and restart. */
export function loadWalletKeys(dataDir: string) {
  const file = path.join(dataDir, "network-border", "embedded-wallet-seed");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  const seed = fs.readFileSync(file, "utf8").trim();
  // Signing never leaves the process: the client is only the SDK's way in.
  const client = createThirdwebClient({ clientId: "embedded-wallet-stand-in" });
  return {
    accountFor: (googleSub: string) =>
      privateKeyToAccount({ client, privateKey: `0x${createHmac("sha256", seed).update(googleSub).digest("hex")}` }),
  };
}

export type WalletKeys = ReturnType<typeof loadWalletKeys>;
