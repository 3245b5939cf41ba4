import { afterAll, describe, expect, it } from 'vitest';
import { createTaskPool, TaskFailed, workerModule } from './task-pool';

// One thread and a queue of one, so that a third task finds the pool full.
const pool = createTaskPool({ module: workerModule('test-worker'), maxThreads: 1, maxQueue: 1, heapMb: 64, timeoutMs: 1_000 });
afterAll(() => pool.close());

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'done',
    (error: unknown) => (error instanceof TaskFailed ? error.failure : `not a TaskFailed: ${String(error)}`),
  );

describe('the worker task pool', () => {
  it('runs a task in a thread and answers its result', async () => {
    expect(await pool.run('echo', { lines: ['101002\t12'] })).toEqual({ lines: ['101002\t12'] });
  });

  it('ends a task past its time limit while this thread goes on, then runs the next task in a new thread', async () => {
    const order: string[] = [];
    const spinning = failureOf(pool.run('spin', null)).then((failure) => order.push(`spin: ${failure}`));
    // The main thread is free while the task spins: this resolves first.
    await new Promise((resolve) => setImmediate(resolve)).then(() => order.push('main thread'));
    await spinning;
    expect(order).toEqual(['main thread', 'spin: timeout']);
    expect(await pool.run('echo', 1)).toBe(1);
  });

  it('ends a task that runs out of its heap, as that task’s failure only', async () => {
    expect(await failureOf(pool.run('allocate', null, 60_000))).toBe('memory');
    expect(await pool.run('echo', 2)).toBe(2);
  });

  it('refuses a task at once when the thread is busy and the queue is full', async () => {
    const running = failureOf(pool.run('spin', null));
    const queued = failureOf(pool.run('echo', 3, 60_000));
    expect(await failureOf(pool.run('echo', 4))).toBe('busy');
    expect(await running).toBe('timeout');
    // The queued task waited, then ran in the thread that replaced the ended one.
    expect(await queued).toBe('done');
  });
});
