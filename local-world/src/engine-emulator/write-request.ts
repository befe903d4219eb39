import { encode, prepareContractCall, type ThirdwebClient } from "thirdweb";
import type { Chain } from "thirdweb/chains";
import { getContract, prepareMethod } from "thirdweb/contract";
import { parseAbiParams, type AbiFunction } from "thirdweb/utils";
import { HEX_ADDRESS } from "./engine-http.ts";

// thirdweb types a method only when its signature is a literal; these arrive at run time.
type RuntimeMethod = ReturnType<typeof prepareMethod<AbiFunction>>;

/** The server wallet itself (EOA) or a bundler on its behalf. */
export type ExecutorType = "EOA" | "EIP7702" | "ERC4337";

/** Engine's resolved execution options, echoed as `executionParams`. */
export type ExecutionParams = { chainId: number; idempotencyKey: string } & (
  { type: "EOA" | "EIP7702"; from: string } | { type: "ERC4337"; signerAddress: string }
);

export interface InnerTransaction {
  to: string;
  data: `0x${string}`;
  value: string;
}

export interface WriteRequest {
  executionParams: ExecutionParams;
  /** The server wallet that signs: `from`, or `signerAddress` under ERC-4337. */
  sender: string;
  transaction: InnerTransaction;
}

export class WriteRequestError extends Error {}

/** Checks a write's body as Engine does; the call is sent plain whatever the type. */
export async function parseWriteRequest(
  body: unknown,
  context: { client: ThirdwebClient; chain: Chain; newId: () => string },
): Promise<WriteRequest> {
  const { executionOptions, params } = asRecord(body, "body");
  const options = asRecord(executionOptions, "executionOptions");

  if (options.chainId !== context.chain.id)
    throw new WriteRequestError(
      `executionOptions.chainId must be the number ${context.chain.id}, got ${JSON.stringify(options.chainId)}`,
    );
  // The key defaults to a new UUID and is the transaction's id.
  const idempotencyKey = options.idempotencyKey ?? context.newId();
  if (typeof idempotencyKey !== "string" || idempotencyKey.length === 0)
    throw new WriteRequestError("executionOptions.idempotencyKey must be a non-empty string");
  const executionParams = resolveExecution(options, { chainId: context.chain.id, idempotencyKey });
  const sender = executionParams.type === "ERC4337" ? executionParams.signerAddress : executionParams.from;
  if (!Array.isArray(params) || params.length !== 1)
    throw new WriteRequestError("params must hold exactly one contract call");

  try {
    const transaction = await encodeCall(params[0], context);
    return { executionParams, sender, transaction };
  } catch (error) {
    throw new WriteRequestError(`Failed to prepare contract calls: Parameter 0: ${errorMessage(error)}`);
  }
}

/** A missing type is `auto`, which for a server wallet resolves to EIP-7702. */
function resolveExecution(
  options: Record<string, unknown>,
  base: { chainId: number; idempotencyKey: string },
): ExecutionParams {
  const type = options.type ?? "auto";
  if (type === "ERC4337") return { ...base, type, signerAddress: addressField(options, "signerAddress") };
  if (type === "EOA" || type === "EIP7702") return { ...base, type, from: addressField(options, "from") };
  if (type === "auto") return { ...base, type: "EIP7702", from: addressField(options, "from") };
  throw new WriteRequestError(
    `executionOptions.type ${JSON.stringify(type)} is not one of "auto", "EOA", "EIP7702", "ERC4337"`,
  );
}

function addressField(options: Record<string, unknown>, name: string) {
  const value = options[name];
  if (typeof value !== "string" || !HEX_ADDRESS.test(value))
    throw new WriteRequestError(`executionOptions.${name} must be an address, got ${JSON.stringify(value)}`);
  return value;
}

async function encodeCall(value: unknown, context: { client: ThirdwebClient; chain: Chain }) {
  const call = asRecord(value, "params[0]");
  const { contractAddress, method, params } = call;
  if (typeof contractAddress !== "string" || !HEX_ADDRESS.test(contractAddress))
    throw new Error("contractAddress is not an address");
  if (typeof method !== "string" || !method.startsWith("function "))
    throw new Error('method must be a full signature such as "function reward(address to)"');
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

// Engine does not enforce the EIP-55 checksum; thirdweb's encoder does for mixed case.
function lenientAddress(value: unknown): unknown {
  return typeof value === "string" && HEX_ADDRESS.test(value) ? value.toLowerCase() : value;
}

function asRecord(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new WriteRequestError(`${name} must be an object`);
  return value as Record<string, unknown>;
}

export function errorMessage(error: unknown) {
  // A node's JSON-RPC error reaches us as a plain `{ code, message }`.
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message.split("\n")[0]! : String(error);
}
