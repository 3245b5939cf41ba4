/** Tasks that misbehave on purpose, for task-pool.test.ts: one that never ends, one that eats its heap. */

const kept: unknown[] = [];

const TASKS = {
  echo: (input: unknown) => input,
  spin: () => {
    for (;;) {
      // Never ends by itself: only the pool's time limit stops it.
    }
  },
  allocate: () => {
    for (;;) kept.push(new Array(1_000_000).fill(kept.length));
  },
};

export default function run({ task, input }: { task: keyof typeof TASKS; input: unknown }): unknown {
  return TASKS[task](input);
}
