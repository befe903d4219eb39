/**
 * The app as the bench runs it: in its own process, so its CPU time is its own and not the
 * stand-ins' or anvil's. Beside it, on another port of the same process, a bare Express route:
 * the baseline the API's reads are measured against. The parent asks for `process.cpuUsage()`
 * over IPC, the bench-only hook; nothing here is part of the product.
 */
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { loadConfig } from "@tube/backend/config";
import { createLogger } from "@tube/backend/observability/logger";
import { startServer } from "@tube/backend/server";
import { FRONTEND_DIST } from "../build-frontend.ts";
import type { AppMessage, BenchRequest } from "./app-messages.ts";

const send = (message: AppMessage) => process.send?.(message);

const config = loadConfig();
// The built page, served as `npm start` serves it, for the phase that walks it in a browser.
const server = await startServer(config, createLogger(), { staticDir: FRONTEND_DIST });

const bare = express();
bare.get("/bare/:walletAddress", (req, res) => {
  res.json({ walletAddress: req.params.walletAddress, claimed: false });
});
const bareServer = bare.listen(0, "127.0.0.1");
await once(bareServer, "listening");
const { port } = bareServer.address() as AddressInfo;

process.on("message", (request: BenchRequest) => {
  if (request === "cpu") send({ kind: "cpu", usage: process.cpuUsage() });
  if (request === "stop")
    void Promise.all([server.stop(), new Promise((resolve) => bareServer.close(resolve))]).then(() => process.exit(0));
});
send({ kind: "ready", appUrl: server.url, bareUrl: `http://127.0.0.1:${port}` });
