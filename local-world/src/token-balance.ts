import { balanceOf as erc20BalanceOf } from "thirdweb/extensions/erc20";
import { tokenContract } from "./local-chain.ts";

export function balanceOf(rpcUrl: string, chainId: number, token: string, owner: string): Promise<bigint> {
  return erc20BalanceOf({ contract: tokenContract(rpcUrl, chainId, token), address: owner });
}
