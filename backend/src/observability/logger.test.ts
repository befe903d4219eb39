import { Writable } from "node:stream";
import { stdSerializers } from "pino";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { createLogger } from "./logger.ts";

const CODE = "4/0AVGzR1B-an-authorization-code-from-google";

function capturingLogger() {
  const lines: Array<Record<string, any>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger("info", destination), lines };
}

describe("logger", () => {
  it("when an error or a refusal is logged, then its code stays readable", () => {
    const { logger, lines } = capturingLogger();
    logger.info({ code: "RATE_LIMITED" }, "request refused");
    logger.error({ err: new AppError("INTERNAL") }, "request failed");
    logger.warn({ err: Object.assign(new Error("connect refused"), { code: "ECONNREFUSED" }) }, "probe failed");
    expect(lines.map((line) => line.code ?? line.err?.code)).toEqual(["RATE_LIMITED", "INTERNAL", "ECONNREFUSED"]);
  });

  it("when a request's body or query carries Google's authorization code, then the code is redacted", () => {
    const { logger, lines } = capturingLogger();
    logger.info({ req: { body: { code: CODE, codeVerifier: "v".repeat(43) }, query: { code: CODE } } });
    logger.info({ body: { code: CODE }, query: { code: CODE } });
    expect(JSON.stringify(lines)).not.toContain(CODE);
    expect(JSON.stringify(lines)).not.toContain("v".repeat(43));
    expect(lines[0]!.req.body.code).toBe("[redacted]");
  });

  it("when tokens or a client secret are logged, in either spelling, then they are redacted", () => {
    const { logger, lines } = capturingLogger();
    logger.info({
      accessToken: "ya29.a",
      oauthAccessToken: "ya29.b",
      tokens: { access_token: "ya29.c", refresh_token: "1//d", id_token: "eyJ.e", client_secret: "GOCSPX-f" },
      google: { refreshToken: "1//g", idToken: "eyJ.h", clientSecret: "GOCSPX-i" },
    });
    expect(JSON.stringify(lines)).not.toMatch(/ya29\.|1\/\/|eyJ\.|GOCSPX-/);
  });

  it("when an error of Google's HTTP client is logged, then the request it carries is not", () => {
    const { logger, lines } = capturingLogger();
    const request = {
      url: "https://oauth2.googleapis.com/token",
      data: `code=${CODE}&client_secret=GOCSPX-secret`,
      headers: { Authorization: "Bearer ya29.secret" },
    };
    const error = Object.assign(new Error("invalid_grant"), {
      code: "400",
      config: request,
      response: { status: 400, config: request, request: { responseURL: request.url } },
    });
    logger.warn({ err: error }, "Google call failed");
    expect(JSON.stringify(lines)).not.toMatch(/4\/0AVG|GOCSPX-|ya29\./);
    expect(lines[0]!.err).toMatchObject({ code: "400", response: { status: 400 } });
  });

  it("when an error's message quotes an Authorization header, then the credential is redacted, whatever serializer wrote it", () => {
    const { logger, lines } = capturingLogger();
    const refusal = new TypeError('Headers.append: "Bearer ya29.secret\r\nX-Injected: 1" is an invalid header value.');
    logger.error({ err: refusal }, "request failed");
    // pino-http's request loggers bring their own error serializer, which puts a cause's message into the error's.
    const requestLogger = logger.child({}, { serializers: { err: stdSerializers.err } });
    requestLogger.error({ err: new AppError("INTERNAL", { cause: refusal }) }, "request failed");
    logger.warn({ detail: "Basic dGViZTpHT0NTUFgtc2VjcmV0" }, "token call failed");
    expect(JSON.stringify(lines)).not.toMatch(/ya29|X-Injected|dGViZT/);
    expect(lines[0]!.err.message).toBe('Headers.append: "Bearer [redacted]');
    expect(lines[2]!.detail).toBe("Basic [redacted]");
  });
});
