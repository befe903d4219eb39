/**
 * Test-only: a stand-in for our server behind a stubbed `fetch`. Routes are
 * "METHOD /path/:param"; a handler returns a status and a JSON body, or a
 * promise of one so a test can hold a call open.
 */
import { vi } from "vitest";

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
}

export type FakeHandler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export function stubApi(routes: Record<string, FakeHandler | FakeResponse>) {
  const calls: FakeRequest[] = [];
  const compiled = Object.entries(routes).map(([route, handler]) => {
    const [method, pattern = ""] = route.split(" ");
    const regex = new RegExp(`^${pattern.replace(/:[^/]+/g, "[^/]+")}$`);
    return { method, regex, handler };
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, path: url.pathname, body };
    calls.push(request);
    const route = compiled.find((candidate) => candidate.method === method && candidate.regex.test(url.pathname));
    if (!route) return jsonResponse({ status: 404, body: { error: { code: "NOT_FOUND", message: "Not found." } } });
    const response = typeof route.handler === "function" ? await route.handler(request) : route.handler;
    return jsonResponse(response);
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path.startsWith(path)) };
}

/** Answers each call with the next response of the list, repeating the last one. */
export function sequence(...responses: FakeResponse[]): FakeHandler {
  let index = 0;
  return () => responses[Math.min(index++, responses.length - 1)] as FakeResponse;
}

export function apiError(status: number, code: string, message: string): FakeResponse {
  return { status, body: { error: { code, message } } };
}

/** A promise the test settles itself, to observe the page while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function jsonResponse({ status, body }: FakeResponse): Response {
  if (status === 204 || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
