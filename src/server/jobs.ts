import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from './db/unavailable';

/** A background job run on a timer in every instance (DESIGN.md section 1). */
export interface Job {
  name: string;
  everyMs: number;
  /** Claims its rows with FOR UPDATE SKIP LOCKED, so several instances never do the same work. */
  run(): Promise<unknown>;
}

/**
 * Runs each job every `everyMs`, never twice at once in this process. A run that fails is logged
 * and the job simply runs again at its next turn: with the database unavailable (restarting, our
 * connections ended) a warning, as that heals by itself; anything else as an error. The timers do
 * not keep the process alive. Answers a function that stops them and waits for running jobs.
 */
export function startJobs(jobs: Job[], log: FastifyBaseLogger): () => Promise<void> {
  const running = new Map<string, Promise<void>>();
  const timers = jobs.map((job) => {
    const timer = setInterval(() => {
      if (running.has(job.name)) return;
      const run = job
        .run()
        .then(
          () => undefined,
          (err: unknown) => {
            if (isDatabaseUnavailable(err)) log.warn({ err, job: job.name }, `${job.name}: the database is unavailable; trying again later`);
            else log.error({ err, job: job.name }, `${job.name} failed`);
          },
        )
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running.values());
  };
}
