// Loaded into the shop's process by the benchmarks only (`node --expose-gc --import
// ./scripts/bench-memory-probe.mjs scripts/start.mjs`, see startShop in bench-lib.mjs): answers
// the parent's questions about memory over the IPC channel, so that no HTTP endpoint has to
// reveal it. Without an IPC channel (any other start) it does nothing.
if (process.send && process.channel) {
  process.on('message', (message) => {
    if (message?.type !== 'bench-memory') return;
    if (message.gc && typeof globalThis.gc === 'function') globalThis.gc();
    process.send({ type: 'bench-memory', id: message.id, usage: process.memoryUsage() });
  });
  // The channel must not keep the server alive once it shuts down.
  process.channel.unref();
}
