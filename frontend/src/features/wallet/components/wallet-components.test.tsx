import { screen } from "@testing-library/react";
import { REWARD_AMOUNT_WEI, REWARD_TOKENS } from "@tube/common/constants";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders, TEST_PUBLIC_CONFIG } from "../../../test/render-with-providers.tsx";
import { createFakeWallet, WALLET_ADDRESS } from "../../../test/fake-wallet.tsx";
import { server } from "../../../test/server.ts";
import { DEFAULT_HINT, METAMASK_BROWSER_HINT } from "../connection-route.ts";
import type { WalletState } from "../wallet-state.tsx";
import { AddTokenButton } from "./add-token-button.tsx";
import { WalletIndicator } from "./wallet-indicator.tsx";
import { WalletOptions, WalletPanel } from "./wallet-panel.tsx";

const DISCONNECTED: Partial<WalletState> = { isConnected: false, isCorrectNetwork: false, address: undefined };

function renderWith(ui: React.ReactElement, wallet: Partial<WalletState>) {
  const fake = createFakeWallet(wallet);
  return { ...renderWithProviders(<fake.FakeWalletProvider>{ui}</fake.FakeWalletProvider>), fns: fake.fns };
}

describe("WalletIndicator", () => {
  it("when no wallet is connected, then it offers Connect Wallet", async () => {
    const { user, fns } = renderWith(<WalletIndicator />, DISCONNECTED);
    await user.click(screen.getByRole("button", { name: "Connect Wallet" }));
    expect(fns.connect).toHaveBeenCalled();
  });

  it("when on the wrong network, then it offers Switch to Arbitrum", async () => {
    const { user, fns } = renderWith(<WalletIndicator />, { isCorrectNetwork: false });
    // The badge and this button wait for the tooltip's code, which loads after the first render.
    await user.click(await screen.findByRole("button", { name: "Switch to Arbitrum" }));
    expect(fns.switchNetwork).toHaveBeenCalled();
  });

  it("when connected on Arbitrum, then it shows the shortened address, and the full one in a tooltip on keyboard focus", async () => {
    const { user } = renderWith(<WalletIndicator />, {});
    expect(await screen.findByText("Connected: 0x3C44...93BC")).toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(WALLET_ADDRESS, {}, { timeout: 2_000 })).toBeInTheDocument();
  });
});

