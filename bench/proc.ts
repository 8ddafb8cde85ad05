// A process's resident memory and CPU time, read from Linux's /proc (the benchmark runs on Linux).
import fs from 'node:fs';

/** Resident memory (VmRSS) of a process now, in MB. */
export function rssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
export const TICK_MS = 10;

/** CPU time (user and system) a process has used so far, in ticks of `TICK_MS`. */
export function cpuTicks(pid: number | string) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime, stime
}
