import autocannon from 'autocannon';

export interface Scenario {
  name: string;
  /** What the figure stands for, one line. */
  description: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Vary the request per call: ids in rotation, or a function giving each call its path. */
  paths?: string[] | (() => string);
  /** Work done once before the scenario is measured (e.g. creating what each call uses up). */
  prepare?: () => Promise<void>;
  /** Undoes what `prepare` made that would change the scenarios after it. */
  finish?: () => Promise<void>;
  /** Rotate the Authorization header over these tokens (e.g. one cart per shopper). */
  tokens?: string[];
  /** Each call's request when calls differ in more than the path (a body, a shopper's token), after the above. */
  next?: () => { path?: string; body?: unknown; authorization?: string };
}

export interface Result {
  name: string;
  description: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  requests: number;
  errors: number;
  non2xx: number;
  ratioToCeiling?: number;
  /** CPU the server process spent per request (ms), from /proc. */
  serverCpuMsPerRequest?: number;
  /** CPU PostgreSQL spent per request (ms), every local `postgres` process, from /proc. */
  postgresCpuMsPerRequest?: number;
}

export async function measure(
  url: string,
  scenario: Scenario,
  seconds: number,
  connections: number,
): Promise<Result> {
  const headers = { 'content-type': 'application/json', ...scenario.headers };
  const body = scenario.body === undefined ? undefined : JSON.stringify(scenario.body);
  let i = 0;
  const paths = scenario.paths;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    requests: [
      {
        method: scenario.method ?? 'GET',
        path: scenario.path,
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(paths || scenario.tokens || scenario.next
          ? {
              setupRequest: (req: autocannon.Request) => {
                const n = i++;
                if (paths) req.path = typeof paths === 'function' ? paths() : paths[n % paths.length]!;
                if (scenario.tokens)
                  req.headers = {
                    ...req.headers,
                    authorization: scenario.tokens[n % scenario.tokens.length]!,
                  };
                const call = scenario.next?.();
                if (call?.path) req.path = call.path;
                if (call?.body !== undefined) req.body = JSON.stringify(call.body);
                if (call?.authorization) req.headers = { ...req.headers, authorization: call.authorization };
                return req;
              },
            }
          : {}),
      },
    ],
  });
  return {
    name: scenario.name,
    description: scenario.description,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
