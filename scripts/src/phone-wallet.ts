/** `npm run phone-wallet`: for trying WalletConnect by hand against `npm start`, its key in DATA_DIR. */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import "dotenv/config";
import { ARBITRUM_ONE_CHAIN_ID } from "@tube/common/constants";
import { loadTlsIdentity } from "@tube/local-world/network-border/tls-identity";
import { routeBorderHostsFromNode } from "@tube/local-world/network-border/border-request";
import { startPhoneWallet } from "@tube/local-world/wallet-connect/phone-wallet";
import type { Hex } from "thirdweb";
import { runningWorldOrExit } from "@tube/local-world/running-world";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { chain: { type: "string", multiple: true } },
});
const [uri] = positionals;
if (!uri?.startsWith("wc:")) {
  console.error("Usage: npm run phone-wallet -- '<wc: URI from the page>' [--chain <id>]…");
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
const setup = runningWorldOrExit(dataDir);

const { rpcUrl } = (await (await fetch(`${setup.url}/api/config`)).json()) as { rpcUrl: string };
const keyFile = path.join(dataDir, "network-border", "phone-wallet-key");
if (!fs.existsSync(keyFile)) fs.writeFileSync(keyFile, `0x${randomBytes(32).toString("hex")}`, { mode: 0o600 });
routeBorderHostsFromNode({ port: setup.border.port, certificatePem: loadTlsIdentity(dataDir).certificatePem });
const wallet = await startPhoneWallet({
  borderPort: setup.border.port,
  rpcUrl,
  privateKey: fs.readFileSync(keyFile, "utf8").trim() as Hex,
  fund: true,
  behaviour: { chains: (values.chain ?? [String(ARBITRUM_ONE_CHAIN_ID)]).map(Number) },
  onAnswered: ({ method, answer }) => console.log(`  ${method}: ${answer === "ok" ? "done" : `refused (${answer})`}`),
});
console.log(`Phone wallet ${wallet.address} pairing…`);
await wallet.pair(uri);
console.log(wallet.session() ? "Session approved. Ctrl-C disconnects." : "The proposal was not approved.");

process.once("SIGINT", () => {
  void (async () => {
    await wallet.disconnect();
    await wallet.stop();
    process.exit(0);
  })();
});
