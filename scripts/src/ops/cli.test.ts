import { generateKeyPairSync } from "node:crypto";
import https from "node:https";
import net, { type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { selfSignedCertificatePem } from "@tube/local-world/self-signed-certificate";
import { DEPLOYER, ENGINE_SERVER_WALLET } from "@tube/local-world/dev-accounts";
import { AppError } from "@tube/backend/errors";
import { message } from "./cli.ts";
import { runOperatorCommand } from "./test/run-operator-command.ts";

/** deploy-token talks to RPC_URL alone, first of all to ask its chain id. */
const deployTokenAt = (rpcUrl: string) =>
  runOperatorCommand("deploy-token", ["--max-rewards", "10"], {
    env: {
      RPC_URL: rpcUrl,
      ENGINE_SERVER_WALLET: ENGINE_SERVER_WALLET.address,
      DEPLOYER_PRIVATE_KEY: DEPLOYER.privateKey,
    },
  });

describe("an operator command whose request fails", () => {
  it("when nothing listens at the host, then its one error line names the host and ECONNREFUSED", async () => {
    const server = net.createServer().listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));

    const run = await deployTokenAt(`http://127.0.0.1:${port}`);

    expect(run.code).toBe(1);
    expect(run.out).toMatch(new RegExp(`^error: 127\\.0\\.0\\.1:${port} could not be reached: ECONNREFUSED$`, "m"));
    expect(run.out).not.toContain("    at ");
  });

  it("when the host's certificate is not trusted, then its one error line names the host and says so", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const cert = selfSignedCertificatePem(privateKey, publicKey, "127.0.0.1", ["127.0.0.1"]);
    const key = privateKey.export({ type: "pkcs8", format: "pem" });
    const server = https.createServer({ key, cert }, (_request, response) => response.end("{}")).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;

    const run = await deployTokenAt(`https://127.0.0.1:${port}`);
    server.close();

    expect(run.code).toBe(1);
    expect(run.out).toMatch(
      new RegExp(
        `^error: 127\\.0\\.0\\.1:${port}: its TLS certificate is not trusted here \\([A-Z_]+\\); NODE_EXTRA_CA_CERTS`,
        "m",
      ),
    );
  });

  it("when a server module's error wraps the failure in the catalogue's text, then the line still names the cause", () => {
    const cause = new Error("engine.example could not be reached: ECONNREFUSED");
    expect(message(new AppError("MINT_UNAVAILABLE", { cause }))).toMatch(/^.+: engine\.example could not be reached/);
  });
});
