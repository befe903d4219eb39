import type { BrowserContext, Page } from "@playwright/test";

/** How the test wallet can fail a connect request: see connectFailures below. */
export type ConnectFailure = "reject" | "pending" | "locked" | "broken" | "silent";

/** From now on, the page's test wallet fails every connect request this way. */
export async function failWalletConnects(page: Page, failure: ConnectFailure): Promise<void> {
  await page.evaluate(
    (kind) =>
      (globalThis as unknown as { testWallet: { failConnect(kind: ConnectFailure): void } }).testWallet.failConnect(
        kind,
      ),
    failure,
  );
}

/**
 * An injected MetaMask stand-in (EIP-1193 provider announced through EIP-6963)
 * backed by the local anvil: it answers account and chain requests itself, as a
 * wallet does, and forwards everything else (eth_sendTransaction included, since
 * anvil's dev accounts are unlocked) to the chain. `window.testWallet.disconnect()`
 * plays the visitor disconnecting it, `changeChain(id)` switching its network and `switchAccount(address)` picking
 * another of its accounts; `window.testWallet.failConnect(kind)` makes its
 * connect requests fail one way ("reject", "pending", "locked", "broken", "silent").
 * It approves every token the page asks it to list (EIP-747) and keeps them in `window.testWallet.watchedAssets`.
 */
export async function injectTestWallet(
  context: BrowserContext,
  options: { rpcUrl: string; account: string; chainIdHex?: string },
): Promise<void> {
  await context.addInitScript(
    ({ rpcUrl, account: firstAccount, chainIdHex }) => {
      // The page's window, named through globalThis: the bench type-checks this file as Node code, without DOM types.
      const page = globalThis as unknown as EventTarget;
      const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
      const emit = (event: string, ...args: unknown[]) =>
        listeners.get(event)?.forEach((listener) => listener(...args));
      const knownChains = new Set([chainIdHex]);
      let chainId = chainIdHex;
      let account = firstAccount;
      let nextId = 1;

      const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });
      const forward = async (method: string, params: unknown) => {
        const response = await fetch(rpcUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params: params ?? [] }),
        });
        const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
        if (body.error) throw rpcError(body.error.code, body.error.message);
        return body.result;
      };

      // What the next connect request meets, as real wallets answer it (EIP-1193 error codes; MetaMask's -32002).
      const connectFailures: Record<ConnectFailure, () => unknown> = {
        reject: () => {
          throw rpcError(4001, "User rejected the request.");
        },
        pending: () => {
          throw rpcError(-32002, "Request of type 'wallet_requestPermissions' already pending. Please wait.");
        },
        locked: () => [],
        broken: () => {
          throw rpcError(-32603, "The test wallet broke down.");
        },
        silent: () => new Promise<never>(() => undefined),
      };
      let connectFailure: ConnectFailure | undefined;
      const watchedAssets: unknown[] = [];

      const provider = {
        isMetaMask: true,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          switch (method) {
            case "eth_requestAccounts":
              if (connectFailure) return connectFailures[connectFailure]();
              return [account];
            case "eth_accounts":
              return [account];
            case "eth_chainId":
              return chainId;
            case "net_version":
              return String(parseInt(chainId, 16));
            case "wallet_switchEthereumChain": {
              const target = (params?.[0] as { chainId: string }).chainId.toLowerCase();
              if (!knownChains.has(target)) throw rpcError(4902, "Unrecognized chain ID");
              chainId = target;
              emit("chainChanged", chainId);
              return null;
            }
            case "wallet_addEthereumChain": {
              const target = (params?.[0] as { chainId: string }).chainId.toLowerCase();
              knownChains.add(target);
              chainId = target;
              emit("chainChanged", chainId);
              return null;
            }
            case "wallet_requestPermissions":
            case "wallet_getPermissions":
              return [{ parentCapability: "eth_accounts" }];
            case "wallet_revokePermissions":
              return null;
            // EIP-747: MetaMask takes the asset as an object (some callers wrap it in an array) and answers true once
            // the visitor approves.
            case "wallet_watchAsset":
              watchedAssets.push(Array.isArray(params) ? params[0] : params);
              return true;
            default:
              return forward(method, params);
          }
        },
        on(event: string, listener: (...args: unknown[]) => void) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(listener);
          return provider;
        },
        removeListener(event: string, listener: (...args: unknown[]) => void) {
          listeners.get(event)?.delete(listener);
          return provider;
        },
      };

      const icon =
        "data:image/svg+xml;base64," +
        btoa(
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#f6851b"/></svg>',
        );
      const announce = () =>
        page.dispatchEvent(
          new CustomEvent("eip6963:announceProvider", {
            detail: Object.freeze({
              info: { uuid: "5b0b6f1e-7c2f-4c57-9e55-tube-test", name: "MetaMask", icon, rdns: "io.metamask" },
              provider,
            }),
          }),
        );
      // A test plays the visitor locking or disconnecting the wallet: EIP-1193 says accountsChanged with no accounts.
      // failConnect makes every connect request fail one way, as the visitor or a wallet in trouble would.
      Object.defineProperty(globalThis, "testWallet", {
        value: {
          disconnect: () => emit("accountsChanged", []),
          // The visitor picks another network in the wallet itself, as EIP-1193 tells it.
          changeChain: (target: string) => {
            chainId = target.toLowerCase();
            knownChains.add(chainId);
            emit("chainChanged", chainId);
          },
          // The visitor picks another account in the wallet: it answers with it from now on, and says so (EIP-1193).
          switchAccount: (next: string) => {
            account = next;
            emit("accountsChanged", [next]);
          },
          failConnect: (failure: ConnectFailure) => (connectFailure = failure),
          watchedAssets,
        },
        configurable: true,
      });
      Object.defineProperty(globalThis, "ethereum", { value: provider, configurable: true });
      page.addEventListener("eip6963:requestProvider", announce);
      announce();
    },
    { rpcUrl: options.rpcUrl, account: options.account, chainIdHex: options.chainIdHex ?? "0xa4b1" },
  );
}
