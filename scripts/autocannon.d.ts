/** The part of autocannon's API scripts/bench-api.ts uses (the package ships no types). */
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Requests per second over all connections. */
    overallRate?: number;
    headers?: Record<string, string>;
  }
  export interface Stats {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Stats & { total: number; sent: number };
    latency: Stats;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Seconds. */
    duration: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
