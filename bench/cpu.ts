import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (user + system, ms) spent by processes, read from `/proc/<pid>/stat` (Linux only; elsewhere 0).
 * Per-request CPU is steadier than rates on a shared machine: it does not change with the load beside it.
 */
const TICKS_PER_MS = 100 / 1000; // USER_HZ is 100 on Linux

function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function pidsWhere(test: (pid: number) => boolean): number[] {
  try {
    return readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number)
      .filter((pid) => {
        try {
          return test(pid);
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

/** The PostgreSQL server's processes on this machine (every process whose command is `postgres`). */
const postgresPids = () =>
  pidsWhere((pid) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres');

/** The server process and its children (the workers when `WORKERS` > 1). */
function serverPids(pid: number): number[] {
  const parentOf = (p: number) => {
    const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  };
  return [pid, ...pidsWhere((p) => parentOf(p) === pid)];
}

export interface CpuSample {
  serverMs: number;
  /** Per PostgreSQL process: backends come and go between two samples. */
  postgresMs: Map<number, number>;
}

/** CPU of the server process and of PostgreSQL's processes (when `postgres` is local) so far. */
export function sampleCpu(serverPid: number | undefined, withPostgres: boolean): CpuSample {
  const serverMs = serverPid
    ? serverPids(serverPid).reduce((sum, pid) => sum + ticksOf(pid), 0) / TICKS_PER_MS
    : 0;
  const postgresMs = new Map<number, number>();
  if (withPostgres) for (const pid of postgresPids()) postgresMs.set(pid, ticksOf(pid) / TICKS_PER_MS);
  return { serverMs, postgresMs };
}

/** CPU spent between two samples: a process gone by the second is not counted, a new one counts whole. */
export function cpuBetween(before: CpuSample, after: CpuSample): { serverMs: number; postgresMs: number } {
  let postgresMs = 0;
  for (const [pid, ms] of after.postgresMs) postgresMs += ms - (before.postgresMs.get(pid) ?? 0);
  return { serverMs: after.serverMs - before.serverMs, postgresMs };
}
