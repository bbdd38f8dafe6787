#!/usr/bin/env python3
"""accelsim-fidelity.py - gpurd's predicted kernel times against Accel-Sim.

For every variant of the fidelity set (the advice benchmark's pairs, kernel
as written and fixed, plus the groups of benchmarks/fidelity/groups.json),
asks gpurd-advise for its predicted times on --arch (volta-v100 by default)
and writes the variant's `--emit-trace accelsim:` trace, replays the trace
in Accel-Sim (trace mode, --config, SM7_QV100 by default) and tabulates,
per pair, the predicted change of each time model against the simulated
one: sign agreement and the factor between them; per group of three or
more variants, Spearman's rank correlation.

Accel-Sim is built by ../shared/peers/accelsim/build_from_scratch.sh (or
--build, which runs it): pass its folder as --accelsim-home. Each variant's
results are kept in --work (gpurd.json, trace/, sim/) and reused unless
--force; a simulation takes seconds to minutes (issue 38: too slow for CI;
the table and its command go into docs/fidelity.md).

  utils/accelsim-fidelity.py --gpurd build/bin/gpurd-advise \\
      --accelsim-home /work/accelsim --work /tmp/fidelity -j2 --markdown out.md
"""

import argparse
import concurrent.futures
import functools
import importlib.util
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BENCH = os.path.join(ROOT, 'benchmarks', 'advice')
GROUPS = os.path.join(ROOT, 'benchmarks', 'fidelity', 'groups.json')
PEERS = os.path.join(ROOT, '..', 'shared', 'peers', 'accelsim')

# The time models gpurd reports, by where the JSON has them.
MODELS = ('seed002_T', 'mdm', 'gpumech', 'warp_replay')


def pairs_of_bench(bench):
    """The advice benchmark's pairs: (name, file, problem, fixed)."""
    out = []
    for name in sorted(os.listdir(bench)):
        if not name.endswith('.cu'):
            continue
        path = os.path.join(bench, name)
        with open(path) as f:
            head = f.read(4000)
        pair = re.search(r'^// advice-bench pair: (\S+)', head, re.M)
        kernels = re.search(r'^// problem: (\S+)\s+fixed: (\S+)', head, re.M)
        if pair and kernels:
            out.append((pair.group(1), path, kernels.group(1),
                        kernels.group(2)))
    return out


def edits_of(edit):
    """A variant's edits as a list of [old, new]; a group may give one edit
    as a single pair."""
    if not edit:
        return []
    if isinstance(edit[0], str):
        return [list(edit)]
    return [list(e) for e in edit]


def variant(group, file, kernel, label=None, edit=None, flags=(),
            advice=None):
    """A variant; advice names the checks whose findings on the group's
    first kernel propose the group's change (None: an advice-benchmark
    pair, whose labelled findings do, but for tile sizes)."""
    return {'group': group, 'file': file, 'kernel': kernel,
            'label': label or kernel, 'edit': edits_of(edit),
            'flags': list(flags), 'advice': advice}


def blind_groups(groups_file):
    """The groups the simulator is blind to, with the reason."""
    if not os.path.exists(groups_file):
        return {}
    with open(groups_file) as f:
        return json.load(f).get('blind', {})


def fidelity_set(bench, groups_file):
    """Every variant, grouped: a pair is a group of two (problem first)."""
    variants = []
    spec = {}
    if os.path.exists(groups_file):
        with open(groups_file) as f:
            spec = json.load(f)
    smaller = spec.get('smaller', {})
    for name, path, problem, fixed in pairs_of_bench(bench):
        # A pair the simulator takes too long on at the file's launch runs
        # both kernels at a smaller one (the same edits for both).
        launch = smaller.get(name)
        for kernel in (problem, fixed):
            if launch:
                variants.append(variant(name, path, kernel, '%s (%s)' % (
                    kernel, launch['label']), launch['edits']))
            else:
                variants.append(variant(name, path, kernel))
    for group in spec.get('groups', []):
        path = os.path.join(bench, group['file'])
        for v in group['variants']:
            variants.append(variant(group['name'], path, v['kernel'],
                                    v.get('label'), v.get('edit'),
                                    v.get('flags', ()),
                                    group.get('advice', [])))
    return variants


