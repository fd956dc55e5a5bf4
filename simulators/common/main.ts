// What every simulator's `npm run sim:*` entry does around its own start: stop cleanly on Ctrl-C or
// SIGTERM, and exit 1 with the error when it cannot start.
export function runSimulator(start: () => Promise<{ close(): Promise<unknown> }>): void {
  start().then(
    (sim) => {
      const stop = () => {
        void sim.close().then(() => process.exit(0));
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
