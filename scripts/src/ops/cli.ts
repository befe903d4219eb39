/** What every operator command shares: `--help`, strict options, a one-line error, exit 0 only when all passed. */
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import {
  createThirdwebClient,
  defineChain,
  eth_getCode,
  getContract,
  getRpcClient,
  readContract,
  type ThirdwebContract,
} from "thirdweb";
import { REWARD_AMOUNT_WEI, REWARD_TOKENS } from "@tube/common/constants";
import { isBuiltCode } from "@tube/local-world/deploy-token";

/** A command's settings and output: its process's, or a test's. */
export interface CommandIo {
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
}

export interface Command {
  run(args: string[], io: CommandIo): Promise<number>;
}

type Parsed<O extends ParseArgsOptionsConfig> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true }>>;
export type OptionValues<O extends ParseArgsOptionsConfig> = Parsed<O>["values"];

export function defineCommand<O extends ParseArgsOptionsConfig>(
  spec: { usage: string; options: O },
  main: (args: Pick<Parsed<O>, "values" | "positionals">, io: CommandIo) => Promise<boolean>,
): Command {
  return {
    async run(args, io) {
      let parsed;
      try {
        const options = { ...spec.options, help: { type: "boolean", short: "h" } } as const;
        parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
      } catch (error) {
        io.err(`error: ${message(error)}\n\n${spec.usage}`);
        return 2;
      }
      if ((parsed.values as { help?: boolean }).help) {
        io.out(spec.usage);
        return 0;
      }
      try {
        return (await main(parsed as never, io)) ? 0 : 1;
      } catch (error) {
        io.err(`error: ${message(error)}`);
        return 1;
      }
    },
  };
}

export async function runAsProcess(command: Command) {
  nameFetchFailures();
  process.exitCode = await command.run(process.argv.slice(2), {
    env: process.env,
    out: console.log,
    err: console.error,
  });
}

/** Node's fetch says only "fetch failed": here a request names the host, and why from the cause's code. */
function nameFetchFailures() {
  const plainFetch = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    plainFetch(input, init).catch((error: unknown) => {
      // Aborts and timeouts are no TypeError, and callers tell them apart by name.
      if (!(error instanceof TypeError)) throw error;
      const { host } = new URL(input instanceof Request ? input.url : input);
      const cause = error.cause as NodeJS.ErrnoException | undefined;
      const code = cause ? (cause.code ?? cause.message) : error.message;
      const untrusted = /CERT|UNABLE_TO_VERIFY/.test(code);
      throw new Error(
        untrusted
          ? `${host}: its TLS certificate is not trusted here (${code}); NODE_EXTRA_CA_CERTS=<its CA's PEM file> trusts it`
          : `${host} could not be reached: ${code}`,
      );
    });
}

/** The message with its causes' (a catalogue error's text names none); a JSON-RPC error is a plain object. */
export function message(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause === undefined ? "" : message(error.cause);
    return cause && !error.message.includes(cause) ? `${error.message}: ${cause}` : error.message;
  }
  if (typeof error === "object" && error !== null && "message" in error) return String(error.message);
  return typeof error === "object" ? JSON.stringify(error) : String(error);
}

export type CheckState = "pass" | "fail" | "skip" | "info";
const MARKS: Record<CheckState, string> = { pass: "✔", fail: "✘", skip: "–", info: "ℹ" };

export function printCheck(io: CommandIo, state: CheckState, name: string, detail: string) {
  io.out(`${MARKS[state]} ${name}: ${detail}`);
}

export function parseAddress<T extends string | undefined>(flag: string, value: T): T {
  if (value !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(value))
    throw new Error(`${flag} must be a 0x address (20 bytes in hex), got ${value}`);
  return value;
}

/** thirdweb's handles on the chain at RPC_URL; the client id only satisfies the SDK. */
export function chainHandles(settings: { RPC_URL: string; CHAIN_ID: number }) {
  const client = createThirdwebClient({ clientId: "tube-operator" });
  const chain = defineChain({ id: settings.CHAIN_ID, rpc: settings.RPC_URL });
  const at = (address: string) => getContract({ client, chain, address });
  return { client, chain, rpc: getRpcClient({ client, chain }), at };
}

export function readRewardsView(rewards: ThirdwebContract, view: "rewardAmount" | "maxRewards" | "rewardsPaid") {
  return readContract({ contract: rewards, method: `function ${view}() view returns (uint256)` as const });
}

/** Why `rewards` is not a TuBERewards paying the reward (any contract can answer its views), or null. */
export async function rewardsProblem(rewards: ThirdwebContract): Promise<string | null> {
  const code = await eth_getCode(getRpcClient(rewards), { address: rewards.address });
  if (code === "0x") return `no contract at ${rewards.address}`;
  if (!(await isBuiltCode("TuBERewards", code)))
    return `${rewards.address} is not a TuBERewards: its runtime code is not contracts/TuBERewards.sol's as built here`;
  const amount = await readRewardsView(rewards, "rewardAmount");
  if (amount === REWARD_AMOUNT_WEI) return null;
  return `${rewards.address} pays ${amount} wei, not ${REWARD_AMOUNT_WEI} (${REWARD_TOKENS} TuBE)`;
}