def slug(v):
    return re.sub(r'[^A-Za-z0-9_.-]+', '_', v['group'] + '.' + v['label'])


def edited_text(v):
    """The variant's source text: the file with its edits (each one text
    replaced by another, which must occur exactly once)."""
    with open(v['file']) as f:
        text = f.read()
    for old, new in edits_of(v.get('edit')):
        if text.count(old) != 1:
            raise SystemExit('%s: edit %r must occur once in %s' %
                             (v['label'], old, v['file']))
        text = text.replace(old, new)
    return text


def source_of(v, folder):
    """The variant's source: the file as written, or a copy with its
    edits."""
    if not v['edit']:
        return v['file']
    text = edited_text(v)
    path = os.path.join(folder, os.path.basename(v['file']))
    with open(path, 'w') as f:
        f.write(text)
    return path


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def launch_of(output):
    doc = json.loads(output)
    return doc['files'][0]['launches'][0]


# A finding's predicted time as written and changed: "(7373 to 4699 cycles"
# or "(2.4 M to 2.2 M cycles".
CYCLES_RE = re.compile(r'([\d.]+)( [kMG])? to ([\d.]+)( [kMG])? cycles')
SCALE = {None: 1, ' k': 1e3, ' M': 1e6, ' G': 1e9}


@functools.lru_cache(maxsize=None)
def advice_bench():
    """utils/advice-bench.py, whose label parser the advice table uses."""
    spec = importlib.util.spec_from_file_location(
        'advice_bench', os.path.join(HERE, 'advice-bench.py'))
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def labels_of(path):
    """The advice benchmark's labels of \p path, {(line, check)}, as
    utils/advice-bench.py reads them."""
    with open(path) as f:
        labels, _ = advice_bench().parse_labels(path, f.read())
    return {(line, check) for _, check, line in labels}


def advised_changes(launch):
    """The kernel's findings that predict a time for their change: check,
    line, the change (after / before - 1) and whether the message gives it
    as a bound ("at most")."""
    out = []
    for f in launch.get('findings', []):
        # The warning's own figure, else its first note that predicts one
        # (a bank conflict's padding, in the note that offers it).
        texts = [f.get('message', '')] + [n.get('message', '') for n in
                                          f.get('notes', [])]
        m = next((CYCLES_RE.search(t) for t in texts
                  if CYCLES_RE.search(t) and 'predicted' in t), None)
        if not m:
            continue
        before = float(m.group(1)) * SCALE[m.group(2)]
        after = float(m.group(3)) * SCALE[m.group(4)]
        fix = (f.get('fix_its') or [{}])[0]
        out.append({'check': f['check'],
                    'line': (f.get('location') or {}).get('line'),
                    'change': change(before, after),
                    'bound': 'at most' in f['message'],
                    # A value the finding proposes (a tile size's fix-it).
                    'fix_line': (fix.get('begin') or {}).get('line'),
                    'replacement': fix.get('replacement')})
    return out


def predicted_times(gpurd, source, v, arch):
    """Seed 002's T (the time the checks decide on, from --placements'
    'as written' candidate), MDM's and GPUMech's cycles (seed 004)."""
    base = [gpurd, source, '--arch', arch, '--kernel', v['kernel'],
            '--format=json'] + v['flags']
    times = {}
    default = run(base + ['--'], cwd=os.path.dirname(source))
    if default.returncode == 0:
        launch = launch_of(default.stdout)
        div = launch.get('divergence') or {}
        times['mdm'] = (div.get('mdm') or {}).get('cycles')
        times['gpumech'] = (div.get('gpumech') or {}).get('cycles')
        times['blocks'] = launch['grid'][0] * launch['grid'][1] * \
            launch['grid'][2]
        times['advice'] = advised_changes(launch)
    replayed = run(base + ['--warp-replay', '--'],
                   cwd=os.path.dirname(source))
    if replayed.returncode == 0:
        # The warp-level timing model (docs/timing-model.md).
        times['warp_replay'] = json.loads(replayed.stdout)['files'][0].get(
            'cycles')
    placed = run(base + ['--placements', '--'], cwd=os.path.dirname(source))
    if placed.returncode == 0:
        cands = launch_of(placed.stdout).get('placements', {}).get(
            'candidates', [])
        written = [c for c in cands if c.get('description') == 'as written']
        if written:
            times['seed002_T'] = written[0]['predicted_cycles']
            figures = written[0].get('figures', {})
            # The compiled kernel's warp instructions, to set against the
            # instructions Accel-Sim replays: seed 002's #inst per warp
            # counts the memory instructions' replays too (Eq. 2), which the
            # simulator issues as transactions, not instructions.
            if 'instructions_per_warp' in figures:
                times['warp_instructions'] = (
                    figures['instructions_per_warp'] -
                    figures.get('replays_per_warp', 0)) * figures.get(
                        'total_warps', 0)
    return times


