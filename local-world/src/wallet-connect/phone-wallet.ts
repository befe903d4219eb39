import { randomBytes } from "node:crypto";
import { SignClient } from "@walletconnect/sign-client";
import type { SessionTypes } from "@walletconnect/types";
import { getSdkError } from "@walletconnect/utils";
import { createThirdwebClient, prepareTransaction, sendTransaction, type Hex } from "thirdweb";
import { symbol } from "thirdweb/extensions/common";
import { decimals } from "thirdweb/extensions/erc20";
import { privateKeyToAccount } from "thirdweb/wallets";
import { localChain, tokenContract } from "../local-chain.ts";
import { RELAY_HOSTS } from "../network-border/border-hosts.ts";
import { rpc } from "../json-rpc.ts";
import { PHONE_WALLET_PROJECT_ID } from "./reown-dashboard.ts";

/** A test changes it between steps as a visitor would tap differently. */
interface PhoneWalletBehaviour {
  /** Approved on a session; the first is the one it reports. */
  chains: number[];
  rejectSession: boolean;
  /** Answers every request with 4001, as a visitor tapping 'Reject' does. */
  rejectRequests: boolean;
}

/** The wallet's answer: "ok" or the error code. */
interface AnsweredRequest {
  method: string;
  answer: "ok" | number;
}

/** A `wallet_watchAsset`'s token (EIP-747's `options`). */
interface WatchedAsset {
  address: string;
  symbol: string;
  decimals: number;
}

export type PhoneWallet = Awaited<ReturnType<typeof startPhoneWallet>>;

/** The EVM methods thirdweb asks for. */
const METHODS = [
  "eth_sendTransaction",
  "personal_sign",
  "eth_signTypedData_v4",
  "wallet_switchEthereumChain",
  "wallet_addEthereumChain",
  "wallet_watchAsset",
];
const EVENTS = ["chainChanged", "accountsChanged"];

const USER_REJECTED_REQUEST = { code: 4001, message: "User rejected the request." };
const UNRECOGNIZED_CHAIN = { code: -32602, message: "Unrecognized chain ID. Try adding the chain first." };

