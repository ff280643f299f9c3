// The flood as a process of its own, so its CPU is not the probe's: options as JSON in argv[2], the
// result as one JSON line on stdout.
import { flood, type FloodOptions } from './flood.ts';

const options = JSON.parse(process.argv[2]!) as FloodOptions;
process.stdout.write(`${JSON.stringify(await flood(options))}\n`);