def simulate(accelsim_home, config, trace, sim, timeout):
    script = os.path.join(PEERS, 'run_accelsim.sh')
    env = dict(os.environ, ACCELSIM_HOME=accelsim_home)
    # Its own process group, so that a timeout stops the simulator too
    # (run_accelsim.sh starts it under /usr/bin/time).
    proc = subprocess.Popen(['bash', script, trace, config, sim], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout or None)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return {'error': 'simulation over %d s (--sim-timeout)' % timeout}
    done = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
    log = os.path.join(sim, 'sim.log')
    if done.returncode != 0 or not os.path.exists(log):
        return {'error': (done.stderr or done.stdout)[-400:]}
    cycles = insns = warp_insns = None
    with open(log) as f:
        for line in f:
            m = re.match(r'\s*gpgpu_n_tot_w_icount\s*=\s*(\d+)', line)
            if m:
                warp_insns = int(m.group(1))
            m = re.match(r'\s*gpu_tot_sim_cycle\s*=\s*(\d+)', line)
            if m:
                cycles = int(m.group(1))
            m = re.match(r'\s*gpu_tot_sim_insn\s*=\s*(\d+)', line)
            if m:
                insns = int(m.group(1))
    if cycles is None:
        return {'error': 'no gpu_tot_sim_cycle in ' + log}
    return {'cycles': cycles, 'instructions': insns,
            'warp_instructions': warp_insns, 'counters': counters_of(log),
            'launch_latency': launch_latency_of(
                os.path.join(sim, 'gpgpusim.config'))}


def launch_latency_of(config):
    """The cycles GPGPU-Sim waits after a launch before the kernel's first
    block may start, from the configuration a run used:
    -gpgpu_kernel_launch_latency plus -gpgpu_TB_launch_latency a block
    (gpu-sim.cc, select_kernel: m_kernel_TB_latency counts down first)."""
    latency = {'kernel': 0, 'block': 0}
    if os.path.exists(config):
        with open(config) as f:
            for line in f:
                m = re.match(r'\s*-gpgpu_kernel_launch_latency\s+(\d+)', line)
                if m:
                    latency['kernel'] = int(m.group(1))
                m = re.match(r'\s*-gpgpu_TB_launch_latency\s+(\d+)', line)
                if m:
                    latency['block'] = int(m.group(1))
    return latency


def to_execution(result, reference):
    """Sets the simulated cycles of \p result to the kernel's execution:
    gpu_tot_sim_cycle less the launch latency the simulator's configuration
    adds before the first block starts (--reference total keeps it). Kept:
    'total_cycles' and 'launch_latency'."""
    sim = result.get('simulated') or {}
    if 'cycles' not in sim or 'total_cycles' in sim:
        return result
    sim['total_cycles'] = sim['cycles']
    latency = sim.get('launch_latency') or {}
    blocks = (result.get('predicted') or {}).get('blocks') or 0
    wait = latency.get('kernel', 0) + blocks * latency.get('block', 0)
    if reference == 'execution' and wait < sim['cycles']:
        sim['cycles'] = sim['cycles'] - wait
    return result


