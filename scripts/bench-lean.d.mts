export interface LeanRunResult {
  answered: number;
  seconds: number;
  p50: number;
  p975: number;
  p99: number;
  errors: number;
  errorKinds: { timeouts: number; socket: number; statuses: string[] };
  generator: 'lean';
  generatorCpuPerRequest: number | null;
  /** The generator's own garbage collection pauses during the timed run (it runs in a worker thread of its own). */
  generatorGc: { count: number; totalMs: number; maxMs: number };
}
export declare function leanRun(options: {
  base: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  once: boolean;
  seconds?: number;
  openPath: string;
}): Promise<LeanRunResult>;
