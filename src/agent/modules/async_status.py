# async_status: the state of an async job this agent started (volant_runtime.ASYNC_JOBS, filled by
# agent.py), or of one whose result file exists under _async_dir (jobs of an earlier agent).
# The result already has the shape of Ansible's async_status action (which merges the module's
# answer over started/finished/results_file/stdout/stderr and makes started/finished booleans),
# so a controller that does the same merge gets the same thing.
import json
import os

import volant_runtime

# NOTE: 2.19 sees a job as it is ~0.3 s after deciding to look: each check is a module run over
# the connection (a worker fork, the module's transfer, a Python start). Measured on the oracle: a
# 0.1 s job checked by the very next task is always done, a 0.3 s one now and then not; `sleep 1`
# polled every second is done at the first poll, `sleep 2` at the second. This agent answers within
# a millisecond, so a check of a running job waits for it up to this long: a job that ends while
# 2.19's check would still be on its way is seen finished, as 2.19 sees it (for the poll loop and
# for an until loop over async_status alike, each check adding its own wait as each of 2.19's does).
CHECK_LATENCY = 0.25

ARGUMENT_SPEC = {
    'jid': {'type': 'str', 'required': True},
    'mode': {'type': 'str', 'default': 'status', 'choices': ['cleanup', 'status']},
    '_async_dir': {'type': 'path'},
}
SUPPORTS_CHECK_MODE = True
ADD_PATH_INFO = False


def _base(jid, log_path, mode):
    base = {'started': False, 'finished': False, 'stdout': '', 'stderr': '', 'stdout_lines': [], 'stderr_lines': [],
            'ansible_job_id': jid}
    if mode == 'cleanup':
        base['erased'] = log_path
    else:
        base['results_file'] = log_path
        base['started'] = True
    return base


def _final(base, data, raw=False):
    result = dict(base)
    result.update(data)
    for key in ('stdout', 'stderr'):
        # the controller splits the module's own output before merging it over the empty base
        if key in data and key + '_lines' not in data:
            result[key + '_lines'] = (data[key] or '').splitlines()
    for key in ('started', 'finished'):
        result[key] = bool(result[key])
    if raw:
        # Ansible's module prints the job's data as it is, not through exit_json.
        result['_volant_raw'] = True
    return result


def _from_file(ctx, jid, log_path, base):
    """Ansible's way: the job's JSON result file."""
    data = None
    try:
        with open(log_path) as f:
            data = json.loads(f.read())
    except Exception:
        if not data:
            return _final(base, {'results_file': log_path, 'ansible_job_id': jid, 'started': True, 'finished': False}, raw=True)
    if 'started' not in data:
        data['finished'] = True
        data['ansible_job_id'] = jid
    elif 'finished' not in data:
        data['finished'] = False
    return _final(base, data, raw=True)


def _wait_like_a_check(job):
    done = job.get('done')
    if done is not None:
        done.wait(CHECK_LATENCY)


def run(params, ctx):
    jid, mode = params['jid'], params['mode']
    async_dir = params['_async_dir'] or os.path.expanduser('~/.ansible_async')
    log_path = os.path.join(async_dir, jid)
    base = _base(jid, log_path, mode)
    jobs = getattr(volant_runtime, 'ASYNC_JOBS', None) or {}
    job = jobs.get(jid)
    if job is None:
        if not os.path.exists(log_path):
            ctx.fail('could not find job', **_final(base, {'ansible_job_id': jid, 'started': True, 'finished': True}))
        if mode == 'cleanup':
            try:
                os.unlink(log_path)
            except OSError as e:
                # NOTE: 2.19's module crashes here (a jid naming a directory: an empty one names the
                # async dir); its action merges the crash over the answer it prepared.
                ctx.fail('Task failed: Module failed: %s' % e, exception='(traceback unavailable)', **_final(base, {}))
            return _final(base, {'ansible_job_id': jid, 'erased': log_path})
        return _from_file(ctx, jid, log_path, base)
    if mode == 'cleanup':
        jobs.pop(jid, None)
        if os.path.exists(log_path):
            os.unlink(log_path)
        return _final(base, {'ansible_job_id': jid, 'erased': log_path})
    _wait_like_a_check(job)
    if not job.get('finished'):
        return _final(base, {'started': 1, 'finished': 0, 'ansible_job_id': jid}, raw=True)
    data = dict(job.get('result') or {})
    # a finished job's result is the module's own: it has no 'started', so it is marked finished
    if 'started' not in data:
        data['finished'] = True
        data['ansible_job_id'] = jid
    elif 'finished' not in data:
        data['finished'] = False
    # NOTE: the job's failure is the job's, not async_status's: Ansible reports it through the
    # merged dict (failed: true inside), and the until/retries loop decides what it means.
    return _final(base, data, raw=True)