def counters_of(log):
    """What the simulator's schedulers and L1 did (the log's last values,
    summed over the SMs): issue slots used, slots lost waiting on a
    register (W0_Scoreboard) and to other stalls, the L1's misses and
    pending hits, the mean latency of a memory fetch and of its way through
    the interconnect to the memory partition."""
    out = {}
    patterns = {
        'scoreboard': r'Stall:(\d+)\s+W0_Idle:(\d+)\s+W0_Scoreboard:(\d+)',
        'issued': r'single_issue_nums:(.*)',
        'l1_misses': r'\s*L1D_total_cache_misses\s*=\s*(\d+)',
        'l1_pending_hits': r'\s*L1D_total_cache_pending_hits\s*=\s*(\d+)',
        'memory_latency': r'\s*averagemflatency\s*=\s*(\d+)',
        'icnt_to_memory': r'\s*avg_icnt2mem_latency\s*=\s*(\d+)',
    }
    config = os.path.join(os.path.dirname(log), 'gpgpusim.config')
    if os.path.exists(config):
        with open(config) as f:
            for line in f:
                m = re.match(r'-(gpgpu_n_clusters|gpgpu_n_cores_per_cluster|'
                             r'gpgpu_num_sched_per_core)\s+(\d+)', line)
                if m:
                    out[m.group(1)] = int(m.group(2))
    with open(log) as f:
        for line in f:
            for key, pattern in patterns.items():
                m = re.match(pattern, line)
                if not m:
                    continue
                if key == 'scoreboard':
                    out['stall'] = int(m.group(1))
                    out['idle'] = int(m.group(2))
                    out['scoreboard'] = int(m.group(3))
                elif key == 'issued':
                    out['issued'] = sum(int(n) for n in
                                        re.findall(r'WS\d+:(\d+)', m.group(1)))
                else:
                    out[key] = int(m.group(1))
    return out


def counters_table(results, out):
    """The simulator's counters of each simulated variant, per scheduler of
    the active SMs (docs/fidelity.md, seventh look)."""
    rows = []
    for r in results:
        c = r['simulated'].get('counters') or {}
        blocks = r['predicted'].get('blocks') or 0
        if not c.get('issued') or not blocks:
            continue
        sms = c.get('gpgpu_n_clusters', 0) * c.get('gpgpu_n_cores_per_cluster', 1)
        if not sms:
            continue
        schedulers = c.get('gpgpu_num_sched_per_core', 1) * min(blocks, sms)
        rows.append('| %s | %s | %d | %.1f k | %.1f k | %.1f k | %d | %d | %d | %d |' % (
            r['group'], r['label'], r['simulated']['cycles'],
            c['issued'] / schedulers / 1000,
            c.get('scoreboard', 0) / schedulers / 1000,
            c.get('stall', 0) / schedulers / 1000,
            c.get('l1_misses', 0), c.get('l1_pending_hits', 0),
            c.get('memory_latency', 0), c.get('icnt_to_memory', 0)))
    if not rows:
        return
    out.write('\nThe simulator\'s counters, per scheduler of the active SMs '
              '(four an SM):\n\n| group | variant | cycles | issuing | '
              'waiting on a register | other stalls | L1 misses | '
              'L1 pending hits | mean memory latency | of it, SM to memory |\n'
              '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n')
    out.write('\n'.join(rows) + '\n')


def recorded_result(v, args):
    """Variant \p v predicted now and set against the simulated cycles an
    earlier run recorded (--recorded); None when none are recorded."""
    cycles = args.recorded.get(v['group'], {}).get(v['label'])
    if cycles is None:
        return None
    result = dict(v)
    folder = os.path.join(args.work, slug(v))
    os.makedirs(folder, exist_ok=True)
    result['predicted'] = predicted_times(args.gpurd, source_of(v, folder), v,
                                          args.arch)
    result['simulated'] = {'cycles': cycles, 'recorded': True,
                           'launch_latency': args.recorded_latency}
    # Beside, not as, result.json: a later simulating run must not take the
    # recorded cycles for its own.
    with open(os.path.join(folder, 'recorded.json'), 'w') as f:
        json.dump(result, f, indent=1)
    return to_execution(result, args.reference)


