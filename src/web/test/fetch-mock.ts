import { vi } from 'vitest';

export interface MockCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** An answer, or one that comes later (a load still under way). */
type Handler = (call: MockCall) => Response | Promise<Response> | undefined;

export function jsonResponse(status: number, body?: unknown, contentType = 'application/json'): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': contentType } });
}

/**
 * Replaces fetch: each call goes to the first handler that answers; unanswered calls get a
 * 404. Returns the recorded calls.
 */
export function mockFetch(...handlers: Handler[]): MockCall[] {
  const calls: MockCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call: MockCall = {
        url: String(input),
        method: init.method ?? 'GET',
        headers: { ...(init.headers as Record<string, string> | undefined) },
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      };
      calls.push(call);
      for (const handler of handlers) {
        const response = handler(call);
        if (response) return response;
      }
      return jsonResponse(404, { message: `No mock for ${call.method} ${call.url}` });
    }),
  );
  return calls;
}

/** A handler for one method and a URL that contains `fragment`. */
export function on(method: string, fragment: string, respond: (call: MockCall) => Response | Promise<Response>): Handler {
  return (call) => (call.method === method && call.url.includes(fragment) ? respond(call) : undefined);
}