describe("WalletPanel", () => {
  it("when no wallet is connected, then a visitor without MetaMask can still get the embedded wallet", async () => {
    const connectWithGoogle = vi.fn(async () => undefined);
    const { user } = renderWith(<WalletPanel />, { ...DISCONNECTED, connectWithGoogle });
    await user.click(screen.getByRole("button", { name: "Sign in with Google" }));
    expect(connectWithGoogle).toHaveBeenCalled();
  });

  it("when 'Connect Wallet' is waiting, then the page says for how long and 'Sign in with Google' stays usable", () => {
    renderWith(<WalletPanel />, {
      ...DISCONNECTED,
      isConnecting: true,
      connectingVia: "wallet",
      connectWithGoogle: vi.fn(async () => undefined),
    });
    expect(screen.getByRole("status")).toHaveTextContent("Waiting for your wallet to answer (up to 30 seconds)…");
    expect(screen.getByRole("button", { name: "Sign in with Google" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Sign in with Google" })).toHaveAccessibleDescription(
      "To create a wallet with your Google account, if you have none.",
    );
  });

  it("when a connect timed out, then 'Try again' starts it again", async () => {
    const retryConnect = vi.fn(async () => undefined);
    const { user } = renderWith(<WalletPanel />, { ...DISCONNECTED, retryConnect });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(retryConnect).toHaveBeenCalled();
  });

  it("when connecting failed, then the reason shows in red under the buttons", () => {
    renderWith(<WalletPanel />, { ...DISCONNECTED, error: "Failed to login with Google" });
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to login with Google");
  });

  it("when each state applies, then its product text shows", async () => {
    const first = renderWith(<WalletPanel />, DISCONNECTED);
    expect(screen.getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeInTheDocument();
    // Shown above the button, whose name it is: a screen reader hears it once.
    expect(screen.getByText("Connect Wallet to Claim Tokens")).toHaveAttribute("aria-hidden", "true");
    first.unmount();

    const second = renderWith(<WalletPanel />, { isCorrectNetwork: false });
    expect(screen.getByText("Wrong Network")).toBeInTheDocument();
    expect(screen.getByText("Your wallet needs to be on Arbitrum network")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Switch to Arbitrum Network" })).toBeInTheDocument();
    second.unmount();

    renderWith(<WalletPanel />, {});
    expect(screen.getByText("Wallet Connected")).toBeInTheDocument();
    expect(screen.getByText("Ready to claim tokens on Arbitrum network")).toBeInTheDocument();
    expect(screen.getByText(WALLET_ADDRESS)).toBeInTheDocument();
  });
});

describe("WalletOptions", () => {
  it("when not connected on desktop, then both options and the default hint show", async () => {
    const { user, fns } = renderWith(<WalletOptions />, DISCONNECTED);
    expect(screen.getByText(DEFAULT_HINT)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign in with Google" }));
    expect(fns.connectWithGoogle).toHaveBeenCalled();
  });

  it("when in MetaMask's browser, then the MetaMask hint shows", () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4) MetaMaskMobile");
    renderWith(<WalletOptions />, DISCONNECTED);
    expect(screen.getByText(METAMASK_BROWSER_HINT)).toBeInTheDocument();
  });

  it("when a wallet error is reported, then it shows inline", () => {
    renderWith(<WalletOptions />, { ...DISCONNECTED, error: "Failed to login with Google" });
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to login with Google");
  });
});

describe("AddTokenButton", () => {
  it("when the wallet can list tokens and lists TuBE, then the page says it is in the wallet's list", async () => {
    const addToken = vi.fn(async () => true);
    const { user } = renderWith(<AddTokenButton />, { addToken });

    await user.click(screen.getByRole("button", { name: "Add TuBE to your wallet" }));

    expect(addToken).toHaveBeenCalledOnce();
    expect(await screen.findByText("TuBE is now in your wallet's token list.")).toBeInTheDocument();
  });

  it.each([
    ["declines", async () => false],
    ["refuses the request", async () => Promise.reject(Object.assign(new Error("User rejected"), { code: 4001 }))],
  ])("when the wallet %s, then the token's address is offered to add it by hand", async (_case, addToken) => {
    const { user } = renderWith(<AddTokenButton />, { addToken });

    await user.click(screen.getByRole("button", { name: "Add TuBE to your wallet" }));

    expect(await screen.findByText(/did not add TuBE/)).toBeInTheDocument();
    expect(screen.getByText(TEST_PUBLIC_CONFIG.tokenAddress)).toBeInTheDocument();
  });

  it("when the wallet cannot be asked (the embedded wallet), then it is shown its TuBE balance, read from the chain, and the token's address to add it by hand", async () => {
    const calls: unknown[] = [];
    server.use(
      http.post(TEST_PUBLIC_CONFIG.rpcUrl, async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ jsonrpc: "2.0", id: 1, result: `0x${REWARD_AMOUNT_WEI.toString(16)}` });
      }),
    );
    renderWith(<AddTokenButton />, { addToken: undefined });

    expect(await screen.findByText(`The connected wallet holds ${REWARD_TOKENS} TuBE.`)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Add TuBE/ })).toBeNull();
    expect(screen.getByText(/add it by hand/)).toBeInTheDocument();
    expect(screen.getByText(TEST_PUBLIC_CONFIG.tokenAddress)).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        method: "eth_call",
        params: [
          {
            to: TEST_PUBLIC_CONFIG.tokenAddress,
            data: `0x70a08231${WALLET_ADDRESS.slice(2).toLowerCase().padStart(64, "0")}`,
          },
          "latest",
        ],
      }),
    ]);
  });

  it("when the balance cannot be read, then the visitor is pointed at the transaction link", async () => {
    server.use(http.post(TEST_PUBLIC_CONFIG.rpcUrl, () => new HttpResponse(null, { status: 503 })));
    renderWith(<AddTokenButton />, { addToken: undefined });

    expect(await screen.findByText(/balance could not be read just now/, {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