def measure(v, args):
    if args.recorded is not None:
        return recorded_result(v, args)
    folder = os.path.join(args.work, slug(v))
    result_file = os.path.join(folder, 'result.json')
    if os.path.exists(result_file) and not args.force:
        with open(result_file) as f:
            result = json.load(f)
        result['advice'] = v.get('advice')  # as groups.json says now
        if args.repredict:
            # A time model changed: predict again, keep the simulation.
            result['predicted'] = predicted_times(
                args.gpurd, source_of(v, folder), v, args.arch)
            with open(result_file, 'w') as f:
                json.dump(result, f, indent=1)
        return to_execution(result, args.reference)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    source = source_of(v, folder)
    result = dict(v)
    result['predicted'] = predicted_times(args.gpurd, source, v, args.arch)
    trace = os.path.join(folder, 'trace')
    emit = run([args.gpurd, source, '--arch', args.arch, '--kernel',
                v['kernel'], '--sms', 'all', '--emit-trace',
                'accelsim:' + trace] +
               v['flags'] + ['--'], cwd=os.path.dirname(source))
    if emit.returncode != 0:
        result['simulated'] = {'error': emit.stderr[-400:]}
    else:
        result['simulated'] = simulate(args.accelsim_home, args.config, trace,
                                       os.path.join(folder, 'sim'),
                                       args.sim_timeout)
    if not args.keep_traces:
        shutil.rmtree(trace, ignore_errors=True)
    with open(result_file, 'w') as f:
        json.dump(result, f, indent=1)
    return to_execution(result, args.reference)


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    r = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2.0
        i = j + 1
    return r


def spearman(xs, ys):
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    num = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    den = math.sqrt(sum((a - mx) ** 2 for a in rx) *
                    sum((b - my) ** 2 for b in ry))
    return num / den if den else float('nan')


def change(before, after):
    return after / before - 1 if before else float('nan')


def same_sign(predicted, simulated):
    """The simulator's direction; two changes both under 2% agree."""
    return (predicted > 0) == (simulated > 0) or \
        (abs(predicted) < 0.02 and abs(simulated) < 0.02)


def within_factor_2(predicted, simulated):
    """Same sign and |predicted| within [|simulated| / 2, 2 |simulated|];
    two changes both under 2% count as agreeing (noise of either side)."""
    if abs(predicted) < 0.02 and abs(simulated) < 0.02:
        return True
    if predicted * simulated <= 0:
        return False
    ratio = abs(predicted) / abs(simulated)
    return 0.5 <= ratio <= 2


def tabulate(results, out, blind=None):
    blind = blind or {}
    groups = {}
    for r in results:
        groups.setdefault(r['group'], []).append(r)
    w = out.write
    w('| group | variant | simulated cycles | change | ' +
      ' | '.join('%s change' % m for m in MODELS) + ' |\n')
    w('| --- | --- | --- | --- | ' + ' | '.join('---' for _ in MODELS) +
      ' |\n')
    stats = {m: {'sign': 0, 'factor': 0, 'pairs': 0} for m in MODELS}
    spearmans = {m: [] for m in MODELS}
    for name, members in groups.items():
        base = members[0]
        sim0 = base['simulated'].get('cycles')
        for r in members:
            sim = r['simulated'].get('cycles')
            row = [name, r['label'],
                   str(sim) if sim else r['simulated'].get('error', '?')[:60],
                   '' if r is base or not (sim and sim0) else
                   '%+.1f%%' % (100 * change(sim0, sim))]
            for m in MODELS:
                p0, p = base['predicted'].get(m), r['predicted'].get(m)
                if r is base or not (p0 and p):
                    row.append('' if r is base else 'n/a')
                    continue
                c = change(p0, p)
                row.append('%+.1f%%' % (100 * c))
                if sim and sim0 and name not in blind:
                    s = change(sim0, sim)
                    stats[m]['pairs'] += 1
                    stats[m]['sign'] += same_sign(c, s)
                    stats[m]['factor'] += within_factor_2(c, s)
            w('| ' + ' | '.join(row) + ' |\n')
        if len(members) >= 3:
            for m in MODELS:
                pts = [(r['predicted'].get(m), r['simulated'].get('cycles'))
                       for r in members]
                if all(p and s for p, s in pts):
                    spearmans[m].append(
                        (name, spearman([p for p, _ in pts],
                                        [s for _, s in pts])))
    w('\n| model | changes | same sign | within a factor of 2 | '
      'Spearman per group of 3+ |\n| --- | --- | --- | --- | --- |\n')
    for m in MODELS:
        s = stats[m]
        rho = ', '.join('%s %.2f' % g for g in spearmans[m]) or 'none'
        w('| %s | %d | %d | %d | %s |\n' % (m, s['pairs'], s['sign'],
                                            s['factor'], rho))
    shown = [name for name in groups if name in blind]
    if shown:
        w('\nNot counted (the simulator does not model the change):\n')
        for name in shown:
            w('- %s: %s.\n' % (name, blind[name]))
    advice_table(results, out, blind)
    instruction_counts(results, out)
    counters_table(results, out)


