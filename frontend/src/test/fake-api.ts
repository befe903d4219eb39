/**
 * Test-only: our server's routes answered through MSW. Routes are
 * "METHOD /path/:param"; a handler returns a status and a JSON body, or a
 * promise of one so a test can hold a call open. Every answered call is recorded.
 */
import { http, HttpResponse } from "msw";
import { server } from "./server.ts";

interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
}

export type FakeHandler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

const METHODS = { GET: http.get, POST: http.post } as const;

export function stubApi(routes: Record<string, FakeHandler | FakeResponse>) {
  const calls: FakeRequest[] = [];
  const handlers = Object.entries(routes).map(([route, handler]) => {
    const [method = "", pattern = ""] = route.split(" ");
    const on = METHODS[method as keyof typeof METHODS];
    if (!on) throw new Error(`stubApi: unsupported method in "${route}"`);
    return on(pattern, async ({ request }) => {
      const text = await request.text();
      const call = {
        method,
        path: new URL(request.url).pathname,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      return toHttpResponse(typeof handler === "function" ? await handler(call) : handler);
    });
  });
  server.use(...handlers);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path.startsWith(path)),
  };
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

function toHttpResponse({ status, body }: FakeResponse): Response {
  if (status === 204 || body === undefined) return new HttpResponse(null, { status });
  return HttpResponse.json(body as Record<string, unknown>, { status });
}
