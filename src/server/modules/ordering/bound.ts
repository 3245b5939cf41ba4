/** A function of a context and arguments, taking the arguments alone once bound. */
export type Bound<C, F> = F extends (ctx: C, ...args: infer A) => infer R ? (...args: A) => R : never;

/**
 * Binds a service function to its context (the database and deps), so a service object lists
 * named functions (each one a jump away) instead of closing over them in a factory.
 */
export function bindTo<C>(ctx: C) {
  return <F extends (ctx: C, ...args: never[]) => unknown>(f: F): Bound<C, F> => ((...args: unknown[]) => f(ctx, ...(args as never[]))) as Bound<C, F>;
}