def has_value(r, a):
    """Whether variant \p r's source has the value finding \p a proposes
    on the line of its fix-it (as a whole word)."""
    lines = edited_text(r).split('\n')
    line = a.get('fix_line') or 0
    if not 0 < line <= len(lines):
        return False
    return re.search(r'\b%s\b' % re.escape(a['replacement']),
                     lines[line - 1].split('//')[0]) is not None


def advice_table(results, out, blind):
    """The changes gpurd advises, as its warnings predict them, against the
    simulated change of the pair whose fixed kernel makes that change: the
    advice benchmark's pairs, each warning on a labelled line of the
    problem kernel."""
    groups = {}
    for r in results:
        groups.setdefault(r['group'], []).append(r)
    rows, sign, factor, counted = [], 0, 0, 0

    def add(name, a, s):
        nonlocal sign, factor, counted
        c = a['change']
        same = same_sign(c, s)
        close = within_factor_2(c, s)
        counted += 1
        sign += same
        factor += close
        rows.append('| %s | %s:%s | %+.1f%%%s | %+.1f%% | %s | %s |' % (
            name, a['check'], a['line'], 100 * c,
            ' (at most)' if a['bound'] else '', 100 * s,
            'yes' if same else 'no', 'yes' if close else 'no'))

    for name, members in groups.items():
        if name in blind:
            continue
        if members[0].get('advice'):
            # A group whose variants are values a check proposes: each
            # finding's fix-it value against the variant that has it.
            base = members[0]
            sim0 = base['simulated'].get('cycles')
            for a in base['predicted'].get('advice', []):
                if a['check'] not in base['advice'] or not a.get('replacement'):
                    continue
                for r in members[1:]:
                    sim = r['simulated'].get('cycles')
                    if sim0 and sim and has_value(r, a) and not has_value(base, a):
                        add('%s (%s)' % (name, r['label']), a,
                            change(sim0, sim))
            continue
        if len(members) != 2 or members[0].get('advice') is not None:
            continue  # Not an advice-benchmark pair.
        base, fixed = members
        sim0, sim = (base['simulated'].get('cycles'),
                     fixed['simulated'].get('cycles'))
        if not (sim0 and sim):
            continue
        labels = labels_of(base['file'])
        # A pair's fixed kernel makes the changes its labels ask for, but a
        # tile size's (the value of a macro, which a group of its own
        # varies).
        s = change(sim0, sim)
        for a in base['predicted'].get('advice', []):
            if (a['line'], a['check']) in labels and \
                    a['check'] != 'gpurd-tile-size':
                add(name, a, s)
    if not rows:
        return
    out.write('\nChanges gpurd advises (its warnings on the labelled lines of '
              'each pair\'s problem kernel, the predicted change the warning '
              'states) against the simulated change of the pair:\n\n'
              '| pair | check:line | advised | simulated | same sign | '
              'within a factor of 2 |\n| --- | --- | --- | --- | --- | --- |\n')
    out.write('\n'.join(rows) + '\n')
    out.write('\n%d advised changes: %d with the simulator\'s sign, %d within '
              'a factor of 2.\n' % (counted, sign, factor))