/** A phone wallet on the SDK's sign-client; as MetaMask Mobile, a switch to an unapproved chain answers -32602. */
export async function startPhoneWallet(options: {
  borderPort: number;
  /** Every approved chain's requests go here. */
  rpcUrl: string;
  privateKey: Hex;
  /** Gives the key 10 ETH on the local chain first. */
  fund?: boolean;
  onAnswered?: (request: AnsweredRequest) => void;
  behaviour?: Partial<PhoneWalletBehaviour>;
}) {
  const account = privateKeyToAccount({
    client: createThirdwebClient({ clientId: "phone-wallet-stand-in" }),
    privateKey: options.privateKey,
  });
  const behaviour: PhoneWalletBehaviour = {
    chains: [42161],
    rejectSession: false,
    rejectRequests: false,
    ...options.behaviour,
  };
  const client = await SignClient.init({
    projectId: PHONE_WALLET_PROJECT_ID,
    relayUrl: `wss://${RELAY_HOSTS[0]}:${options.borderPort}`,
    // Each wallet its own core: the SDK shares one per storage prefix across the process.
    customStoragePrefix: `phone-wallet-${randomBytes(6).toString("hex")}`,
    telemetryEnabled: false,
    logger: "silent",
    metadata: { name: "Phone wallet (stand-in)", description: "", url: "https://wallet.invalid", icons: [] },
  });
  let knownChains = new Set<number>();
  let activeChain = 0;
  // Verify's verdict on each proposal's origin: "VALID" or "UNKNOWN".
  const requests: AnsweredRequest[] = [];
  const verifications: string[] = [];
  const watchedAssets: WatchedAsset[] = [];
  let current: SessionTypes.Struct | undefined;
  const proposalsAnswered = new Map<string, () => void>();

  const chainChanged = (topic: string, chainId: number) =>
    client.emit({ topic, chainId: `eip155:${chainId}`, event: { name: "chainChanged", data: chainId } });
  const namespaces = (chains: number[]): SessionTypes.Namespaces => ({
    eip155: {
      chains: chains.map((id) => `eip155:${id}`),
      accounts: chains.map((id) => `eip155:${id}:${account.address}`),
      methods: METHODS,
      events: EVENTS,
    },
  });

  client.on("session_proposal", async ({ id, params, verifyContext }) => {
    verifications.push(verifyContext.verified.validation);
    try {
      if (behaviour.rejectSession) await client.reject({ id, reason: getSdkError("USER_REJECTED") });
      else {
        knownChains = new Set(behaviour.chains);
        activeChain = behaviour.chains[0] as number;
        const approved = await client.approve({ id, namespaces: namespaces(behaviour.chains) });
        // MetaMask Mobile reports its chain as it approves, not awaited.
        void chainChanged(approved.topic, activeChain).catch(() => undefined);
        current = await approved.acknowledged();
      }
    } finally {
      proposalsAnswered.get(params.pairingTopic)?.();
    }
  });

  if (options.fund) await rpc(options.rpcUrl, "anvil_setBalance", [account.address, "0x8ac7230489e80000"]);

  const switchTo = async (topic: string, chainId: number) => {
    if (!knownChains.has(chainId)) throw UNRECOGNIZED_CHAIN;
    activeChain = chainId;
    const chains = [chainId, ...[...knownChains].filter((id) => id !== chainId)];
    await (await client.update({ topic, namespaces: namespaces(chains) })).acknowledged();
    current = client.session.get(topic);
    await chainChanged(topic, chainId);
    return null;
  };

  const answer = async (topic: string, method: string, params: unknown[]) => {
    if (behaviour.rejectRequests) throw USER_REJECTED_REQUEST;
    switch (method) {
      case "personal_sign":
        return account.signMessage({ message: { raw: params[0] as Hex } });
      case "eth_sendTransaction": {
        const { to, data, value, gas } = params[0] as Record<string, Hex | undefined>;
        const transaction = prepareTransaction({
          ...localChain(options.rpcUrl, activeChain),
          to,
          data,
          value: value ? BigInt(value) : 0n,
          ...(gas ? { gas: BigInt(gas) } : {}),
        });
        return (await sendTransaction({ transaction, account })).transactionHash;
      }
      case "wallet_switchEthereumChain":
        return switchTo(topic, Number((params[0] as { chainId: Hex }).chainId));
      case "wallet_addEthereumChain":
        knownChains.add(Number((params[0] as { chainId: Hex }).chainId));
        return null;
      case "wallet_watchAsset": {
        // EIP-747's params are one object, not an array.
        const asked = (params as unknown as { options: WatchedAsset }).options;
        // As in MetaMask's token list, the symbol and decimals must be the contract's own.
        const contract = tokenContract(options.rpcUrl, activeChain, asked.address);
        const [ownSymbol, ownDecimals] = await Promise.all([symbol({ contract }), decimals({ contract })]);
        if (asked.symbol.toUpperCase() !== ownSymbol.toUpperCase() || asked.decimals !== ownDecimals)
          throw { code: -32602, message: `The contract reports ${ownSymbol} with ${ownDecimals} decimals.` };
        watchedAssets.push({ address: asked.address, symbol: asked.symbol, decimals: asked.decimals });
        return true;
      }
      default:
        throw { code: 4200, message: `The wallet does not support ${method}.` };
    }
  };

  const answered = (method: string, answer: AnsweredRequest["answer"]) => {
    requests.push({ method, answer });
    options.onAnswered?.({ method, answer });
  };
  client.on("session_request", async ({ id, topic, params }) => {
    try {
      const result = await answer(topic, params.request.method, (params.request.params ?? []) as unknown[]);
      answered(params.request.method, "ok");
      await client.respond({ topic, response: { id, jsonrpc: "2.0", result } });
    } catch (cause) {
      const { code = -32603, message = String(cause) } = cause as { code?: number; message?: string };
      answered(params.request.method, code);
      await client.respond({ topic, response: { id, jsonrpc: "2.0", error: { code, message } } });
    }
  });

  return {
    address: account.address,
    behaviour,
    requests,
    verifications,
    watchedAssets,
    /** Resolves once the proposal has been answered. */
    async pair(uri: string) {
      const pairingTopic = /^wc:([0-9a-f]+)@/.exec(uri)?.[1] ?? "";
      const answered = new Promise<void>((resolve) => proposalsAnswered.set(pairingTopic, resolve));
      await client.pair({ uri });
      await answered;
    },
    session: () => current,
    /** As a visitor does in the wallet app: the dapp hears `chainChanged`. */
    async changeChain(chainId: number) {
      if (!current) throw new Error("the phone wallet has no session");
      if (!knownChains.has(chainId)) throw new Error(`the phone wallet does not know chain ${chainId}`);
      await switchTo(current.topic, chainId);
    },
    async disconnect() {
      if (!current) return;
      await client.disconnect({ topic: current.topic, reason: getSdkError("USER_DISCONNECTED") });
      current = undefined;
    },
    async stop() {
      client.core.heartbeat.stop();
      await client.core.relayer.transportClose();
    },
  };
}
