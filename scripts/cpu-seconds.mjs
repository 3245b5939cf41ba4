// Runs a command as it is and, when it ends, writes the CPU seconds that it and every process it
// waited for used (user + system, from /proc/self/stat; Linux only, elsewhere no file) to the
// file named first. scripts/test.mjs prints them per section: wall time alone says little on a
// shared machine. A PostgreSQL server's own CPU time is not in it (not our child).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const [file, command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  try {
    // Fields after the command name: state is field 3, utime, stime, cutime, cstime fields 14-17.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    const ticks = fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0);
    writeFileSync(file, String(ticks / 100));
  } catch {
    // No /proc: no CPU figure.
  }
  process.exit(code ?? (signal ? 1 : 0));
});