def instruction_counts(results, out):
    """The warp instructions Accel-Sim replayed against those of the
    compiled kernel's IR that gpurd counts (issue 38: within 5%)."""
    rows, close = [], 0
    seen = set()
    for r in results:
        key = (r['file'], r['kernel'], json.dumps(edits_of(r.get('edit'))))
        if key in seen:
            continue
        seen.add(key)
        ours = r['predicted'].get('warp_instructions')
        sim = r['simulated'].get('warp_instructions')
        if not (ours and sim):
            continue
        ratio = sim / ours
        close += abs(ratio - 1) <= 0.05
        rows.append('| %s | %.0f | %d | %+.1f%% |' %
                    (r['label'], ours, sim, 100 * (ratio - 1)))
    if not rows:
        return
    out.write('\n| variant | gpurd warp instructions | Accel-Sim warp '
              'instructions | difference |\n| --- | --- | --- | --- |\n')
    out.write('\n'.join(rows) + '\n')
    out.write('\n%d of %d variants within 5%%.\n' % (close, len(rows)))


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--gpurd', default=os.path.join(ROOT, 'build', 'bin',
                                                   'gpurd-advise'))
    p.add_argument('--accelsim-home', default='')
    p.add_argument('--config', default='SM7_QV100')
    p.add_argument('--arch', default='volta-v100')
    p.add_argument('--work', default='fidelity-work')
    p.add_argument('--only', help='comma-separated group names')
    p.add_argument('-j', '--jobs', type=int, default=1)
    p.add_argument('--force', action='store_true')
    p.add_argument('--repredict', action='store_true',
                   help='ask gpurd again for the variants --work holds and '
                   'keep their simulations (after a time model changed)')
    p.add_argument('--sim-timeout', type=int, default=0,
                   help='seconds a simulation may take (0: no limit); one '
                   'over it is tabulated as such')
    p.add_argument('--recorded', metavar='FILE',
                   help='take the simulated cycles from FILE (as '
                   'benchmarks/fidelity/simulated.json records them) and '
                   'simulate nothing: a changed time model against an earlier '
                   'run, valid while the traces are the same')
    p.add_argument('--keep-traces', action='store_true')
    p.add_argument('--reference', choices=('execution', 'total'),
                   default='execution',
                   help='what of the simulated cycles the models are set '
                   'against: the kernel\'s execution (default: '
                   'gpu_tot_sim_cycle less the launch latency the '
                   'configuration adds before the first block) or the total')
    p.add_argument('--markdown', help='write the table here (else stdout)')
    p.add_argument('--tabulate-only', action='store_true',
                   help='tabulate the variants --work already holds; run '
                   'nothing')
    args = p.parse_args()
    args.work = os.path.abspath(args.work)
    args.gpurd = os.path.abspath(args.gpurd)
    variants = fidelity_set(BENCH, GROUPS)
    if args.only:
        keep = set(args.only.split(','))
        variants = [v for v in variants if v['group'] in keep]
    if args.tabulate_only:
        # A group whose first variant (the one the others are compared
        # with) is not done yet is left out.
        results, firsts = [], set()
        for v in variants:
            path = os.path.join(args.work, slug(v), 'result.json')
            first = v['group'] not in firsts
            firsts.add(v['group'])
            if not os.path.exists(path):
                if first:
                    firsts.add(v['group'] + '\0missing')
                continue
            if v['group'] + '\0missing' in firsts:
                continue
            with open(path) as f:
                results.append(json.load(f))
            results[-1]['advice'] = v.get('advice')
            log = os.path.join(os.path.dirname(path), 'sim', 'sim.log')
            simulated = results[-1]['simulated']
            if 'counters' not in simulated and os.path.exists(log):
                simulated['counters'] = counters_of(log)
            if 'launch_latency' not in simulated:
                simulated['launch_latency'] = launch_latency_of(
                    os.path.join(os.path.dirname(log), 'gpgpusim.config'))
            to_execution(results[-1], args.reference)
        tabulate(results, open(args.markdown, 'w') if args.markdown
                 else sys.stdout, blind_groups(GROUPS))
        return
    args.recorded_file, args.recorded = args.recorded, None
    if args.recorded_file:
        with open(args.recorded_file) as f:
            recorded = json.load(f)
        args.recorded = recorded['cycles']
        args.recorded_latency = recorded.get('launch_latency',
                                             {'kernel': 0, 'block': 0})
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            results = [r for r in pool.map(lambda v: measure(v, args),
                                           variants) if r]
        tabulate(results, open(args.markdown, 'w') if args.markdown
                 else sys.stdout, blind_groups(GROUPS))
        return
    sim = os.path.join(args.accelsim_home, 'accel-sim-framework',
                       'gpu-simulator', 'bin', 'release', 'accel-sim.out')
    if not os.path.exists(sim):
        raise SystemExit('no Accel-Sim at %s: build it with %s' %
                         (sim, os.path.join(PEERS, 'build_from_scratch.sh')))
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda v: measure(v, args), variants))
    if args.markdown:
        with open(args.markdown, 'w') as out:
            tabulate(results, out, blind_groups(GROUPS))
    else:
        tabulate(results, sys.stdout, blind_groups(GROUPS))


if __name__ == '__main__':
    main()
