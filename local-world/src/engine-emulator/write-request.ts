import { encode, prepareContractCall, type ThirdwebClient } from "thirdweb";
import type { Chain } from "thirdweb/chains";
import { getContract, prepareMethod } from "thirdweb/contract";
import { parseAbiParams, type AbiFunction } from "thirdweb/utils";

// thirdweb types a method only when its signature is a literal; these arrive at run time.
type RuntimeMethod = ReturnType<typeof prepareMethod<AbiFunction>>;

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Engine's resolved execution options, echoed back as `executionParams`. */
export interface ExecutionParams {
  type: "EOA";
  from: string;
  chainId: number;
  idempotencyKey: string;
}

/** Engine's InnerTransaction: what actually goes on chain. */
export interface InnerTransaction {
  to: string;
  data: `0x${string}`;
  value: string;
}

export interface WriteRequest {
  executionParams: ExecutionParams;
  transaction: InnerTransaction;
}

export class WriteRequestError extends Error {}

/**
 * Checks a `POST /v1/write/contract` body the way Engine Cloud does for what this project sends, and encodes the call.
 * The emulator executes every write as a plain EOA transaction from the server wallet, one call per write.
 */
export async function parseWriteRequest(
  body: unknown,
  context: { client: ThirdwebClient; chain: Chain; serverWallets: ReadonlySet<string>; newId: () => string },
): Promise<WriteRequest> {
  const { executionOptions, params } = asRecord(body, "body");
  const options = asRecord(executionOptions, "executionOptions");

  const type = options.type ?? "auto";
  if (type !== "auto" && type !== "EOA") {
    throw new WriteRequestError(
      `executionOptions.type "${String(type)}" is not supported by the Engine emulator (auto or EOA)`,
    );
  }
  if (options.chainId !== context.chain.id) {
    throw new WriteRequestError(
      `executionOptions.chainId must be the number ${context.chain.id}, got ${JSON.stringify(options.chainId)}`,
    );
  }
  const from = options.from;
  if (typeof from !== "string" || !context.serverWallets.has(from.toLowerCase())) {
    throw new WriteRequestError(`executionOptions.from ${JSON.stringify(from)} is not a server wallet of this project`);
  }
  const idempotencyKey = options.idempotencyKey ?? context.newId();
  if (typeof idempotencyKey !== "string" || idempotencyKey.length === 0) {
    throw new WriteRequestError("executionOptions.idempotencyKey must be a non-empty string");
  }
  if (!Array.isArray(params) || params.length !== 1) {
    throw new WriteRequestError("params must hold exactly one contract call");
  }

  try {
    const transaction = await encodeCall(params[0], context);
    return { executionParams: { type: "EOA", from, chainId: context.chain.id, idempotencyKey }, transaction };
  } catch (error) {
    throw new WriteRequestError(`Failed to prepare contract calls: Parameter 0: ${errorMessage(error)}`);
  }
}

async function encodeCall(
  value: unknown,
  context: { client: ThirdwebClient; chain: Chain },
): Promise<InnerTransaction> {
  const call = asRecord(value, "params[0]");
  const { contractAddress, method, params } = call;
  if (typeof contractAddress !== "string" || !HEX_ADDRESS.test(contractAddress))
    throw new Error("contractAddress is not an address");
  if (typeof method !== "string" || !method.startsWith("function ")) {
    throw new Error('method must be a full signature such as "function mintTo(address to, uint256 amount)"');
  }
  if (!Array.isArray(params)) throw new Error("params must be an array");

  const prepared = prepareMethod(method as `function ${string}`) as unknown as RuntimeMethod;
  const [, inputs] = prepared;
  const transaction = prepareContractCall({
    contract: getContract({ client: context.client, chain: context.chain, address: contractAddress }),
    method: prepared,
    params: parseAbiParams(
      inputs.map((input) => input.type),
      params.map((param, index) => (inputs[index]?.type === "address" ? lenientAddress(param) : param)),
    ),
  });
  const valueWei = call.value === undefined || call.value === null ? 0n : BigInt(String(call.value));
  return { to: contractAddress, data: await encode(transaction), value: valueWei.toString() };
}

// Engine parses addresses without enforcing the EIP-55 checksum; thirdweb's encoder enforces it for mixed case.
function lenientAddress(value: unknown): unknown {
  return typeof value === "string" && HEX_ADDRESS.test(value) ? value.toLowerCase() : value;
}

function asRecord(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new WriteRequestError(`${name} must be an object`);
  return value as Record<string, unknown>;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message.split("\n")[0]! : String(error);
}
