import { z } from "zod";
import { faultCount, faultSwitch } from "../stand-in.ts";

/** Failures the embedded-wallet stand-in plays, each aimed at one Google account (by e-mail):
 * - stateMissing / stateForeign: the return carries no `state`, or a foreign one; the SDK drops the `authResult`.
 * - expiredToken: the session handed over has expired: `GET /api/2024-05-05/accounts` answers 401.
 * - generateFails: `POST /api/v1/enclave-wallet/generate` answers 500.
 * - slow: that GET answers after `ms` (default 60 s), past the page's 30 s connect time-out. */
const WALLET_FAULT_MODES = ["stateMissing", "stateForeign", "expiredToken", "generateFails", "slow"] as const;
export type WalletFaultMode = (typeof WALLET_FAULT_MODES)[number];

export const walletFaultSchema = z.object({
  mode: z.enum(WALLET_FAULT_MODES),
  account: z.string().includes("@"),
  count: faultCount,
  ms: z.number().int().positive().optional(),
});

const keyOf = (mode: WalletFaultMode, account: string) => `${mode} ${account.toLowerCase()}`;

export function createWalletFaultSwitch() {
  const faults = faultSwitch<z.output<typeof walletFaultSchema>>((fault) => keyOf(fault.mode, fault.account));
  return {
    set: faults.set,
    take: (mode: WalletFaultMode, account: string) => faults.take(mode, [keyOf(mode, account)]),
  };
}
