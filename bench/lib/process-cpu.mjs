// The CPU time a process has used (user and system, every thread), from Linux's /proc: a server's cost
// per request, which moves less with this VM's noise than its requests per second do.
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times: 100 on every Linux this runs on (getconf CLK_TCK). */
const TICKS_PER_SECOND = 100;

/** Microseconds of CPU that process `pid` has used so far. */
export function cpuMicroseconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / TICKS_PER_SECOND;
}
