// Loaded into the benchmark's server (`node --import`): each time the event loop was held 20 ms
// or more, a line {at, wall, cpu} appended to EVENT_LOOP_BLOCKS, `at` in µs of the monotonic clock
// (as process.hrtime in the benchmark), `cpu` the main thread's own CPU time in that block (Linux:
// its schedstat), which a host shared with other work moves much less than the wall time.
import fs from 'node:fs';

const out = process.env.EVENT_LOOP_BLOCKS;
const schedstat = `/proc/self/task/${process.pid}/schedstat`;
if (out && fs.existsSync(schedstat)) {
  const cpuMs = () => Number(fs.readFileSync(schedstat, 'utf8').split(' ')[0]) / 1e6;
  let [wall, cpu] = [performance.now(), cpuMs()];
  const tick = () => {
    const [nowWall, nowCpu] = [performance.now(), cpuMs()];
    if (nowWall - wall >= 20) {
      const at = Number(process.hrtime.bigint() / 1000n);
      fs.appendFileSync(out, `${JSON.stringify({ at, wall: nowWall - wall, cpu: nowCpu - cpu })}\n`);
    }
    [wall, cpu] = [performance.now(), cpuMs()];
    setTimeout(tick, 2).unref();
  };
  tick();
}
