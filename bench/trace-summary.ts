// Where a cold load's time goes, read from a Chromium trace (bench/paint.ts): when each resource
// of the page was asked for and had arrived, and what the page's main thread did until the screen
// was ready, in ms from the navigation's start.

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  cat?: string;
  args?: { name?: string; data?: { url?: string; requestId?: string; finishTime?: number; documentLoaderURL?: string } };
}

/** What a main-thread event's own time counts as. */
const KIND: Record<string, string> = {
  ParseHTML: 'parse HTML',
  'v8.compile': 'compile script',
  'v8.compileModule': 'compile script',
  'v8.produceModuleCache': 'compile script',
  'v8.parseOnBackground': 'compile script',
  EvaluateScript: 'run script',
  'v8.evaluateModule': 'run script',
  FunctionCall: 'run script',
  TimerFire: 'run script',
  FireAnimationFrame: 'run script',
  RunMicrotasks: 'run script',
  EventDispatch: 'run script',
  'V8.GCScavenger': 'garbage collection',
  MajorGC: 'garbage collection',
  MinorGC: 'garbage collection',
  'V8.GC_MC_BACKGROUND_MARKING': 'garbage collection',
  UpdateLayoutTree: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  CompositeLayers: 'paint',
  Commit: 'paint',
};

/** A resource's short name: the path without the build's hash. */
const shortName = (url: string) => {
  const p = new URL(url).pathname;
  return p === '/' ? 'HTML' : p.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js');
};

export function traceSummary(trace: { traceEvents: TraceEvent[] } | TraceEvent[], readyMs: number): Record<string, number> {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  // The page's own navigation (the trace also holds the browser's own pages, and about:blank).
  const start = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'));
  if (!start) throw new Error('no navigationStart in the trace');
  const origin = new URL(start.args!.data!.documentLoaderURL!).origin;
  const t0 = start.ts;
  const ms = (ts: number) => (ts - t0) / 1000;
  const out: Record<string, number> = {};

  // Resources: asked for, and received whole.
  const urls = new Map<string, string>();
  for (const e of events) {
    const d = e.args?.data;
    if (e.name === 'ResourceSendRequest' && d?.url?.startsWith(origin) && d.requestId && ms(e.ts) >= 0 && ms(e.ts) < readyMs) {
      if (urls.has(d.requestId)) continue;
      let name = shortName(d.url);
      while (Object.hasOwn(out, `${name}: asked`)) name += "'";
      urls.set(d.requestId, name);
      out[`${name}: asked`] = ms(e.ts);
    }
    if (e.name === 'ResourceFinish' && d?.requestId && urls.has(d.requestId) && d.finishTime)
      out[`${urls.get(d.requestId)}: received`] = (d.finishTime * 1e6 - t0) / 1000;
  }

  // The renderer's main thread: each event's own time (its duration less its children's), by kind.
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === start.pid);
  if (!main) return out;
  const slices = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined && ms(e.ts) >= 0 && ms(e.ts) < readyMs)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const stack: { end: number; kind: string | undefined; self: number }[] = [];
  const own: Record<string, number> = {};
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.end <= until) {
      const done = stack.pop()!;
      const kind = done.kind ?? stack.findLast((s) => s.kind)?.kind;
      if (kind) own[kind] = (own[kind] ?? 0) + done.self;
    }
  };
  let busy = 0;
  for (const e of slices) {
    close(e.ts);
    const end = Math.min(e.ts + e.dur!, t0 + readyMs * 1000);
    if (stack.length === 0) busy += end - e.ts;
    else stack.at(-1)!.self -= end - e.ts;
    stack.push({ end, kind: KIND[e.name], self: end - e.ts });
    if (e.name === 'v8.evaluateModule' || (e.name === 'EvaluateScript' && e.args?.data?.url)) {
      const at = ms(e.ts);
      out['first script run: at'] ??= at;
    }
  }
  close(Infinity);
  for (const [kind, us] of Object.entries(own)) out[`main thread, ${kind}`] = us / 1000;
  out['main thread busy (sum)'] = busy / 1000;
  out['ready (screenReady)'] = readyMs;
  return out;
}
