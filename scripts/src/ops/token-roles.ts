/**
 * Who holds the token's MINTER_ROLE and DEFAULT_ADMIN_ROLE. OpenZeppelin's AccessControl keeps no list of holders,
 * only its RoleGranted and RoleRevoked events: every account they name is a candidate, and `hasRole` says whether it
 * holds the role now.
 */
import { eth_blockNumber, eth_getLogs, getContract, getRpcClient, type Chain, type ThirdwebClient } from "thirdweb";
import { getRoleHash, hasRole } from "thirdweb/extensions/permissions";
import { getAddress, keccakId } from "thirdweb/utils";
import { roleHistorySchema } from "@tube/backend/config";
import { message } from "./cli.ts";

const ROLE_EVENTS = [
  keccakId("RoleGranted(bytes32,address,address)"),
  keccakId("RoleRevoked(bytes32,address,address)"),
];
const ROLES = ["minter", "admin"] as const;
type TokenRole = (typeof ROLES)[number];

/**
 * The most log requests one search makes. Arbitrum One makes about 345,600 blocks a day: a token a month old is about
 * 1,000 windows of 10,000 blocks, while a search from block 0 would be over ten thousand.
 */
const MAX_LOG_REQUESTS = 2_000n;

/** The settings both deploy-token and doctor read, for their usage texts. */
export const ROLE_HISTORY_USAGE = `  TOKEN_DEPLOY_BLOCK    the block the token was deployed in (deploy-token prints it): the search for the token's role
                        holders starts there. Unset, it starts at block 0: on Arbitrum One (4 blocks a second) that is
                        a log request per RPC_GETLOGS_MAX_BLOCKS blocks of the whole chain's history
  RPC_GETLOGS_MAX_BLOCKS
                        the widest eth_getLogs the RPC answers, in blocks (default 10000; Alchemy's free tier: 10)`;

/** Where the search for role holders starts, and how many blocks one log request spans. */
export interface RoleHistory {
  fromBlock: bigint;
  windowBlocks: bigint;
}

/** The settings the role search reads, by the rules every command reads settings with. */
export const ROLE_HISTORY_SETTINGS = roleHistorySchema;

export function roleHistoryFrom(settings: {
  TOKEN_DEPLOY_BLOCK?: bigint;
  RPC_GETLOGS_MAX_BLOCKS: bigint;
}): RoleHistory {
  return { fromBlock: settings.TOKEN_DEPLOY_BLOCK ?? 0n, windowBlocks: settings.RPC_GETLOGS_MAX_BLOCKS };
}

export interface TokenRoleHolders {
  minters: string[];
  admins: string[];
  /** The blocks searched, and in how many log requests. */
  searched: { fromBlock: bigint; toBlock: bigint; requests: number };
}

/**
 * The accounts holding MINTER_ROLE or DEFAULT_ADMIN_ROLE on `token` now. Reads the role events from
 * `history.fromBlock` to the head in windows of `history.windowBlocks` (providers refuse wider log queries), one after
 * another, then asks the token about each account named.
 */
export async function tokenRoleHolders(
  handles: { client: ThirdwebClient; chain: Chain },
  token: string,
  history: RoleHistory,
): Promise<TokenRoleHolders> {
  const rpc = getRpcClient(handles);
  const head = await eth_blockNumber(rpc);
  const windows = (head - history.fromBlock) / history.windowBlocks + 1n;
  if (windows > MAX_LOG_REQUESTS)
    throw new Error(
      `finding the token's role holders from block ${history.fromBlock} would take ${windows} log requests: set ` +
        "TOKEN_DEPLOY_BLOCK to the block the token was deployed in (deploy-token printed it; the explorer shows the " +
        "token's creation transaction), or RPC_GETLOGS_MAX_BLOCKS higher if the RPC allows",
    );
  const roleHashes = ROLES.map((role) => getRoleHash(role));
  const named = new Set<string>();
  let requests = 0;
  for (let from = history.fromBlock; from <= head; from += history.windowBlocks) {
    const to = min(from + history.windowBlocks - 1n, head);
    requests++;
    const logs = await eth_getLogs(rpc, {
      address: getAddress(token),
      topics: [ROLE_EVENTS, roleHashes],
      fromBlock: blockParam(from),
      toBlock: blockParam(to),
    }).catch((error: unknown) => {
      throw new Error(
        `eth_getLogs over blocks ${from}–${to} failed (${message(error)}): if the RPC caps log ranges, set RPC_GETLOGS_MAX_BLOCKS to its cap`,
      );
    });
    for (const log of logs) {
      const account = log.topics[2];
      if (account) named.add(getAddress(`0x${account.slice(26)}`));
    }
  }

  const contract = getContract({ ...handles, address: token });
  const holdersOf = async (role: TokenRole) => {
    const holds = await Promise.all(
      [...named].map((account) => hasRole({ contract, role, targetAccountAddress: account })),
    );
    return [...named].filter((_, index) => holds[index]);
  };
  const [minters, admins] = await Promise.all([holdersOf("minter"), holdersOf("admin")]);
  return { minters, admins, searched: { fromBlock: history.fromBlock, toBlock: head, requests } };
}

/** thirdweb's eth_getLogs drops a block number of 0n (falsy) and the node then reads from `latest`: 0 is `earliest`. */
function blockParam(block: bigint): bigint | "earliest" {
  return block === 0n ? "earliest" : block;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
